import { z } from 'zod'

// What a player is told about, and how: each kind in the app and by email, switched separately.
// A kind the player never switched is on.
export const notificationKinds = [
  'reminders',
  'applications',
  'results',
  'messages',
  'friend_requests',
] as const
export type NotificationKind = (typeof notificationKinds)[number]
export const notificationChannels = ['inApp', 'email'] as const
export type NotificationChannel = (typeof notificationChannels)[number]

export const notificationKindLabel: Record<NotificationKind, string> = {
  reminders: 'Game reminders (24 hours and 2 hours before)',
  applications: 'Applications to my PlayDates and their answers',
  results: 'Game results to confirm',
  messages: 'Chat messages',
  friend_requests: 'Friend and partner requests',
}

export const notificationPreference = z.object({
  kind: z.enum(notificationKinds, { error: 'Unknown notification kind' }),
  inApp: z.boolean({ error: 'Choose on or off' }),
  email: z.boolean({ error: 'Choose on or off' }),
})
export type NotificationPreference = z.infer<typeof notificationPreference>

export const notificationPreferencesOutput = z.object({ items: z.array(notificationPreference) })
export type NotificationPreferences = z.infer<typeof notificationPreferencesOutput>

export const notificationPreferencesInput = z
  .object({
    items: z
      .array(notificationPreference, { error: 'Give the preferences to change' })
      .min(1, 'Give the preferences to change')
      .max(notificationKinds.length),
  })
  .refine((value) => new Set(value.items.map((i) => i.kind)).size === value.items.length, {
    message: 'Each kind can be given once',
    path: ['items'],
  })

export const defaultPreferences = (): NotificationPreference[] =>
  notificationKinds.map((kind) => ({ kind, inApp: true, email: true }))
