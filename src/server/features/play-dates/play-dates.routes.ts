import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  acceptInput,
  applicationCreated,
  applyInput,
  chatMessage,
  chatMessagesQuery,
  chatPage,
  createPlayDateInput,
  messageInput,
  overlapsQuery,
  playDateDetail,
  playDateOverlap,
  playDateListQuery,
  playDateListPage,
  playerSummary,
} from '../../../domain/play-dates/play-date.schema'
import { createApi } from '../../app-factory'
import type { AppEnv } from '../../app-env'
import type { Db } from '../../db/client'
import { limitRequest, type RateLimit } from '../../lib/rate-limit'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonBody, jsonContent } from '../../openapi'
import { PLAY_DATE_MESSAGES as MESSAGES } from '../../../domain/play-dates/play-date.messages'
import { listPartnerOptions } from '../../db/queries'
import { applyToPlayDate, playersApplied } from './play-dates.applications'
import { acceptRequest, declineRequest, withdrawRequest } from './play-dates.matching'
import { listMessages, sendMessage } from './play-dates.chat'
import { findOverlaps } from './play-dates.overlaps'
import { getPlayDate } from './play-dates.detail'
import { cancelPlayDate, createPlayDate, listPlayDates } from './play-dates.service'

const tags = ['play-dates']

