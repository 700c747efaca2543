import { createRoute } from '@hono/zod-openapi'
import { homeOutput } from '../../../domain/play-dates/home.schema'
import { createApi } from '../../app-factory'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonContent } from '../../openapi'
import { getHome } from './play-dates.home'

const home = createRoute({
  method: 'get',
  path: '/home',
  operationId: 'getHome',
  tags: ['play-dates'],
  summary:
    'The dashboard’s what’s next: the next games, applications to decide, results to confirm and suggested open games this week',
  ...access.user,
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(homeOutput, 'What is next for the player'), ...errorResponses(401, 403) },
})

export const playDateHomeRoutes = createApi().openapi(home, async (c) =>
  c.json(await getHome(c.get('db'), c.get('user'), c.get('deps').clock.now(), c.get('deps').cache), 200),
)
