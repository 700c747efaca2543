import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  createListInput,
  ENTRY_NOT_FOUND,
  friendEntryInput,
  friendOption,
  inviteCodeParam,
  inviteInput,
  inviteOutput,
  inviteValidation,
  INVITE_RATE_LIMITED,
  LIST_NOT_FOUND,
  manualEntryInput,
  partnerEntry,
  partnerListDetail,
  partnerListSummary,
  reorderInput,
  updateEntryInput,
} from '../../../domain/partner-lists/partner-list.schema'
import type { AppEnv } from '../../app-env'
import { createApi } from '../../app-factory'
import { clientIp } from '../../lib/client-ip'
import { limitRequest, type RateLimit } from '../../lib/rate-limit'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonBody, jsonContent } from '../../openapi'
import { invitePartner, validateInviteCode } from './partner-lists.invites'
import {
  addFriendEntry,
  addManualEntry,
  createPartnerList,
  deletePartnerList,
  getPartnerList,
  listFriends,
  listPartnerLists,
  removeEntry,
  reorderEntries,
  updateEntry,
} from './partner-lists.service'

export const partnerListLimits = {
  invitesPerUser: {
    name: 'partner-invite:user',
    limit: 20,
    windowSeconds: 60 * 60,
    message: INVITE_RATE_LIMITED,
  },
  inviteChecksPerIp: { name: 'invite-check:ip', limit: 30, windowSeconds: 60 },
} satisfies Record<string, RateLimit>

const tags = ['partner-lists']
const listParam = z.object({ id: z.uuid({ error: LIST_NOT_FOUND }) })
const entryParam = listParam.extend({ entryId: z.uuid({ error: ENTRY_NOT_FOUND }) })
const entryResponse = jsonContent(partnerEntry, 'The entry')
const entriesResponse = jsonContent(z.object({ items: z.array(partnerEntry) }), 'Entries in list order')

