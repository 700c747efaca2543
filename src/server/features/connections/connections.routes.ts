import { createRoute, z } from '@hono/zod-openapi'
import {
  CONNECTIONS_PAGE_MAX,
  CONNECTIONS_PAGE_SIZE,
  connectionListOutput,
  connectionOutput,
  connectionSummaryOutput,
  connectionViews,
  requestInput,
  searchInput,
  searchOutput,
} from '../../../domain/connections/connection.schema'
import { createApi } from '../../app-factory'
import { limitRequest, type RateLimit } from '../../lib/rate-limit'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonBody, jsonContent } from '../../openapi'
import { friendActivityOutput } from '../../../domain/connections/activity.schema'
import { listFriendActivity } from './connections.activity'
import { listConnections, summarizeConnections } from './connections.lists'
import { searchPlayers } from './connections.search'
import {
  answerRequest,
  cancelRequest,
  removeConnection,
  sendFriendRequest,
  sendPartnerRequest,
  unwatchPlayer,
  watchPlayer,
} from './connections.service'

const tags = ['connections']

// Per player: typing in the search box, and sending requests to many players.
export const connectionLimits = {
  searchPerUser: { name: 'connection-search:user', limit: 120, windowSeconds: 60 },
  requestsPerUser: { name: 'connection-request:user', limit: 60, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>
const connectionParams = z.object({ id: z.uuid({ error: 'Connection not found' }) })
const profileParams = z.object({ profileId: z.uuid({ error: 'Player not found' }) })

const list = createRoute({
  method: 'get',
  path: '/connections',
  operationId: 'listConnections',
  tags,
  summary: 'The signed-in player’s connections: friends, received or sent requests',
  description:
    '`connected`: accepted friends by first and last name. `received` / `sent`: pending friend and ' +
    'regular partner requests, newest first.',
  ...access.user,
  middleware: [requireUser] as const,
  request: {
    query: z.object({
      view: z.enum(connectionViews).default('connected'),
      limit: z.coerce.number().int().min(1).max(CONNECTIONS_PAGE_MAX).default(CONNECTIONS_PAGE_SIZE),
      offset: z.coerce.number().int().min(0).default(0),
    }),
  },
  responses: {
    200: jsonContent(connectionListOutput, 'A page of connections'),
    ...errorResponses(400, 401, 403),
  },
})

const summary = createRoute({
  method: 'get',
  path: '/connections/summary',
  operationId: 'getConnectionSummary',
  tags,
  summary: 'How many friends, received and sent requests the signed-in player has',
  ...access.user,
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(connectionSummaryOutput, 'The counts'), ...errorResponses(401, 403) },
})

const activity = createRoute({
  method: 'get',
  path: '/connections/activity',
  operationId: 'listFriendActivity',
  tags,
  summary:
    'What the signed-in player’s friends did lately that any player can see: open PlayDates they posted and friendships they made (the last 30 days, newest first, at most 10)',
  ...access.user,
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(friendActivityOutput, 'Friends’ recent public activity'),
    ...errorResponses(401, 403),
  },
})

const search = createRoute({
  method: 'get',
  path: '/connections/search',
  operationId: 'searchPlayersToConnect',
  tags,
  summary: 'Find other players by first name, last name or "first last" (at least 2 characters)',
  ...access.user,
  middleware: [requireUser] as const,
  request: { query: searchInput },
  responses: {
    200: jsonContent(searchOutput, 'At most 20 players, each with the friend status'),
    ...errorResponses(400, 401, 403, 429),
  },
})

const friendRequest = createRoute({
  method: 'post',
  path: '/connections/friend-requests',
  operationId: 'sendFriendRequest',
  tags,
  summary: 'Send a friend request (the receiver is notified)',
  ...access.user,
  middleware: [requireUser] as const,
  request: { body: jsonBody(requestInput) },
  responses: {
    201: jsonContent(connectionOutput, 'The pending request'),
    ...errorResponses(400, 401, 403, 404, 409, 429),
  },
})

const partnerRequest = createRoute({
  method: 'post',
  path: '/connections/partner-requests',
  operationId: 'sendPartnerRequest',
  tags,
  summary: 'Invite a friend as regular partner (the receiver accepts or rejects it)',
  ...access.user,
  middleware: [requireUser] as const,
  request: { body: jsonBody(requestInput) },
  responses: {
    201: jsonContent(connectionOutput, 'The pending invitation'),
    ...errorResponses(400, 401, 403, 404, 409, 429),
  },
})

