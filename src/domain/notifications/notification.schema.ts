import { z } from 'zod'

export const notificationTypes = ['connection_request', 'playdate_created', 'other'] as const
export type NotificationType = (typeof notificationTypes)[number]

export const notificationOutput = z.object({
  id: z.uuid(),
  type: z.enum(notificationTypes),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
})
export type NotificationOutput = z.infer<typeof notificationOutput>

export const NOTIFICATIONS_PAGE_SIZE = 20
export const NOTIFICATIONS_PAGE_MAX = 100

export const notificationListOutput = z.object({
  items: z.array(notificationOutput),
  total: z.number().int(),
  unreadCount: z.number().int(),
  // Pass as `cursor` to get the next (older) page; null on the last page.
  nextCursor: z.string().nullable(),
})
export type NotificationListOutput = z.infer<typeof notificationListOutput>

export const unreadCountOutput = z.object({ count: z.number().int().min(0) })
export type UnreadCountOutput = z.infer<typeof unreadCountOutput>

// Where a click on a notification goes. A friend request opens the Received Requests tab.
export function notificationTarget(notification: Pick<NotificationOutput, 'type' | 'link'>): string | null {
  if (notification.type === 'connection_request') return '/connections?view=received'
  const link = notification.link
  // Only paths of this app: never another site.
  return link && link.startsWith('/') && !link.startsWith('//') ? link : null
}

// '3 notifications, 1 unread'
export function notificationCountText(total: number, unread: number) {
  const noun = total === 1 ? 'notification' : 'notifications'
  return unread > 0 ? `${total} ${noun}, ${unread} unread` : `${total} ${noun}`
}
