// The zod-free part of notifications: their kinds, the words and links of a row, and which of two
// unread counts to keep. The signed-in shell imports these from here and loads no zod
// (docs/decisions/0118); notification.schema.ts re-exports them.

export const notificationTypes = ['connection_request', 'playdate_created', 'other'] as const

// The title of the notice a chat message gives the PlayDate's other players. Push leaves it out of
// the system tray while the app is open and visible on the device (docs/decisions/0091).
export const NEW_MESSAGE_TITLE = 'New message'
export type NotificationType = (typeof notificationTypes)[number]

// What a notification lets the player do in its own row (docs/decisions/0103).
export const notificationActionKinds = [
  'answer_connection',
  'answer_application',
  'open_chat',
  'take_spot',
] as const
export type NotificationActionKind = (typeof notificationActionKinds)[number]

// A count read this long before the kept one is not a late answer (none takes ten minutes) but a
// database clock set back: it is taken, or the badge would stand still until the clock caught up.
export const CLOCK_SET_BACK_US = 10 * 60 * 1_000_000

// An unread count and when it was read (microseconds of the database's clock); the schema's
// `unreadCountOutput` is checked against it.
export interface UnreadCount {
  count: number
  asOf: number
}

// Of two unread counts, the one read later. A count is read after the commit of the change it
// follows, so the latest read includes every change whose count was read before it: keeping it
// never brings the badge back to an older number, whatever order the answers and live events
// arrive in. On a tie either will do (both were read after both changes).
export function latestCount(kept: UnreadCount | undefined, arrived: UnreadCount): UnreadCount {
  if (!kept) return arrived
  const olderBy = kept.asOf - arrived.asOf
  return olderBy > 0 && olderBy < CLOCK_SET_BACK_US ? kept : arrived
}

// Where a click on a notification goes. A friend request opens the Received Requests tab.
export function notificationTarget(notification: {
  type: NotificationType
  link: string | null
}): string | null {
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
