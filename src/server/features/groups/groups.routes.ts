import { createRoute, z } from '@hono/zod-openapi'
import {
  createGroupInput,
  GROUP_NOT_FOUND,
  groupDetail,
  groupInvitePreview,
  groupSummary,
  inviteCodeParam,
  JOIN_REQUEST_NOT_FOUND,
  joinOutput,
  MEMBER_NOT_FOUND,
  memberRoleInput,
} from '../../../domain/groups/group.schema'
import {
  chatMessage,
  chatMessagesQuery,
  chatPage,
  messageInput,
} from '../../../domain/play-dates/play-date.schema'
import { createApi } from '../../app-factory'
import { limitRequest, type RateLimit } from '../../lib/rate-limit'
import { requireAdmin, requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonBody, jsonContent } from '../../openapi'
import {
  answerJoinRequest,
  closeGroup,
  createGroup,
  getGroup,
  joinByInvite,
  listAllGroups,
  listMyGroups,
  previewInvite,
  removeMember,
  renewInviteLink,
  setMemberRole,
} from './groups.service'
import { listGroupMessages, sendGroupMessage } from './groups.chat'

export const groupLimits = {
  // Following invite links: enough for a player, too few to guess codes (128 bits anyway).
  invitesPerUser: { name: 'group-invite:user', limit: 60, windowSeconds: 60 * 60 },
  // The chat: as many messages a minute as a PlayDate's chat takes.
  messagesPerUser: { name: 'group-message:user', limit: 30, windowSeconds: 60 },
} satisfies Record<string, RateLimit>

const tags = ['groups']
const groupParam = z.object({ id: z.uuid({ error: GROUP_NOT_FOUND }) })
const memberParam = groupParam.extend({ userId: z.uuid({ error: MEMBER_NOT_FOUND }) })
const requestParam = groupParam.extend({ requestId: z.uuid({ error: JOIN_REQUEST_NOT_FOUND }) })
const listResponse = jsonContent(z.object({ items: z.array(groupSummary) }), 'Groups')

