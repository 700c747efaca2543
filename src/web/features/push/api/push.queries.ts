import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { urlBase64ToUint8Array } from '../push-keys'
import { pushConfigQuery } from './push-config.query'

// Push on this device (docs/decisions/0091-web-push.md, 0092-installable-app.md): the browser
// holds the subscription, the server keeps a copy to send to.

const deviceKey = ['push-device'] as const

export type DevicePushState = 'on' | 'off' | 'blocked'

export const canGetPush = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window

export function usePushConfig() {
  return useQuery(pushConfigQuery())
}

// The service worker registers after the page has loaded (app/service-worker.ts): wait for it.
const SERVICE_WORKER_WAIT_MS = 10_000
async function requireRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), SERVICE_WORKER_WAIT_MS)),
  ])
  if (!registration) throw new Error('The app’s service worker is not running, so push cannot start')
  return registration
}

async function currentSubscription() {
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

async function readDeviceState(): Promise<DevicePushState> {
  if (Notification.permission === 'denied') return 'blocked'
  if (Notification.permission !== 'granted') return 'off'
  return (await currentSubscription()) ? 'on' : 'off'
}

export function useDevicePush(enabled: boolean) {
  return useQuery({ queryKey: deviceKey, queryFn: readDeviceState, enabled: enabled && canGetPush() })
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i])

// Once the player has allowed notifications, the browser's part (its service worker, the push
// service's address) has this long to answer; after it, turning on is given up with a message
// instead of a button that spins on. A phone without a network, or a browser whose push service
// is out of reach, never answers at all.
export const PUSH_TURN_ON_TIMEOUT_MS = 15_000
export const PUSH_NO_ANSWER =
  'Your browser did not answer within 15 seconds. Check your connection and that notifications are allowed for this site, then try again.'

export class PushNoAnswer extends Error {
  constructor() {
    super(PUSH_NO_ANSWER)
  }
}

// Asks for the browser's permission (only now, after the tap), subscribes and tells the server.
async function turnOn(publicKey: string): Promise<DevicePushState> {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off'
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    return await Promise.race([
      subscribe(publicKey),
      new Promise<never>(
        (_, reject) => (timer = setTimeout(() => reject(new PushNoAnswer()), PUSH_TURN_ON_TIMEOUT_MS)),
      ),
    ])
  } finally {
    clearTimeout(timer)
  }
}

async function subscribe(publicKey: string): Promise<DevicePushState> {
  const registration = await requireRegistration()
  const key = urlBase64ToUint8Array(publicKey)
  let subscription = await registration.pushManager.getSubscription()
  // A subscription made with an older server key cannot be reused.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  })
  // The DOM types every part of toJSON() as optional: a browser that leaves a key out gets the
  // server's refusal, as before.
  const { keys } = subscription.toJSON()
  try {
    await api.post('/push/subscriptions', {
      body: { endpoint: subscription.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } },
    })
  } catch (error) {
    // The server did not take it: the device goes back to off rather than look on.
    await subscription.unsubscribe().catch(() => undefined)
    throw error
  }
  return 'on'
}

// Unsubscribes in the browser first: even if telling the server fails, nothing reaches this device,
// and the push service's answer makes the server drop the address.
async function turnOff(): Promise<DevicePushState> {
  const subscription = await currentSubscription()
  if (subscription) {
    const { endpoint } = subscription
    await subscription.unsubscribe()
    await api.post('/push/subscriptions/remove', { body: { endpoint } })
  }
  return 'off'
}

export function useTurnPushOn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: turnOn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKey }),
  })
}

export function useTurnPushOff() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: turnOff,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKey }),
  })
}
