import { createRoute, z } from '@hono/zod-openapi'
import { GROUP_NOT_FOUND } from '../../../domain/groups/group.schema'
import {
  occurrenceInput,
  SERIES_NOT_FOUND,
  seriesInput,
  seriesListOutput,
  seriesOutput,
} from '../../../domain/groups/series.schema'
import { createApi } from '../../app-factory'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonBody, jsonContent } from '../../openapi'
import { changeSeries, createSeries, endSeries } from './groups.series'
import { restoreOccurrence, skipOccurrence } from './groups.series.dates'
import { listSeries } from './groups.series.view'

// A group's weekly series (docs/decisions/0169-recurring-series.md).

const tags = ['groups']
const groupParam = z.object({ id: z.uuid({ error: GROUP_NOT_FOUND }) })
const seriesParam = groupParam.extend({ seriesId: z.uuid({ error: SERIES_NOT_FOUND }) })
const oneSeries = (description: string) => jsonContent(seriesOutput, description)
const writeErrors = errorResponses(400, 401, 403, 404, 409)

const occurrenceRoute = (action: 'skip' | 'restore', operationId: string, summary: string) =>
  createRoute({
    method: 'post',
    path: `/groups/{id}/series/{seriesId}/${action}`,
    operationId,
    tags,
    summary,
    ...access.user,
    request: { params: seriesParam, body: jsonBody(occurrenceInput) },
    responses: { 200: oneSeries('The series'), ...writeErrors },
  })

const routes = {
  list: createRoute({
    method: 'get',
    path: '/groups/{id}/series',
    operationId: 'listGroupSeries',
    tags,
    summary: "A group's weekly series with their coming dates (members and admins)",
    ...access.user,
    request: { params: groupParam },
    responses: { 200: jsonContent(seriesListOutput, 'The series'), ...errorResponses(400, 401, 403, 404) },
  }),
  create: createRoute({
    method: 'post',
    path: '/groups/{id}/series',
    operationId: 'createGroupSeries',
    tags,
    summary: 'An organiser starts a weekly series; its games are posted 14 days ahead',
    ...access.user,
    request: { params: groupParam, body: jsonBody(seriesInput) },
    responses: { 201: oneSeries('The new series'), ...writeErrors },
  }),
  change: createRoute({
    method: 'put',
    path: '/groups/{id}/series/{seriesId}',
    operationId: 'changeGroupSeries',
    tags,
    summary: 'An organiser changes what lies ahead',
    ...access.user,
    request: { params: seriesParam, body: jsonBody(seriesInput) },
    responses: { 200: oneSeries('The series'), ...writeErrors },
  }),
  skip: occurrenceRoute('skip', 'skipGroupSeriesDate', 'An organiser skips a coming date'),
  restore: occurrenceRoute('restore', 'restoreGroupSeriesDate', 'An organiser puts a skipped date back'),
  end: createRoute({
    method: 'post',
    path: '/groups/{id}/series/{seriesId}/end',
    operationId: 'endGroupSeries',
    tags,
    summary: 'An organiser ends the series; games already posted stay',
    ...access.user,
    request: { params: seriesParam },
    responses: { 200: oneSeries('The ended series'), ...writeErrors },
  }),
}

const api = createApi()
api.use('/groups/*', requireUser)

export const groupSeriesRoutes = api
  .openapi(routes.list, async (c) =>
    c.json(
      await listSeries(c.get('db'), c.get('user'), c.req.valid('param').id, c.get('deps').clock.now()),
      200,
    ),
  )
  .openapi(routes.create, async (c) => {
    const { id } = c.req.valid('param')
    const now = c.get('deps').clock.now()
    return c.json(await createSeries(c.get('db'), c.get('user'), id, c.req.valid('json'), now), 201)
  })
  .openapi(routes.change, async (c) => {
    const { id, seriesId } = c.req.valid('param')
    const now = c.get('deps').clock.now()
    return c.json(await changeSeries(c.get('db'), c.get('user'), id, seriesId, c.req.valid('json'), now), 200)
  })
  .openapi(routes.skip, async (c) => {
    const { id, seriesId } = c.req.valid('param')
    const startsAt = new Date(c.req.valid('json').startsAt)
    const now = c.get('deps').clock.now()
    return c.json(await skipOccurrence(c.get('db'), c.get('user'), id, seriesId, startsAt, now), 200)
  })
  .openapi(routes.restore, async (c) => {
    const { id, seriesId } = c.req.valid('param')
    const startsAt = new Date(c.req.valid('json').startsAt)
    const now = c.get('deps').clock.now()
    return c.json(await restoreOccurrence(c.get('db'), c.get('user'), id, seriesId, startsAt, now), 200)
  })
  .openapi(routes.end, async (c) => {
    const { id, seriesId } = c.req.valid('param')
    return c.json(await endSeries(c.get('db'), c.get('user'), id, seriesId, c.get('deps').clock.now()), 200)
  })
