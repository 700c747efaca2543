import { createRoute, z } from '@hono/zod-openapi'
import {
  adminPlayDatesQuery,
  adminUserDetail,
  adminUsersPage,
  adminUsersQuery,
  createSignupCodeInput,
  setAdminInput,
  setPausedInput,
  signupCode,
  signupCodePage,
  signupCodesQuery,
  userSearchQuery,
  userSearchResult,
} from '../../../domain/admin/admin.schema'
import { playDatePage } from '../../../domain/play-dates/play-date.schema'
import { createApi } from '../../app-factory'
import { requireAdmin } from '../../middleware/require-user'
import { access, errorResponses, jsonBody, jsonContent } from '../../openapi'
import { deletePlayDate, listAllPlayDates } from './admin.play-dates'
import {
  createAuditedSignupCode,
  getUserDetail,
  listUsers,
  searchUsers,
  setAdmin,
  setPaused,
  USER_NOT_FOUND,
} from './admin.service'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import { listSignupCodes } from '../signup-codes'

const tags = ['admin']
// A malformed id names no user or PlayDate: the same words as an id that names none, with 400.
const userIdParam = z.object({ id: z.uuid({ error: USER_NOT_FOUND }) })
const playDateIdParam = z.object({ id: z.uuid({ error: PLAY_DATE_MESSAGES.notFound }) })
const refusals = errorResponses(400, 401, 403, 404, 409)

const routes = {
  users: createRoute({
    method: 'get',
    path: '/admin/users',
    operationId: 'listUsers',
    tags,
    summary: 'Search, filter, sort and page through all users (20 per page)',
    ...access.admin,
    request: { query: adminUsersQuery },
    responses: { 200: jsonContent(adminUsersPage, 'One page of users'), ...errorResponses(400, 401, 403) },
  }),
  user: createRoute({
    method: 'get',
    path: '/admin/users/{id}',
    operationId: 'getUser',
    tags,
    summary: "A user's details, accepted friends and the admin actions taken on them",
    ...access.admin,
    request: { params: userIdParam },
    responses: { 200: jsonContent(adminUserDetail, 'The user'), ...refusals },
  }),
  setAdmin: createRoute({
    method: 'put',
    path: '/admin/users/{id}/admin',
    operationId: 'setUserAdmin',
    tags,
    summary: 'Make Admin or Remove Admin (not yourself, never the last admin)',
    ...access.admin,
    request: { params: userIdParam, body: jsonBody(setAdminInput) },
    responses: { 200: jsonContent(adminUserDetail, 'The user'), ...refusals },
  }),
  setPaused: createRoute({
    method: 'put',
    path: '/admin/users/{id}/paused',
    operationId: 'setUserPaused',
    tags,
    summary: "Pause Access (revokes the user's sessions and live streams) or Resume Access",
    ...access.admin,
    request: { params: userIdParam, body: jsonBody(setPausedInput) },
    responses: { 200: jsonContent(adminUserDetail, 'The user'), ...refusals },
  }),
  userSearch: createRoute({
    method: 'get',
    path: '/admin/user-search',
    operationId: 'searchUsers',
    tags,
    summary: 'Users whose first or last name matches (up to 5), for assigning a signup code',
    ...access.admin,
    request: { query: userSearchQuery },
    responses: {
      200: jsonContent(z.object({ items: z.array(userSearchResult) }), 'Matches'),
      ...errorResponses(400, 401, 403),
    },
  }),
  codes: createRoute({
    method: 'get',
    path: '/admin/signup-codes',
    operationId: 'listSignupCodes',
    tags,
    summary: 'Signup codes, newest first, a page at a time (pass nextCursor as cursor for the next)',
    ...access.admin,
    request: { query: signupCodesQuery },
    responses: {
      200: jsonContent(signupCodePage, 'One page of codes'),
      ...errorResponses(400, 401, 403),
    },
  }),
  createCode: createRoute({
    method: 'post',
    path: '/admin/signup-codes',
    operationId: 'createSignupCode',
    tags,
    summary: 'Create a signup code: a random 7-digit code, an optional URL code and user',
    ...access.admin,
    request: { body: jsonBody(createSignupCodeInput) },
    responses: { 201: jsonContent(signupCode, 'The new code'), ...refusals },
  }),
  playDates: createRoute({
    method: 'get',
    path: '/admin/play-dates',
    operationId: 'listAllPlayDates',
    tags,
    summary: 'Search, filter, sort and page through all PlayDates (10 per page)',
    ...access.admin,
    request: { query: adminPlayDatesQuery },
    responses: { 200: jsonContent(playDatePage, 'One page of PlayDates'), ...errorResponses(400, 401, 403) },
  }),
  deletePlayDate: createRoute({
    method: 'delete',
    path: '/admin/play-dates/{id}',
    operationId: 'deletePlayDate',
    tags,
    summary: 'Delete a PlayDate with its applications and messages',
    ...access.admin,
    request: { params: playDateIdParam },
    responses: { 204: { description: 'Deleted' }, ...refusals },
  }),
}

const api = createApi()
api.use('/admin/*', requireAdmin)

export const adminRoutes = api
  .openapi(routes.users, async (c) => c.json(await listUsers(c.get('db'), c.req.valid('query')), 200))
  .openapi(routes.user, async (c) => c.json(await getUserDetail(c.get('db'), c.req.valid('param').id), 200))
  .openapi(routes.setAdmin, async (c) =>
    c.json(
      await setAdmin(c.get('db'), c.get('user'), c.req.valid('param').id, c.req.valid('json').isAdmin),
      200,
    ),
  )
  .openapi(routes.setPaused, async (c) =>
    c.json(
      await setPaused(c.get('db'), c.get('user'), c.req.valid('param').id, c.req.valid('json').isPaused),
      200,
    ),
  )
  .openapi(routes.userSearch, async (c) =>
    c.json({ items: await searchUsers(c.get('db'), c.req.valid('query').q) }, 200),
  )
  .openapi(routes.codes, async (c) =>
    c.json(await listSignupCodes(c.get('db'), c.req.valid('query').cursor), 200),
  )
  .openapi(routes.createCode, async (c) => {
    const view = await createAuditedSignupCode(c.get('db'), c.get('user'), c.req.valid('json'))
    return c.json(view!, 201)
  })
  .openapi(routes.playDates, async (c) =>
    c.json(await listAllPlayDates(c.get('db'), c.req.valid('query')), 200),
  )
  .openapi(routes.deletePlayDate, async (c) => {
    await deletePlayDate(c.get('db'), c.get('user'), c.req.valid('param').id)
    return c.body(null, 204)
  })