export const playDateLimits = {
  messagesPerUser: { name: 'chat-message:user', limit: 30, windowSeconds: 60 },
  // Each application and withdrawal notifies the creator team, and each PlayDate shows in
  // Available: far above what a player does in an hour, low enough that a script looping
  // them cannot flood anyone.
  createsPerUser: { name: 'play-date-create:user', limit: 20, windowSeconds: 60 * 60 },
  applicationsPerUser: { name: 'play-date-apply:user', limit: 30, windowSeconds: 60 * 60 },
  withdrawalsPerUser: { name: 'play-date-withdraw:user', limit: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>
const idParam = z.object({ id: z.uuid({ error: MESSAGES.notFound }) })
const requestParam = z.object({ requestId: z.uuid({ error: MESSAGES.requestNotFound }) })
const partnerOption = playerSummary.extend({
  isRegularPartner: z.boolean(),
  // Asked for a PlayDate (`playDateId`): the friend already applied to it, or waits on its
  // waitlist, so cannot apply with the caller.
  appliedToPlayDate: z.boolean(),
})
const detailResponse = jsonContent(playDateDetail, 'The PlayDate as the caller may see it')

const routes = {
  partnerOptions: createRoute({
    method: 'get',
    path: '/play-dates/partner-options',
    operationId: 'listPartnerOptions',
    tags,
    summary: "The caller's accepted friends, regular partners first",
    description:
      'With `playDateId`, each friend says whether they already applied to that PlayDate (or wait on its waitlist): they cannot apply with the caller.',
    ...access.user,
    request: {
      query: z.object({ playDateId: z.uuid({ error: MESSAGES.notFound }).optional() }),
    },
    responses: {
      200: jsonContent(z.object({ items: z.array(partnerOption) }), 'Friends who can be chosen as partner'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  overlaps: createRoute({
    method: 'get',
    path: '/play-dates/overlaps',
    operationId: 'listMyOverlappingPlayDates',
    tags,
    summary:
      "The caller's open or matched PlayDates, and those they applied to, overlapping a time (a warning before creating or applying)",
    ...access.user,
    request: { query: overlapsQuery },
    responses: {
      200: jsonContent(
        z.object({ items: z.array(playDateOverlap) }),
        'Up to five overlapping PlayDates, soonest first',
      ),
      ...errorResponses(400, 401, 403),
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/play-dates',
    operationId: 'createPlayDate',
    tags,
    summary: 'Create a PlayDate with an accepted friend as partner',
    ...access.user,
    request: { body: jsonBody(createPlayDateInput) },
    responses: { 201: detailResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  list: createRoute({
    method: 'get',
    path: '/play-dates',
    operationId: 'listPlayDates',
    tags,
    summary: 'My PlayDates, Available or History, newest first, paginated',
    ...access.user,
    request: { query: playDateListQuery },
    responses: {
      200: jsonContent(playDateListPage, 'One page of PlayDates'),
      ...errorResponses(400, 401, 403),
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/play-dates/{id}',
    operationId: 'getPlayDate',
    tags,
    summary: 'One PlayDate: open ones for every player, others for their players and admins',
    ...access.user,
    request: { params: idParam },
    responses: { 200: detailResponse, ...errorResponses(400, 401, 403, 404) },
  }),
  apply: createRoute({
    method: 'post',
    path: '/play-dates/{id}/requests',
    operationId: 'applyToPlayDate',
    tags,
    summary:
      'Apply to an open PlayDate with a friend as partner, or alone (`alone: true`); to a full (matched) one before its start, join its waitlist',
    ...access.user,
    request: { params: idParam, body: jsonBody(applyInput) },
    responses: {
      201: jsonContent(applicationCreated, 'The pending application, or the place on a full game’s waitlist'),
      ...errorResponses(400, 401, 403, 404, 409, 429),
    },
  }),
  accept: createRoute({
    method: 'post',
    path: '/play-dates/requests/{requestId}/accept',
    operationId: 'acceptPlayDateRequest',
    tags,
    summary:
      'Accept an application (creator team): a pair takes the other side, a player alone the partner wanted or a spot on the other side (`side`); once every spot is taken the PlayDate is matched and the others declined',
    ...access.user,
    request: {
      params: requestParam,
      body: { required: false, content: { 'application/json': { schema: acceptInput } } },
    },
    responses: { 200: detailResponse, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  decline: createRoute({
    method: 'post',
    path: '/play-dates/requests/{requestId}/decline',
    operationId: 'declinePlayDateRequest',
    tags,
    summary: 'Decline a pending application (creator team)',
    ...access.user,
    request: { params: requestParam },
    responses: { 200: detailResponse, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  withdraw: createRoute({
    method: 'post',
    path: '/play-dates/requests/{requestId}/withdraw',
    operationId: 'withdrawPlayDateRequest',
    tags,
    summary:
      'Withdraw a pending application (its team), or leave a spot taken alone until the game is matched',
    ...access.user,
    request: { params: requestParam },
    responses: { 200: detailResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  cancel: createRoute({
    method: 'post',
    path: '/play-dates/{id}/cancel',
    operationId: 'cancelPlayDate',
    tags,
    summary:
      'Cancel an open PlayDate (creator team), or a matched one before its start (any of its four players; under 24 h it is a late cancel for that team)',
    ...access.user,
    request: { params: idParam },
    responses: { 200: detailResponse, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  messages: createRoute({
    method: 'get',
    path: '/play-dates/{id}/messages',
    operationId: 'listPlayDateMessages',
    tags,
    summary: 'Chat of a matched or completed PlayDate, a page at a time, oldest first (its four players)',
    description:
      'Without a range, the newest page of the thread. `after` gives the newest page of what came ' +
      'after a time (catching up); `before` the page before a message (scrolling back to the start). ' +
      '`hasEarlier` says more messages come before the first one returned.',
    ...access.user,
    request: { params: idParam, query: chatMessagesQuery },
    responses: {
      200: jsonContent(chatPage, 'A page of messages'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  send: createRoute({
    method: 'post',
    path: '/play-dates/{id}/messages',
    operationId: 'sendPlayDateMessage',
    tags,
    summary: 'Send a chat message (its four players)',
    ...access.user,
    request: { params: idParam, body: jsonBody(messageInput) },
    responses: {
      201: jsonContent(chatMessage, 'The message'),
      ...errorResponses(400, 401, 403, 404, 409, 429),
    },
  }),
}

// What a signed-in player does to one PlayDate or application, at the app's time: the service
// function gets the database, the player, the id and now.
type PlayerAction<T> = (db: Db, user: AppEnv['Variables']['user'], id: string, now: Date) => Promise<T>
const act = <T>(c: Context<AppEnv>, action: PlayerAction<T>, id: string) =>
  action(c.get('db'), c.get('user'), id, c.get('deps').clock.now())
// The same with the request's body, which the service function gets between the id and now.
type PlayerInputAction<I, T> = (
  db: Db,
  user: AppEnv['Variables']['user'],
  id: string,
  input: I,
  now: Date,
) => Promise<T>
const actWith = <I, T>(c: Context<AppEnv>, action: PlayerInputAction<I, T>, id: string, input: I) =>
  action(c.get('db'), c.get('user'), id, input, c.get('deps').clock.now())

const api = createApi()
api.use('/play-dates', requireUser)
api.use('/play-dates/*', requireUser)

export const playDateRoutes = api
  .openapi(routes.partnerOptions, async (c) => {
    const { playDateId } = c.req.valid('query')
    const user = c.get('user')
    const applied = playDateId
      ? await playersApplied(c.get('db'), playDateId, user.id, c.get('deps').clock.now())
      : null
    const friends = await listPartnerOptions(c.get('db'), user.id)
    return c.json(
      { items: friends.map((f) => ({ ...f, appliedToPlayDate: applied?.has(f.id) ?? false })) },
      200,
    )
  })
  .openapi(routes.overlaps, async (c) => {
    const query = c.req.valid('query')
    const items = await findOverlaps(
      c.get('db'),
      c.get('user').id,
      new Date(query.start),
      query.durationMinutes,
      query.except,
    )
    return c.json({ items }, 200)
  })
  .openapi(routes.create, async (c) => {
    await limitRequest(c, [{ rule: playDateLimits.createsPerUser, subject: c.get('user').id }])
    return c.json(
      await createPlayDate(c.get('db'), c.get('user'), c.req.valid('json'), c.get('deps').clock.now()),
      201,
    )
  })
  .openapi(routes.list, async (c) =>
    c.json(
      await listPlayDates(c.get('db'), c.get('user'), c.req.valid('query'), c.get('deps').clock.now(), {
        cache: c.get('deps').cache,
      }),
      200,
    ),
  )
  .openapi(routes.get, async (c) => c.json(await act(c, getPlayDate, c.req.valid('param').id), 200))
  .openapi(routes.apply, async (c) => {
    await limitRequest(c, [{ rule: playDateLimits.applicationsPerUser, subject: c.get('user').id }])
    return c.json(await actWith(c, applyToPlayDate, c.req.valid('param').id, c.req.valid('json')), 201)
  })
  .openapi(routes.accept, async (c) =>
    c.json(
      await acceptRequest(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').requestId,
        c.get('deps').clock.now(),
        c.req.valid('json') ?? {},
      ),
      200,
    ),
  )
  .openapi(routes.decline, async (c) =>
    c.json(await act(c, declineRequest, c.req.valid('param').requestId), 200),
  )
  .openapi(routes.withdraw, async (c) => {
    await limitRequest(c, [{ rule: playDateLimits.withdrawalsPerUser, subject: c.get('user').id }])
    return c.json(await act(c, withdrawRequest, c.req.valid('param').requestId), 200)
  })
  .openapi(routes.cancel, async (c) => c.json(await act(c, cancelPlayDate, c.req.valid('param').id), 200))
  .openapi(routes.messages, async (c) =>
    c.json(
      await listMessages(c.get('db'), c.get('user'), c.req.valid('param').id, c.req.valid('query')),
      200,
    ),
  )
  .openapi(routes.send, async (c) => {
    await limitRequest(c, [{ rule: playDateLimits.messagesPerUser, subject: c.get('user').id }])
    return c.json(await actWith(c, sendMessage, c.req.valid('param').id, c.req.valid('json')), 201)
  })
