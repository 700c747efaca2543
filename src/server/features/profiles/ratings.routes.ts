import { createRoute } from '@hono/zod-openapi'
import { ratingCheckOutput, ratingsInput, ratingsOutput } from '../../../domain/profiles/ratings.schema'
import { createApi } from '../../app-factory'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonBody, jsonContent } from '../../openapi'
import { checkRatingUpdate, skipRatingPrompt, updateRatings } from './ratings.service'

const tags = ['profiles']

const check = createRoute({
  method: 'get',
  path: '/profiles/me/rating-check',
  operationId: 'getRatingCheck',
  tags,
  summary: 'Whether the rating prompt should ask the signed-in player to confirm their ratings',
  description:
    '`updateNeeded` is true when the ratings were confirmed more than 90 days ago and the prompt ' +
    'was not skipped in the last 7 days.',
  ...access.user,
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(ratingCheckOutput, 'The answer, with the current ratings'),
    ...errorResponses(401, 403),
  },
})

const skip = createRoute({
  method: 'post',
  path: '/profiles/me/rating-check/skip',
  operationId: 'skipRatingCheck',
  tags,
  summary: 'Skip the rating prompt for 7 days',
  ...access.user,
  middleware: [requireUser] as const,
  responses: { 204: { description: 'Skipped' }, ...errorResponses(401, 403) },
})

const update = createRoute({
  method: 'put',
  path: '/profiles/me/ratings',
  operationId: 'updateMyRatings',
  tags,
  summary: 'Record new DUPR and self ratings and the time they were confirmed',
  ...access.user,
  middleware: [requireUser] as const,
  request: { body: jsonBody(ratingsInput) },
  responses: {
    200: jsonContent(ratingsOutput, 'The recorded ratings'),
    ...errorResponses(400, 401, 403),
  },
})

export const ratingRoutes = createApi()
  .openapi(check, async (c) =>
    c.json(await checkRatingUpdate(c.get('db'), c.get('user').id, c.get('deps').clock.now()), 200),
  )
  .openapi(skip, async (c) => {
    await skipRatingPrompt(c.get('db'), c.get('user').id, c.get('deps').clock.now())
    return c.body(null, 204)
  })
  .openapi(update, async (c) =>
    c.json(
      await updateRatings(c.get('db'), c.get('user').id, c.req.valid('json'), c.get('deps').clock.now()),
      200,
    ),
  )
