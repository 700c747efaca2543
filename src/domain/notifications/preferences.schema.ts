import { z } from 'zod'
import { playDateZoneIds } from '../play-dates/schedule'

// What a player is told about, and how: each kind in the app, by email and by push, switched
// separately. A kind the player never switched is on (docs/decisions/0139).
export const notificationKinds = [
  'reminders',
  'applications',
  'cancellations',
  'results',
  'messages',
  'friend_requests',
  'group_games',
] as const
export type NotificationKind = (typeof notificationKinds)[number]
export const notificationChannels = ['inApp', 'email', 'push'] as const
export type NotificationChannel = (typeof notificationChannels)[number]

export const notificationKindLabel: Record<NotificationKind, string> = {
  reminders: 'Game reminders (24 hours and 2 hours before)',
  applications: 'Applications to my PlayDates and their answers',
  cancellations: 'Cancelled games',
  results: 'Game results to confirm and dispute outcomes',
  messages: 'Chat messages',
  friend_requests: 'Friend and partner requests',
  group_games: 'New games in my groups, and their weekly summary',
}

// What an email about a kind is called where it is turned off ("Cancelled games emails are off").
export const notificationKindEmailName: Record<NotificationKind, string> = {
  reminders: 'game reminder',
  applications: 'application',
  cancellations: 'cancelled game',
  results: 'game result',
  messages: 'chat message',
  friend_requests: 'friend and partner request',
  group_games: 'group games',
}

const onOrOff = () => z.boolean({ error: 'Choose on or off' })

export const notificationPreference = z.object({
  kind: z.enum(notificationKinds, { error: 'Unknown notification kind' }),
  inApp: onOrOff(),
  email: onOrOff(),
  push: onOrOff(),
})
export type NotificationPreference = z.infer<typeof notificationPreference>

// A change may leave out push (a client from before it had a switch): it then stays as it was.
export const notificationPreferenceChange = notificationPreference.extend({ push: onOrOff().optional() })
export type NotificationPreferenceChange = z.infer<typeof notificationPreferenceChange>

export const notificationPreferencesOutput = z.object({ items: z.array(notificationPreference) })
export type NotificationPreferences = z.infer<typeof notificationPreferencesOutput>

export const notificationPreferencesInput = z
  .object({
    items: z
      .array(notificationPreferenceChange, { error: 'Give the preferences to change' })
      .min(1, 'Give the preferences to change')
      .max(notificationKinds.length),
  })
  .refine((value) => new Set(value.items.map((i) => i.kind)).size === value.items.length, {
    message: 'Each kind can be given once',
    path: ['items'],
  })

export const defaultPreferences = (): NotificationPreference[] =>
  notificationKinds.map((kind) => ({ kind, inApp: true, email: true, push: true }))

// Quiet hours (quiet-hours.ts): when email and push wait for the morning, on the wall clock of the
// player's zone. `timeZone` is one of the zones games are played in; a player who never chose one
// is read in their home state's.
const wallClockTime = z
  .string({ error: 'Give a time like 21:00' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Give a time like 21:00')

export const quietHoursSettings = z.object({
  enabled: onOrOff(),
  start: wallClockTime,
  end: wallClockTime,
  timeZone: z.enum(playDateZoneIds, { error: 'Choose a time zone' }),
})
export type QuietHoursSettings = z.infer<typeof quietHoursSettings>
