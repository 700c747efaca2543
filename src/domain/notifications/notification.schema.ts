import { z } from 'zod'
import { photoUrlField } from '../profiles/profile-photo'

export const notificationTypes = ['connection_request', 'playdate_created', 'other'] as const

// The title of the notice a chat message gives the PlayDate's other players. Push leaves it out of
// the system tray while the app is open and visible on the device (docs/decisions/0091).
export const NEW_MESSAGE_TITLE = 'New message'
export type NotificationType = (typeof notificationTypes)[number]

// What a notification lets the player do in its own row (docs/decisions/0103).
export const notificationActionKinds = ['answer_connection', 'answer_application', 'open_chat'] as const
export type NotificationActionKind = (typeof notificationActionKinds)[number]

// Offered only while still possible when the list was read: a request still pending, a
// PlayDate still matched or played. A stale row's button gets the server's refusal.
export const notificationAction = z
  .discriminatedUnion('kind', [
    // A friend request or a regular partner invitation to the player: Accept or Decline.
    z.object({ kind: z.literal('answer_connection'), connectionId: z.uuid() }),
    // An application to the player's open PlayDate: Accept or Decline.
    z.object({ kind: z.literal('answer_application'), requestId: z.uuid(), playDateId: z.uuid() }),
    // A message, or a match: Open chat.
    z.object({ kind: z.literal('open_chat'), playDateId: z.uuid() }),
  ])
  .nullable()
export type NotificationAction = z.infer<typeof notificationAction>

export const notificationOutput = z.object({
  id: z.uuid(),
  type: z.enum(notificationTypes),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  // The player whose action this tells of (a friend request, an application), shown by their
  // face; null for what the app itself says (a reminder).
  actor: z
    .object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), photoUrl: photoUrlField })
    .nullable(),
  action: notificationAction,
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

// `asOf`: when the count was read, in microseconds of the database's clock. Counts read at the
// same time by different requests can arrive in any order; the latest read is the one to keep
// (`latestCount`).
export const countAsOf = z
  .number()
  .int()
  .describe('When the count was read: microseconds since 1970, database clock')
export const unreadCountOutput = z.object({ count: z.number().int().min(0), asOf: countAsOf })
export type UnreadCountOutput = z.infer<typeof unreadCountOutput>

// A count read this long before the kept one is not a late answer (none takes ten minutes) but a
// database clock set back: it is taken, or the badge would stand still until the clock caught up.
export const CLOCK_SET_BACK_US = 10 * 60 * 1_000_000

// Of two unread counts, the one read later. A count is read after the commit of the change it
// follows, so the latest read includes every change whose count was read before it: keeping it
// never brings the badge back to an older number, whatever order the answers and live events
// arrive in. On a tie either will do (both were read after both changes).
export function latestCount(
  kept: UnreadCountOutput | undefined,
  arrived: UnreadCountOutput,
): UnreadCountOutput {
  if (!kept) return arrived
  const olderBy = kept.asOf - arrived.asOf
  return olderBy > 0 && olderBy < CLOCK_SET_BACK_US ? kept : arrived
}

// Where a click on a notification goes. A friend request opens the Received Requests tab.
export function notificationTarget(notification: Pick<NotificationOutput, 'type' | 'link'>): string | null {
  if (notification.type === 'connection_request') return '/connections?view=received'
  const link = notification.link
  // Only paths of this app: never another site.
  return link && link.startsWith('/') && !link.startsWith('//') ? link : null
}

// Where "Open chat" goes: the PlayDate's page, scrolled to its chat.
export const chatLink = (playDateId: string) => `/playdates/${playDateId}#team-chat`

// '3 notifications, 1 unread'
export function notificationCountText(total: number, unread: number) {
  const noun = total === 1 ? 'notification' : 'notifications'
  return unread > 0 ? `${total} ${noun}, ${unread} unread` : `${total} ${noun}`
}
