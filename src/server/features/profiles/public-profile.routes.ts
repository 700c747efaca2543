import { createRoute, z } from '@hono/zod-openapi'
import { publicProfileOutput } from '../../../domain/profiles/public-profile.schema'
import { createApi } from '../../app-factory'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonContent } from '../../openapi'
import { getPublicProfile, PROFILE_NOT_FOUND } from './public-profile.service'

const getProfile = createRoute({
  method: 'get',
  path: '/profiles/{id}',
  operationId: 'getProfile',
  tags: ['profiles'],
  summary: 'A player’s public profile with their friends and the players they watch',
  description:
    'Any signed-in player may look at any profile. The age range and the city are sent instead of the ' +
    'birthdate and the ZIP code, and no email address; `exact` (birthdate, age, ZIP code) goes to the ' +
    'player, to admins, and to everyone when the player chose to show it. `debug` (the listed ids) goes ' +
    'to the player and admins only. `viewer` says where the caller stands with this player (null on ' +
    'their own).',
  ...access.user,
  middleware: [requireUser] as const,
  request: { params: z.object({ id: z.uuid({ error: PROFILE_NOT_FOUND }) }) },
  responses: {
    200: jsonContent(publicProfileOutput, 'The public profile'),
    ...errorResponses(400, 401, 403, 404),
  },
})

// Mounted after the own-profile routes, so /profiles/me is theirs.
export const publicProfileRoutes = createApi().openapi(getProfile, async (c) =>
  c.json(
    await getPublicProfile(c.get('db'), c.get('user'), c.req.valid('param').id, c.get('deps').clock.now()),
    200,
  ),
)