const routes = {
  mine: createRoute({
    method: 'get',
    path: '/groups',
    operationId: 'listMyGroups',
    tags,
    summary: "The caller's groups, the newest joined first",
    ...access.user,
    responses: { 200: listResponse, ...errorResponses(401, 403) },
  }),
  create: createRoute({
    method: 'post',
    path: '/groups',
    operationId: 'createGroup',
    tags,
    summary: 'Create a group; the caller is its owner',
    ...access.user,
    request: { body: jsonBody(createGroupInput) },
    responses: { 201: jsonContent(groupSummary, 'The new group'), ...errorResponses(400, 401, 403, 409) },
  }),
  get: createRoute({
    method: 'get',
    path: '/groups/{id}',
    operationId: 'getGroup',
    tags,
    summary: 'A group the caller is in (or any, for admins): its members with their records',
    ...access.user,
    request: { params: groupParam },
    responses: { 200: jsonContent(groupDetail, 'The group'), ...errorResponses(400, 401, 403, 404) },
  }),
  preview: createRoute({
    method: 'get',
    path: '/groups/join/{code}',
    operationId: 'previewGroupInvite',
    tags,
    summary: 'What an invite link shows before joining',
    ...access.user,
    request: { params: inviteCodeParam },
    responses: {
      200: jsonContent(groupInvitePreview, 'The group'),
      ...errorResponses(400, 401, 403, 404, 429),
    },
  }),
  join: createRoute({
    method: 'post',
    path: '/groups/join/{code}',
    operationId: 'joinGroup',
    tags,
    summary: 'Join an open group, or ask to join an invite-only one',
    ...access.user,
    request: { params: inviteCodeParam },
    responses: {
      200: jsonContent(joinOutput, 'Joined or asked'),
      ...errorResponses(400, 401, 403, 404, 409, 429),
    },
  }),
  accept: createRoute({
    method: 'post',
    path: '/groups/{id}/requests/{requestId}/accept',
    operationId: 'acceptGroupRequest',
    tags,
    summary: 'An organiser lets a player in',
    ...access.user,
    request: { params: requestParam },
    responses: { 204: { description: 'Accepted' }, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  decline: createRoute({
    method: 'post',
    path: '/groups/{id}/requests/{requestId}/decline',
    operationId: 'declineGroupRequest',
    tags,
    summary: 'An organiser turns a request down',
    ...access.user,
    request: { params: requestParam },
    responses: { 204: { description: 'Declined' }, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  role: createRoute({
    method: 'put',
    path: '/groups/{id}/members/{userId}/role',
    operationId: 'setGroupMemberRole',
    tags,
    summary: 'The owner makes a member an organiser, or an organiser a member',
    ...access.user,
    request: { params: memberParam, body: jsonBody(memberRoleInput) },
    responses: { 204: { description: 'Changed' }, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/groups/{id}/members/{userId}',
    operationId: 'removeGroupMember',
    tags,
    summary: 'Leave the group (own id), or an organiser removes a member',
    ...access.user,
    request: { params: memberParam },
    responses: { 204: { description: 'Removed' }, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  renewLink: createRoute({
    method: 'post',
    path: '/groups/{id}/invite-link',
    operationId: 'renewGroupInviteLink',
    tags,
    summary: 'A new invite link; the old one stops working',
    ...access.user,
    request: { params: groupParam },
    responses: {
      200: jsonContent(z.object({ invitePath: z.string() }), 'The new link'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  messages: createRoute({
    method: 'get',
    path: '/groups/{id}/messages',
    operationId: 'listGroupMessages',
    tags,
    summary: "A group's chat, a page at a time, oldest first (its members; admins read)",
    description:
      'Without a range, the newest page of the thread. `after` gives the newest page of what came ' +
      'after a time (catching up); `before` the page before a message (scrolling back to the start).',
    ...access.user,
    request: { params: groupParam, query: chatMessagesQuery },
    responses: { 200: jsonContent(chatPage, 'A page of messages'), ...errorResponses(400, 401, 403, 404) },
  }),
  send: createRoute({
    method: 'post',
    path: '/groups/{id}/messages',
    operationId: 'sendGroupMessage',
    tags,
    summary: "Send a message to a group's chat (its members)",
    ...access.user,
    request: { params: groupParam, body: jsonBody(messageInput) },
    responses: {
      201: jsonContent(chatMessage, 'The message'),
      ...errorResponses(400, 401, 403, 404, 409, 429),
    },
  }),
  all: createRoute({
    method: 'get',
    path: '/admin/groups',
    operationId: 'adminListGroups',
    tags,
    summary: 'Every group, the newest first (admins)',
    ...access.admin,
    responses: { 200: listResponse, ...errorResponses(401, 403) },
  }),
  close: createRoute({
    method: 'post',
    path: '/admin/groups/{id}/close',
    operationId: 'adminCloseGroup',
    tags,
    summary: 'Close a group: no one joins any more (admins)',
    ...access.admin,
    request: { params: groupParam },
    responses: { 204: { description: 'Closed' }, ...errorResponses(400, 401, 403, 404, 409) },
  }),
}

const api = createApi()
api.use('/groups', requireUser)
api.use('/groups/*', requireUser)
api.use('/admin/groups', requireAdmin)
api.use('/admin/groups/*', requireAdmin)

export const groupRoutes = api
  .openapi(routes.mine, async (c) =>
    c.json({ items: await listMyGroups(c.get('db'), c.get('user').id) }, 200),
  )
  .openapi(routes.create, async (c) =>
    c.json(await createGroup(c.get('db'), c.get('user'), c.req.valid('json')), 201),
  )
  // Before /groups/{id}, which would otherwise take 'join' for an id.
  .openapi(routes.preview, async (c) => {
    await limitRequest(c, [{ rule: groupLimits.invitesPerUser, subject: c.get('user').id }])
    return c.json(await previewInvite(c.get('db'), c.get('user').id, c.req.valid('param').code), 200)
  })
  .openapi(routes.join, async (c) => {
    await limitRequest(c, [{ rule: groupLimits.invitesPerUser, subject: c.get('user').id }])
    return c.json(await joinByInvite(c.get('db'), c.get('user'), c.req.valid('param').code), 200)
  })
  .openapi(routes.get, async (c) =>
    c.json(
      await getGroup(c.get('db'), c.get('user'), c.req.valid('param').id, c.get('deps').clock.now()),
      200,
    ),
  )
  .openapi(routes.messages, async (c) =>
    c.json(
      await listGroupMessages(c.get('db'), c.get('user'), c.req.valid('param').id, c.req.valid('query')),
      200,
    ),
  )
  .openapi(routes.send, async (c) => {
    await limitRequest(c, [{ rule: groupLimits.messagesPerUser, subject: c.get('user').id }])
    return c.json(
      await sendGroupMessage(c.get('db'), c.get('user'), c.req.valid('param').id, c.req.valid('json')),
      201,
    )
  })
  .openapi(routes.accept, async (c) => {
    const { id, requestId } = c.req.valid('param')
    await answerJoinRequest(c.get('db'), c.get('user'), id, requestId, 'accept', c.get('deps').clock.now())
    return c.body(null, 204)
  })
  .openapi(routes.decline, async (c) => {
    const { id, requestId } = c.req.valid('param')
    await answerJoinRequest(c.get('db'), c.get('user'), id, requestId, 'decline', c.get('deps').clock.now())
    return c.body(null, 204)
  })
  .openapi(routes.role, async (c) => {
    const { id, userId } = c.req.valid('param')
    await setMemberRole(c.get('db'), c.get('user'), id, userId, c.req.valid('json').role)
    return c.body(null, 204)
  })
  .openapi(routes.remove, async (c) => {
    const { id, userId } = c.req.valid('param')
    await removeMember(c.get('db'), c.get('user'), id, userId)
    return c.body(null, 204)
  })
  .openapi(routes.renewLink, async (c) =>
    c.json(await renewInviteLink(c.get('db'), c.get('user'), c.req.valid('param').id), 200),
  )
  .openapi(routes.all, async (c) => c.json({ items: await listAllGroups(c.get('db')) }, 200))
  .openapi(routes.close, async (c) => {
    await closeGroup(c.get('db'), c.get('user'), c.req.valid('param').id, c.get('deps').clock.now())
    return c.body(null, 204)
  })
