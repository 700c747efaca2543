import { z } from 'zod'

// Web Push (docs/decisions/0091-web-push.md): what the settings page needs to subscribe a device,
// and the subscription the browser hands over.

export const PUSH_MESSAGES = {
  endpoint: 'The browser gave no valid push address',
  keys: 'The browser gave no valid push keys',
  off: 'Push notifications are not set up on this server',
  notAPushService: 'This push address does not belong to a known push service',
} as const

export const pushConfig = z.object({
  // Off when the server has no VAPID keys (several instances without VAPID_* settings).
  enabled: z.boolean(),
  publicKey: z.string().nullable(),
})
export type PushConfig = z.infer<typeof pushConfig>

// base64url, as PushSubscription.toJSON() gives the keys.
const base64url = (max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_MESSAGES.keys)
    .max(max)

export const pushSubscriptionInput = z.object({
  endpoint: z.url({ error: PUSH_MESSAGES.endpoint, protocol: /^https?$/ }).max(1000, PUSH_MESSAGES.endpoint),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }, { error: PUSH_MESSAGES.keys }),
})
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>

export const pushUnsubscribeInput = z.object({
  endpoint: z.url({ error: PUSH_MESSAGES.endpoint }).max(1000, PUSH_MESSAGES.endpoint),
})

// What the service worker receives and shows.
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  // The app page a tap opens.
  url: z.string(),
  tag: z.string(),
  // A chat message: not shown while a window of the app is visible on the device, where the
  // chat and the badge already follow live.
  quietWhileOpen: z.boolean().optional(),
})
export type PushPayload = z.infer<typeof pushPayload>
