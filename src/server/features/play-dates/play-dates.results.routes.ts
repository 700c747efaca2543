import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { AppEnv } from '../../app-env'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import { playDateDetail } from '../../../domain/play-dates/play-date.schema'
import {
  decideResultInput,
  disputedPlayDate,
  gameOutcome,
  paymentInput,
  reportInput,
} from '../../../domain/play-dates/results'
import { createApi } from '../../app-factory'
import { requireAdmin, requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonBody, jsonContent } from '../../openapi'
import { publicOrigin } from '../../public-origin'
import { reportResult } from './play-dates.results'
import { confirmResult, undoConfirmation } from './play-dates.results.confirm'
import { decideResult, listDisputes } from './play-dates.results.admin'
import { markPayment } from './play-dates.results.payment'
import { resultsCsv } from './play-dates.results-export'
import { getPlayDate } from './play-dates.detail'

// After the game: reports, confirmation, payment marks, the admin's disputes and the results
// export (docs/decisions/0089-results-and-reliability.md).

const tags = ['play-dates']
const idParam = z.object({ id: z.uuid({ error: PLAY_DATE_MESSAGES.notFound }) })
const detailResponse = jsonContent(playDateDetail, 'The PlayDate as the caller may see it')
const refusals = errorResponses(400, 401, 403, 404, 409)

const routes = {
  report: createRoute({
    method: 'post',
    path: '/play-dates/{id}/result',
    operationId: 'reportPlayDateResult',
    tags,
    summary:
      'Report what happened, from the caller’s team’s side (one report per team, from the start to 7 days after; a second report that differs is a dispute)',
    ...access.user,
    middleware: [requireUser] as const,
    request: { params: idParam, body: jsonBody(reportInput) },
    responses: { 200: detailResponse, ...refusals },
  }),
  confirm: createRoute({
    method: 'post',
    path: '/play-dates/{id}/result/confirm',
    operationId: 'confirmPlayDateResult',
    tags,
    summary:
      'Confirm the other team’s report as it is: the result settles a minute later unless the caller undoes it',
    ...access.user,
    middleware: [requireUser] as const,
    request: { params: idParam },
    responses: { 200: detailResponse, ...refusals },
  }),
  undoConfirm: createRoute({
    method: 'post',
    path: '/play-dates/{id}/result/confirm/undo',
    operationId: 'undoPlayDateResultConfirmation',
    tags,
    summary:
      'Take back the caller’s own confirmation within a minute of it: the report waits for an answer again',
    ...access.user,
    middleware: [requireUser] as const,
    request: { params: idParam },
    responses: { 200: detailResponse, ...refusals },
  }),
  payment: createRoute({
    method: 'post',
    path: '/play-dates/{id}/payment',
    operationId: 'markPlayDatePayment',
    tags,
    summary:
      'Mark the agreed amount paid (the paying team) or received (the other team); no money moves here',
    ...access.user,
    middleware: [requireUser] as const,
    request: { params: idParam, body: jsonBody(paymentInput) },
    responses: { 200: detailResponse, ...refusals },
  }),
  export: createRoute({
    method: 'get',
    path: '/play-dates/results.csv',
    operationId: 'downloadMyResults',
    tags,
    summary: 'The caller’s settled results as a CSV in the layout of DUPR’s match importer',
    ...access.user,
    middleware: [requireUser] as const,
    responses: {
      200: { description: 'The results file', content: { 'text/csv': { schema: z.string() } } },
      ...errorResponses(401, 403),
    },
  }),
  disputes: createRoute({
    method: 'get',
    path: '/admin/disputes',
    operationId: 'listDisputedPlayDates',
    tags: ['admin'],
    summary: 'Matched PlayDates whose teams reported different results, oldest dispute first',
    ...access.admin,
    middleware: [requireAdmin] as const,
    responses: {
      200: jsonContent(z.object({ items: z.array(disputedPlayDate) }), 'The disputed games'),
      ...errorResponses(401, 403),
    },
  }),
  decide: createRoute({
    method: 'post',
    path: '/admin/play-dates/{id}/result',
    operationId: 'decidePlayDateResult',
    tags: ['admin'],
    summary: 'Decide a disputed game’s result (kept in the audit log); the four players are told',
    ...access.admin,
    middleware: [requireAdmin] as const,
    request: { params: idParam, body: jsonBody(decideResultInput) },
    responses: {
      200: jsonContent(z.object({ id: z.string(), outcome: gameOutcome }), 'The decided result'),
      ...refusals,
    },
  }),
}

const notices = (c: Context<AppEnv>) => ({
  mailer: c.get('deps').mailer,
  productName: c.get('deps').env.PRODUCT_NAME,
  origin: publicOrigin(c.get('deps').env),
})
const now = (c: Context<AppEnv>) => c.get('deps').clock.now()

export const playDateResultRoutes = createApi()
  .openapi(routes.export, async (c) =>
    c.body(await resultsCsv(c.get('db'), c.get('user').id), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'cache-control': 'private, no-cache',
      'content-disposition': 'attachment; filename="picklematch-results.csv"',
    }),
  )
  .openapi(routes.report, async (c) => {
    const { id } = c.req.valid('param')
    await reportResult(c.get('db'), notices(c), c.get('user'), id, c.req.valid('json'), now(c))
    return c.json(await getPlayDate(c.get('db'), c.get('user'), id, now(c)), 200)
  })
  .openapi(routes.confirm, async (c) => {
    const { id } = c.req.valid('param')
    await confirmResult(c.get('db'), c.get('user'), id, now(c))
    return c.json(await getPlayDate(c.get('db'), c.get('user'), id, now(c)), 200)
  })
  .openapi(routes.undoConfirm, async (c) => {
    const { id } = c.req.valid('param')
    await undoConfirmation(c.get('db'), c.get('user'), id, now(c))
    return c.json(await getPlayDate(c.get('db'), c.get('user'), id, now(c)), 200)
  })
  .openapi(routes.payment, async (c) => {
    const { id } = c.req.valid('param')
    await markPayment(c.get('db'), c.get('user'), id, c.req.valid('json'), now(c))
    return c.json(await getPlayDate(c.get('db'), c.get('user'), id, now(c)), 200)
  })
  .openapi(routes.disputes, async (c) => c.json(await listDisputes(c.get('db')), 200))
  .openapi(routes.decide, async (c) =>
    c.json(
      await decideResult(c.get('db'), c.get('user'), c.req.valid('param').id, c.req.valid('json'), now(c)),
      200,
    ),
  )
