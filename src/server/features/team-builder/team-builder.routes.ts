import { createRoute, z } from '@hono/zod-openapi'
import {
  player,
  playerInput,
  profileSearchInput,
  profileSearchResult,
} from '../../../domain/team-builder/player.schema'
import { trainingPartnersOutput } from '../../../domain/team-builder/training.rules'
import { createApi } from '../../app-factory'
import { limitRequest, type RateLimit } from '../../lib/rate-limit'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonBody, jsonContent } from '../../openapi'
import {
  createPlayer,
  deletePlayer,
  getPlayer,
  listPlayers,
  listTrainingPartners,
  searchProfiles,
  updatePlayer,
} from './team-builder.service'

const tags = ['team-builder']

export const teamBuilderLimits = {
  profileSearchPerUser: { name: 'profile-search:user', limit: 120, windowSeconds: 60 },
} satisfies Record<string, RateLimit>

// Any text: an id that is not one of the caller's players is a 404, never a 400 or a 500.
const playerParams = z.object({
  id: z
    .string()
    .openapi({ param: { name: 'id', in: 'path' }, example: '0b7d3a4e-8a3c-4f59-9d1e-2f4b6c8d0e1a' }),
})

const listRoute = createRoute({
  method: 'get',
  path: '/players',
  operationId: 'listPlayers',
  tags,
  summary: 'The SUPR Builder players the signed-in user keeps, newest first',
  ...access.user,
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(z.array(player), 'The players'), ...errorResponses(401, 403) },
})

const searchRoute = createRoute({
  method: 'get',
  path: '/players/profile-search',
  operationId: 'searchProfilesForPlayer',
  tags,
  summary: 'Find platform profiles to link to a player (first name, last name or "first last")',
  description: 'From 2 characters, case-insensitive, excluding the caller, at most 10 results.',
  ...access.user,
  middleware: [requireUser] as const,
  request: { query: profileSearchInput },
  responses: {
    200: jsonContent(z.array(profileSearchResult), 'Matching profiles'),
    ...errorResponses(400, 401, 403, 429),
  },
})

const getRoute = createRoute({
  method: 'get',
  path: '/players/{id}',
  operationId: 'getPlayer',
  tags,
  summary: 'One of the caller’s players',
  ...access.user,
  middleware: [requireUser] as const,
  request: { params: playerParams },
  responses: { 200: jsonContent(player, 'The player'), ...errorResponses(401, 403, 404) },
})

const createPlayerRoute = createRoute({
  method: 'post',
  path: '/players',
  operationId: 'createPlayer',
  tags,
  summary: 'Add a player; a given profileId links a platform profile',
  ...access.user,
  middleware: [requireUser] as const,
  request: { body: jsonBody(playerInput) },
  responses: { 201: jsonContent(player, 'The new player'), ...errorResponses(400, 401, 403, 409) },
})

const updateRoute = createRoute({
  method: 'put',
  path: '/players/{id}',
  operationId: 'updatePlayer',
  tags,
  summary: 'Replace every field of one of the caller’s players',
  ...access.user,
  middleware: [requireUser] as const,
  request: { params: playerParams, body: jsonBody(playerInput) },
  responses: { 200: jsonContent(player, 'The updated player'), ...errorResponses(400, 401, 403, 404, 409) },
})

const deleteRoute = createRoute({
  method: 'delete',
  path: '/players/{id}',
  operationId: 'deletePlayer',
  tags,
  summary: 'Delete one of the caller’s players',
  ...access.user,
  middleware: [requireUser] as const,
  request: { params: playerParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
})

const trainingRoute = createRoute({
  method: 'get',
  path: '/team-builder/training-partners',
  operationId: 'listTrainingPartners',
  tags,
  summary: 'Train with Friends: the caller’s friends, closest DUPR first (at most 100)',
  ...access.user,
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(trainingPartnersOutput, 'Friends with their DUPR gap'),
    ...errorResponses(401, 403),
  },
})

export const teamBuilderRoutes = createApi()
  .openapi(listRoute, async (c) => c.json(await listPlayers(c.get('db'), c.get('user').id), 200))
  .openapi(searchRoute, async (c) => {
    await limitRequest(c, [{ rule: teamBuilderLimits.profileSearchPerUser, subject: c.get('user').id }])
    return c.json(await searchProfiles(c.get('db'), c.get('user').id, c.req.valid('query').q), 200)
  })
  .openapi(getRoute, async (c) =>
    c.json(await getPlayer(c.get('db'), c.get('user').id, c.req.valid('param').id), 200),
  )
  .openapi(createPlayerRoute, async (c) =>
    c.json(await createPlayer(c.get('db'), c.get('user').id, c.req.valid('json')), 201),
  )
  .openapi(updateRoute, async (c) =>
    c.json(
      await updatePlayer(c.get('db'), c.get('user').id, c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(deleteRoute, async (c) => {
    await deletePlayer(c.get('db'), c.get('user').id, c.req.valid('param').id)
    return c.body(null, 204)
  })
  .openapi(trainingRoute, async (c) => c.json(await listTrainingPartners(c.get('db'), c.get('user')), 200))
