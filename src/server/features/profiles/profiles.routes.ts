import { createRoute } from '@hono/zod-openapi'
import { profileInput } from '../../../domain/auth/auth.schema'
import { homeAreaInput, sessionUser } from '../../../domain/profiles/profile.schema'
import { duprIdInput } from '../../../domain/play-dates/results'
import { createApi } from '../../app-factory'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonBody, jsonContent } from '../../openapi'
import { getOwnProfile, updateDuprId, updateHomeArea, updateOwnProfile } from './profiles.service'

const tags = ['profiles']

const getMe = createRoute({
  method: 'get',
  path: '/profiles/me',
  operationId: 'getMyProfile',
  tags,
  summary: 'The signed-in player’s own profile',
  ...access.user,
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(sessionUser, 'The profile'), ...errorResponses(401, 403) },
})

const putMe = createRoute({
  method: 'put',
  path: '/profiles/me',
  operationId: 'updateMyProfile',
  tags,
  summary: 'Update the signed-in player’s profile (sign-up rules apply to every field)',
  ...access.user,
  middleware: [requireUser] as const,
  request: { body: jsonBody(profileInput) },
  responses: { 200: jsonContent(sessionUser, 'The updated profile'), ...errorResponses(400, 401, 403) },
})

const putHome = createRoute({
  method: 'put',
  path: '/profiles/me/home',
  operationId: 'updateMyHomeArea',
  tags,
  summary: 'Set or clear the signed-in player’s home state and region (the Available tab opens on it)',
  ...access.user,
  middleware: [requireUser] as const,
  request: { body: jsonBody(homeAreaInput) },
  responses: { 200: jsonContent(sessionUser, 'The updated profile'), ...errorResponses(400, 401, 403) },
})

const putDuprId = createRoute({
  method: 'put',
  path: '/profiles/me/dupr-id',
  operationId: 'updateMyDuprId',
  tags,
  summary: 'Set or clear the signed-in player’s DUPR ID (used by the results export)',
  ...access.user,
  middleware: [requireUser] as const,
  request: { body: jsonBody(duprIdInput) },
  responses: { 200: jsonContent(sessionUser, 'The updated profile'), ...errorResponses(400, 401, 403) },
})

export const profileRoutes = createApi()
  .openapi(getMe, async (c) => c.json(await getOwnProfile(c.get('db'), c.get('user').id), 200))
  .openapi(putMe, async (c) =>
    c.json(
      await updateOwnProfile(c.get('db'), c.get('user').id, c.req.valid('json'), c.get('deps').clock.now()),
      200,
    ),
  )
  .openapi(putDuprId, async (c) =>
    c.json(
      await updateDuprId(
        c.get('db'),
        c.get('user').id,
        c.req.valid('json').duprId,
        c.get('deps').clock.now(),
      ),
      200,
    ),
  )
  .openapi(putHome, async (c) =>
    c.json(
      await updateHomeArea(c.get('db'), c.get('user').id, c.req.valid('json'), c.get('deps').clock.now()),
      200,
    ),
  )
