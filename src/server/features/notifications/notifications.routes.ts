import { createRoute, z } from '@hono/zod-openapi'
import {
  NOTIFICATIONS_PAGE_MAX,
  NOTIFICATIONS_PAGE_SIZE,
  notificationListOutput,
  notificationOutput,
  unreadCountOutput,
} from '../../../domain/notifications/notification.schema'
import { createApi } from '../../app-factory'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonContent } from '../../openapi'
import {
  countUnread,
  deleteAllNotifications,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  markNotificationsSeen,
} from './notifications.service'

const tags = ['notifications']
const idParams = z.object({ id: z.uuid({ error: 'Notification not found' }) })

const list = createRoute({
  method: 'get',
  path: '/notifications',
  operationId: 'listNotifications',
  tags,
  summary: 'The signed-in player’s notifications, newest first, one page at a time',
  ...access.user,
  middleware: [requireUser] as const,
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(NOTIFICATIONS_PAGE_SIZE),
      cursor: z.string().max(200).optional(),
    }),
  },
  responses: {
    200: jsonContent(notificationListOutput, 'A page of notifications with the totals'),
    ...errorResponses(400, 401, 403),
  },
})

const unreadCount = createRoute({
  method: 'get',
  path: '/notifications/unread-count',
  operationId: 'getUnreadNotificationCount',
  tags,
  summary:
    'The badge: how many of the signed-in player’s notifications are unread and not yet seen in the list',
  ...access.user,
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(unreadCountOutput, 'The unread count'), ...errorResponses(401, 403) },
})

const markRead = createRoute({
  method: 'post',
  path: '/notifications/{id}/read',
  operationId: 'markNotificationRead',
  tags,
  summary: 'Mark one of the player’s notifications read',
  ...access.user,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: {
    200: jsonContent(notificationOutput, 'The notification, now read'),
    ...errorResponses(400, 401, 403, 404),
  },
})

const markAllRead = createRoute({
  method: 'post',
  path: '/notifications/read-all',
  operationId: 'markAllNotificationsRead',
  tags,
  summary: 'Mark all of the player’s notifications read',
  ...access.user,
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(z.object({ marked: z.number().int() }), 'How many were marked read'),
    ...errorResponses(401, 403),
  },
})

const markSeen = createRoute({
  method: 'post',
  path: '/notifications/seen',
  operationId: 'markNotificationsSeen',
  tags,
  summary:
    'The player opened the list: clear the badge. Each notification stays unread until opened or marked read',
  ...access.user,
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(z.object({ marked: z.number().int() }), 'How many were newly seen'),
    ...errorResponses(401, 403),
  },
})

const dismiss = createRoute({
  method: 'delete',
  path: '/notifications/{id}',
  operationId: 'dismissNotification',
  tags,
  summary: 'Dismiss (delete) one of the player’s notifications',
  ...access.user,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: { 204: { description: 'Dismissed' }, ...errorResponses(400, 401, 403, 404) },
})

const dismissAll = createRoute({
  method: 'delete',
  path: '/notifications',
  operationId: 'dismissAllNotifications',
  tags,
  summary: 'Dismiss (delete) all of the player’s notifications',
  ...access.user,
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(z.object({ deleted: z.number().int() }), 'How many were dismissed'),
    ...errorResponses(401, 403),
  },
})

export const notificationRoutes = createApi()
  .openapi(list, async (c) =>
    c.json(await listNotifications(c.get('db'), c.get('user').id, c.req.valid('query')), 200),
  )
  .openapi(unreadCount, async (c) =>
    c.json(await countUnread(c.get('db'), c.get('user').id, c.get('deps').database.unreadCache), 200),
  )
  .openapi(markAllRead, async (c) =>
    c.json({ marked: await markAllNotificationsRead(c.get('db'), c.get('user').id) }, 200),
  )
  .openapi(markSeen, async (c) =>
    c.json({ marked: await markNotificationsSeen(c.get('db'), c.get('user').id) }, 200),
  )
  .openapi(markRead, async (c) =>
    c.json(await markNotificationRead(c.get('db'), c.get('user').id, c.req.valid('param').id), 200),
  )
  .openapi(dismiss, async (c) => {
    await deleteNotification(c.get('db'), c.get('user').id, c.req.valid('param').id)
    return c.body(null, 204)
  })
  .openapi(dismissAll, async (c) =>
    c.json({ deleted: await deleteAllNotifications(c.get('db'), c.get('user').id) }, 200),
  )
