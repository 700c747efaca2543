import { createRoute, z } from '@hono/zod-openapi'
import { leaveInput, playDateDetail, waitlistMoveInput } from '../../../domain/play-dates/play-date.schema'
import { PLAY_DATE_MESSAGES as MESSAGES } from '../../../domain/play-dates/play-date.messages'
import { OFFER_MESSAGES } from '../../../domain/play-dates/offers'
import { createApi } from '../../app-factory'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonBody, jsonContent } from '../../openapi'
import { declineOffer, takeOffer } from './play-dates.offers.answers'
import { findSub, leaveGame, moveOnWaitlist } from './play-dates.waitlist'

// The waitlist, drop-outs, offers and subs of a full game
// (docs/decisions/0152-waitlist-drop-outs-and-subs.md, 0138-offer-timings-and-waves.md).

const tags = ['play-dates']
const idParam = z.object({ id: z.uuid({ error: MESSAGES.notFound }) })
const requestParam = z.object({ requestId: z.uuid({ error: MESSAGES.requestNotFound }) })
const offerParam = z.object({ offerId: z.uuid({ error: OFFER_MESSAGES.notYours }) })
const detailResponse = jsonContent(playDateDetail, 'The PlayDate as the caller may see it')

const routes = {
  take: createRoute({
    method: 'post',
    path: '/play-dates/offers/{offerId}/take',
    operationId: 'takeSpotOffer',
    tags,
    summary:
      'Take the spot offered (its player, or either player of a waitlisted pair): the first yes takes it, a later one is told it was just taken',
    ...access.user,
    request: { params: offerParam },
    responses: { 200: detailResponse, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  decline: createRoute({
    method: 'post',
    path: '/play-dates/offers/{offerId}/decline',
    operationId: 'declineSpotOffer',
    tags,
    summary: 'Decline the spot offered: a waitlist offer goes to the next in line',
    ...access.user,
    request: { params: offerParam },
    responses: { 200: detailResponse, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  move: createRoute({
    method: 'post',
    path: '/play-dates/requests/{requestId}/move',
    operationId: 'moveOnWaitlist',
    tags,
    summary: 'Move a waitlisted application one place up or down (the creator)',
    ...access.user,
    request: { params: requestParam, body: jsonBody(waitlistMoveInput) },
    responses: { 200: detailResponse, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  leave: createRoute({
    method: 'post',
    path: '/play-dates/{id}/leave',
    operationId: 'leavePlayDate',
    tags,
    summary:
      'Drop out of a matched game before its start (any player but the creator, alone or with their partner): the spots are offered to the waitlist, then to subs; under 24 h it is a late cancel',
    ...access.user,
    request: {
      params: idParam,
      body: { required: false, content: { 'application/json': { schema: leaveInput } } },
    },
    responses: { 200: detailResponse, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  findSub: createRoute({
    method: 'post',
    path: '/play-dates/{id}/find-sub',
    operationId: 'findSubForPlayDate',
    tags,
    summary:
      'Ask for a sub (the players left on the side with an open spot, once the waitlist has no one left for it)',
    ...access.user,
    request: { params: idParam },
    responses: { 200: detailResponse, ...errorResponses(400, 401, 403, 404, 409) },
  }),
}

const api = createApi()
api.use('/play-dates/*', requireUser)

export const playDateOfferRoutes = api
  .openapi(routes.take, async (c) =>
    c.json(
      await takeOffer(c.get('db'), c.get('user'), c.req.valid('param').offerId, c.get('deps').clock.now()),
      200,
    ),
  )
  .openapi(routes.decline, async (c) =>
    c.json(
      await declineOffer(c.get('db'), c.get('user'), c.req.valid('param').offerId, c.get('deps').clock.now()),
      200,
    ),
  )
  .openapi(routes.move, async (c) =>
    c.json(
      await moveOnWaitlist(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').requestId,
        c.req.valid('json').direction,
        c.get('deps').clock.now(),
      ),
      200,
    ),
  )
  .openapi(routes.leave, async (c) =>
    c.json(
      await leaveGame(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        c.req.valid('json') ?? { withPartner: false },
        c.get('deps').clock.now(),
      ),
      200,
    ),
  )
  .openapi(routes.findSub, async (c) =>
    c.json(
      await findSub(c.get('db'), c.get('user'), c.req.valid('param').id, c.get('deps').clock.now()),
      200,
    ),
  )
