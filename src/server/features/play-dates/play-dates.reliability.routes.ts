import { createRoute } from '@hono/zod-openapi'
import { playerReliabilityList, reliabilityQuery } from '../../../domain/play-dates/results'
import { createApi } from '../../app-factory'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonContent } from '../../openapi'
import { NO_RECORD, reliabilityOf } from '../../db/queries'

// The records of the players on a list's cards, read after the list itself: the list's query
// stays as it was and each player's record is cached on the page
// (docs/decisions/0089-results-and-reliability.md). A record is public to signed-in players, as on
// the public profile; an id nobody has gets the same zeros as a player with no games.
const reliability = createRoute({
  method: 'get',
  path: '/profiles/reliability',
  operationId: 'listPlayerReliability',
  tags: ['play-dates'],
  summary:
    'Players’ records over the last 12 months (games played, no-shows, late cancels), up to 40 players at a time',
  ...access.user,
  middleware: [requireUser] as const,
  request: { query: reliabilityQuery },
  responses: {
    200: jsonContent(playerReliabilityList, 'One record per player asked for, in the order asked'),
    ...errorResponses(400, 401, 403),
  },
})

// Mounted before the profiles' routes, so /profiles/reliability is not taken for a profile's id.
export const playDateReliabilityRoutes = createApi().openapi(reliability, async (c) => {
  const { ids } = c.req.valid('query')
  const records = await reliabilityOf(c.get('db'), ids, c.get('deps').clock.now())
  return c.json(
    { items: ids.map((playerId) => ({ playerId, ...(records.get(playerId) ?? NO_RECORD) })) },
    200,
  )
})
