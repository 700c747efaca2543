import { createRoute, z } from '@hono/zod-openapi'
import {
  adminVenueListQuery,
  setRetiredInput,
  VENUE_NOT_FOUND,
  venueInput,
  venueListOutput,
  venueListQuery,
  venueOutput,
} from '../../../domain/venues/venue.schema'
import { createApi } from '../../app-factory'
import { requireAdmin, requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonBody, jsonContent } from '../../openapi'
import { createVenue, listVenues, listVenuesForAdmin, setVenueRetired, updateVenue } from './venues.service'

const tags = ['venues']
const idParams = z.object({ id: z.uuid({ error: VENUE_NOT_FOUND }) })

const list = createRoute({
  method: 'get',
  path: '/venues',
  tags,
  operationId: 'listVenues',
  summary: 'Venues in use, of a state and any of the given regions, by region and name',
  ...access.user,
  middleware: [requireUser] as const,
  request: { query: venueListQuery },
  responses: { 200: jsonContent(venueListOutput, 'The venues'), ...errorResponses(400, 401, 403) },
})

const adminList = createRoute({
  method: 'get',
  path: '/admin/venues',
  tags,
  operationId: 'listVenuesForAdmin',
  summary: 'Every venue, retired ones included when asked',
  ...access.admin,
  middleware: [requireAdmin] as const,
  request: { query: adminVenueListQuery },
  responses: { 200: jsonContent(venueListOutput, 'The venues'), ...errorResponses(400, 401, 403) },
})

const create = createRoute({
  method: 'post',
  path: '/admin/venues',
  tags,
  operationId: 'createVenue',
  summary: 'Add a venue',
  ...access.admin,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(venueInput) },
  responses: { 201: jsonContent(venueOutput, 'The new venue'), ...errorResponses(400, 401, 403, 413) },
})

const update = createRoute({
  method: 'put',
  path: '/admin/venues/{id}',
  tags,
  operationId: 'updateVenue',
  summary: 'Change a venue',
  ...access.admin,
  middleware: [requireAdmin] as const,
  request: { params: idParams, body: jsonBody(venueInput) },
  responses: { 200: jsonContent(venueOutput, 'The venue'), ...errorResponses(400, 401, 403, 404, 413) },
})

const retire = createRoute({
  method: 'put',
  path: '/admin/venues/{id}/retired',
  tags,
  operationId: 'setVenueRetired',
  summary: 'Retire a venue (it leaves the list PlayDates are made from) or bring it back',
  ...access.admin,
  middleware: [requireAdmin] as const,
  request: { params: idParams, body: jsonBody(setRetiredInput) },
  responses: { 200: jsonContent(venueOutput, 'The venue'), ...errorResponses(400, 401, 403, 404, 413) },
})

export const venueRoutes = createApi()
  .openapi(list, async (c) => c.json(await listVenues(c.get('db'), c.req.valid('query')), 200))
  .openapi(adminList, async (c) => c.json(await listVenuesForAdmin(c.get('db'), c.req.valid('query')), 200))
  .openapi(create, async (c) =>
    c.json(await createVenue(c.get('db'), c.get('user').id, c.req.valid('json')), 201),
  )
  .openapi(update, async (c) =>
    c.json(
      await updateVenue(c.get('db'), c.get('user').id, c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(retire, async (c) =>
    c.json(
      await setVenueRetired(
        c.get('db'),
        c.get('user').id,
        c.req.valid('param').id,
        c.req.valid('json').retired,
      ),
      200,
    ),
  )