const answerRoute = (answer: 'accept' | 'reject') =>
  createRoute({
    method: 'post',
    path: `/connections/{id}/${answer}`,
    operationId: `${answer}ConnectionRequest`,
    tags,
    summary: `${answer === 'accept' ? 'Accept' : 'Reject'} a pending request (its receiver only)`,
    ...access.user,
    middleware: [requireUser] as const,
    request: { params: connectionParams },
    responses: {
      200: jsonContent(connectionOutput, 'The answered connection'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  })

const cancel = createRoute({
  method: 'post',
  path: '/connections/{id}/cancel',
  operationId: 'cancelConnectionRequest',
  tags,
  summary: 'Cancel a pending request (its requester only); the request is deleted',
  ...access.user,
  middleware: [requireUser] as const,
  request: { params: connectionParams },
  responses: { 204: { description: 'Cancelled' }, ...errorResponses(400, 401, 403, 404, 409) },
})

const remove = createRoute({
  method: 'delete',
  path: '/connections/{id}',
  operationId: 'removeConnection',
  tags,
  summary: 'Remove an accepted friendship or regular partnership (either side)',
  description:
    'Removing a friendship also deletes an accepted regular partnership between the two and ' +
    'rejects a pending invitation, in the same transaction.',
  ...access.user,
  middleware: [requireUser] as const,
  request: { params: connectionParams },
  responses: { 204: { description: 'Removed' }, ...errorResponses(400, 401, 403, 404, 409) },
})

const watch = createRoute({
  method: 'put',
  path: '/connections/watching/{profileId}',
  operationId: 'watchPlayer',
  tags,
  summary: 'Watch a player (one-directional, no consent needed); repeating it changes nothing',
  ...access.user,
  middleware: [requireUser] as const,
  request: { params: profileParams },
  responses: { 204: { description: 'Watching' }, ...errorResponses(400, 401, 403, 404) },
})

const unwatch = createRoute({
  method: 'delete',
  path: '/connections/watching/{profileId}',
  operationId: 'unwatchPlayer',
  tags,
  summary: 'Stop watching a player; repeating it changes nothing',
  ...access.user,
  middleware: [requireUser] as const,
  request: { params: profileParams },
  responses: { 204: { description: 'Not watching' }, ...errorResponses(400, 401, 403) },
})

export const connectionRoutes = createApi()
  .openapi(list, async (c) => {
    const { view, ...page } = c.req.valid('query')
    return c.json(await listConnections(c.get('db'), c.get('user').id, view, page), 200)
  })
  .openapi(summary, async (c) => c.json(await summarizeConnections(c.get('db'), c.get('user').id), 200))
  .openapi(activity, async (c) =>
    c.json(await listFriendActivity(c.get('db'), c.get('user').id, c.get('deps').clock.now()), 200),
  )
  .openapi(search, async (c) => {
    await limitRequest(c, [{ rule: connectionLimits.searchPerUser, subject: c.get('user').id }])
    return c.json(
      { results: await searchPlayers(c.get('db'), c.get('user').id, c.req.valid('query').q) },
      200,
    )
  })
  .openapi(friendRequest, async (c) => {
    await limitRequest(c, [{ rule: connectionLimits.requestsPerUser, subject: c.get('user').id }])
    return c.json(await sendFriendRequest(c.get('db'), c.get('user'), c.req.valid('json').receiverId), 201)
  })
  .openapi(partnerRequest, async (c) => {
    await limitRequest(c, [{ rule: connectionLimits.requestsPerUser, subject: c.get('user').id }])
    return c.json(await sendPartnerRequest(c.get('db'), c.get('user'), c.req.valid('json').receiverId), 201)
  })
  .openapi(answerRoute('accept'), async (c) =>
    c.json(await answerRequest(c.get('db'), c.get('user'), c.req.valid('param').id, 'accepted'), 200),
  )
  .openapi(answerRoute('reject'), async (c) =>
    c.json(await answerRequest(c.get('db'), c.get('user'), c.req.valid('param').id, 'rejected'), 200),
  )
  .openapi(cancel, async (c) => {
    await cancelRequest(c.get('db'), c.get('user'), c.req.valid('param').id)
    return c.body(null, 204)
  })
  .openapi(remove, async (c) => {
    await removeConnection(c.get('db'), c.get('user'), c.req.valid('param').id)
    return c.body(null, 204)
  })
  .openapi(watch, async (c) => {
    await watchPlayer(c.get('db'), c.get('user'), c.req.valid('param').profileId)
    return c.body(null, 204)
  })
  .openapi(unwatch, async (c) => {
    await unwatchPlayer(c.get('db'), c.get('user'), c.req.valid('param').profileId)
    return c.body(null, 204)
  })