const routes = {
  lists: createRoute({
    method: 'get',
    path: '/partner-lists',
    operationId: 'listPartnerLists',
    tags,
    summary: "The caller's partner lists, newest first",
    ...access.user,
    responses: {
      200: jsonContent(z.object({ items: z.array(partnerListSummary) }), 'Lists'),
      ...errorResponses(401, 403),
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/partner-lists',
    operationId: 'createPartnerList',
    tags,
    summary: 'Create a partner list (needs at least one accepted friend)',
    ...access.user,
    request: { body: jsonBody(createListInput) },
    responses: {
      201: jsonContent(partnerListSummary, 'The new list'),
      ...errorResponses(400, 401, 403, 409),
    },
  }),
  friends: createRoute({
    method: 'get',
    path: '/partner-lists/friends',
    operationId: 'listPartnerListFriends',
    tags,
    summary: "The caller's accepted friends who can be added to a list, regular partners first",
    ...access.user,
    responses: {
      200: jsonContent(z.object({ items: z.array(friendOption) }), 'Friends'),
      ...errorResponses(401, 403),
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/partner-lists/{id}',
    operationId: 'getPartnerList',
    tags,
    summary: 'One of the caller’s lists with its entries in order',
    ...access.user,
    request: { params: listParam },
    responses: { 200: jsonContent(partnerListDetail, 'The list'), ...errorResponses(400, 401, 403, 404) },
  }),
  delete: createRoute({
    method: 'delete',
    path: '/partner-lists/{id}',
    operationId: 'deletePartnerList',
    tags,
    summary: 'Delete a list with its entries',
    ...access.user,
    request: { params: listParam },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(400, 401, 403, 404) },
  }),
  addFriend: createRoute({
    method: 'post',
    path: '/partner-lists/{id}/friend-entries',
    operationId: 'addFriendEntry',
    tags,
    summary: 'Add an accepted friend at the end of the list (names and ratings are copied)',
    ...access.user,
    request: { params: listParam, body: jsonBody(friendEntryInput) },
    responses: { 201: entryResponse, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  addManual: createRoute({
    method: 'post',
    path: '/partner-lists/{id}/manual-entries',
    operationId: 'addManualEntry',
    tags,
    summary: 'Add someone by name (and optional email) at the end of the list',
    ...access.user,
    request: { params: listParam, body: jsonBody(manualEntryInput) },
    responses: { 201: entryResponse, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  update: createRoute({
    method: 'patch',
    path: '/partner-lists/{id}/entries/{entryId}',
    operationId: 'updatePartnerListEntry',
    tags,
    summary: "Change an entry's status, notes or (manual entries) email",
    ...access.user,
    request: { params: entryParam, body: jsonBody(updateEntryInput) },
    responses: { 200: entryResponse, ...errorResponses(400, 401, 403, 404) },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/partner-lists/{id}/entries/{entryId}',
    operationId: 'removePartnerListEntry',
    tags,
    summary: 'Remove an entry; the ones after it move up',
    ...access.user,
    request: { params: entryParam },
    responses: { 204: { description: 'Removed' }, ...errorResponses(400, 401, 403, 404) },
  }),
  reorder: createRoute({
    method: 'put',
    path: '/partner-lists/{id}/order',
    operationId: 'reorderPartnerList',
    tags,
    summary: 'Set the order: every entry id of the list, first to last',
    description: 'Refused with 409 when the ids are not exactly the entries the list has now.',
    ...access.user,
    request: { params: listParam, body: jsonBody(reorderInput) },
    responses: { 200: entriesResponse, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  invite: createRoute({
    method: 'post',
    path: '/partner-lists/{id}/entries/{entryId}/invite',
    operationId: 'sendPartnerListInvite',
    tags,
    summary: 'Email an invitation with a signup code to a manual entry (saving the email given)',
    description: 'Rate-limited per user. A resend repeats the link while its code is unused.',
    ...access.user,
    request: { params: entryParam, body: jsonBody(inviteInput) },
    responses: {
      200: jsonContent(inviteOutput, 'Sent'),
      ...errorResponses(400, 401, 403, 404, 409, 429),
    },
  }),
  validateInvite: createRoute({
    method: 'get',
    path: '/invites/{code}',
    operationId: 'getInvite',
    tags: ['invites'],
    summary: 'Check an invitation code (7-digit code or URL code) before sign-up',
    description: 'Valid only while the code is unused. Rate-limited per address.',
    ...access.public,
    request: { params: z.object({ code: inviteCodeParam }) },
    responses: {
      200: jsonContent(inviteValidation, 'The code can be used to sign up'),
      ...errorResponses(400, 404, 429),
    },
  }),
}

function inviteContext(c: Context<AppEnv>) {
  const { env } = c.get('deps')
  return {
    mailer: c.get('deps').mailer,
    productName: env.PRODUCT_NAME,
    baseUrl: env.PUBLIC_URL.replace(/\/+$/, ''),
  }
}

const api = createApi()
api.use('/partner-lists', requireUser)
api.use('/partner-lists/*', requireUser)

export const partnerListRoutes = api
  .openapi(routes.lists, async (c) =>
    c.json({ items: await listPartnerLists(c.get('db'), c.get('user')) }, 200),
  )
  .openapi(routes.create, async (c) =>
    c.json(await createPartnerList(c.get('db'), c.get('user'), c.req.valid('json')), 201),
  )
  // Before /partner-lists/{id}, which would otherwise take 'friends' for an id.
  .openapi(routes.friends, async (c) => c.json({ items: await listFriends(c.get('db'), c.get('user')) }, 200))
  .openapi(routes.get, async (c) =>
    c.json(await getPartnerList(c.get('db'), c.get('user'), c.req.valid('param').id), 200),
  )
  .openapi(routes.delete, async (c) => {
    await deletePartnerList(c.get('db'), c.get('user'), c.req.valid('param').id)
    return c.body(null, 204)
  })
  .openapi(routes.addFriend, async (c) =>
    c.json(
      await addFriendEntry(c.get('db'), c.get('user'), c.req.valid('param').id, c.req.valid('json')),
      201,
    ),
  )
  .openapi(routes.addManual, async (c) =>
    c.json(
      await addManualEntry(c.get('db'), c.get('user'), c.req.valid('param').id, c.req.valid('json')),
      201,
    ),
  )
  .openapi(routes.update, async (c) => {
    const { id, entryId } = c.req.valid('param')
    return c.json(await updateEntry(c.get('db'), c.get('user'), id, entryId, c.req.valid('json')), 200)
  })
  .openapi(routes.remove, async (c) => {
    const { id, entryId } = c.req.valid('param')
    await removeEntry(c.get('db'), c.get('user'), id, entryId)
    return c.body(null, 204)
  })
  .openapi(routes.reorder, async (c) => {
    const items = await reorderEntries(
      c.get('db'),
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json').entryIds,
    )
    return c.json({ items }, 200)
  })
  .openapi(routes.invite, async (c) => {
    await limitRequest(c, [{ rule: partnerListLimits.invitesPerUser, subject: c.get('user').id }])
    const { id, entryId } = c.req.valid('param')
    const sent = await invitePartner(
      c.get('db'),
      c.get('user'),
      id,
      entryId,
      c.req.valid('json'),
      inviteContext(c),
    )
    return c.json(sent, 200)
  })
  .openapi(routes.validateInvite, async (c) => {
    await limitRequest(c, [{ rule: partnerListLimits.inviteChecksPerIp, subject: clientIp(c) }])
    return c.json(await validateInviteCode(c.get('db'), c.req.valid('param').code), 200)
  })
