import { z } from 'zod'
import { photoUrlField } from '../players/profile-photo'

import { notificationTypes, type UnreadCount } from './notification.constants'

export * from './notification.constants'

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
    // A spot offered from the waitlist or to a sub, still open: Take the spot or Decline.
    z.object({ kind: z.literal('take_spot'), offerId: z.uuid(), playDateId: z.uuid() }),
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
  // The game it is about, named as in its email and push ("Sat, Dec 5 · 8:00 AM MST at Red
  // Mountain Pickleball Park"); null when it is about none.
  game: z.object({ id: z.uuid(), label: z.string() }).nullable(),
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
export const unreadCountOutput = z.object({
  count: z.number().int().min(0),
  asOf: countAsOf,
}) satisfies z.ZodType<UnreadCount>
export type UnreadCountOutput = z.infer<typeof unreadCountOutput>
