// The service worker (docs/decisions/0092-installable-app.md): the app shell from the precache
// when the network is gone, and Web Push (docs/decisions/0091-web-push.md). API answers are never
// cached here.
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching'
import { appIsVisible, clickTargetUrl, notificationFromPush, pickWindow } from './notification-click'

// The few service-worker types this file uses (the project compiles against the DOM library,
// which has none of them and clashes with the WebWorker one).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request
  respondWith(response: Promise<Response>): void
}
interface PushEvent extends ExtendableEvent {
  readonly data: { text(): string } | null
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification
}
interface MessageEventLike extends ExtendableEvent {
  readonly data: unknown
}
interface WindowClient {
  readonly url: string
  readonly focused: boolean
  readonly visibilityState: 'hidden' | 'visible'
  focus(): Promise<WindowClient>
  navigate(url: string): Promise<WindowClient | null>
}
interface ServiceWorkerScope {
  readonly __WB_MANIFEST: Array<{ url: string; revision: string | null }>
  readonly location: Location
  readonly registration: ServiceWorkerRegistration
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>
    openWindow(url: string): Promise<WindowClient | null>
  }
  skipWaiting(): Promise<void>
  addEventListener(type: 'install', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void
}
declare const self: ServiceWorkerScope

// The built JS, CSS and icons of the shell (scripts/vite/installable-app.ts picks them), kept per version.
cleanupOutdatedCaches()
precacheAndRoute(self.__WB_MANIFEST)

// The page HTML comes from the server (it fills in the app's settings), so it is not in the build's
// precache: the worker keeps the server's `/` of its own version and shows it when a navigation
// finds no network. Online, every navigation goes to the server as before.
const SHELL_CACHE = 'picklematch-shell'
const SHELL_URL = '/'

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(SHELL_CACHE).then((cache) => cache.add(new Request(SHELL_URL, { cache: 'reload' }))),
  )
})

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.mode !== 'navigate' || request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || /^\/(api|dev)\//.test(url.pathname)) return
  event.respondWith(
    fetch(request).catch(async (error: unknown) => {
      const shell = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE })
      if (shell) return shell
      throw error
    }),
  )
})

// Update prompt: a new version waits until the player taps Reload (app/service-worker.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

self.addEventListener('push', (event) => {
  const { title, options, quietWhileOpen } = notificationFromPush(event.data?.text())
  event.waitUntil(
    (async () => {
      if (quietWhileOpen) {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
        if (appIsVisible(windows, self.location.origin)) return
      }
      await self.registration.showNotification(title, options)
    })(),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const origin = self.location.origin
  const url = clickTargetUrl((event.notification.data as { url?: unknown } | null)?.url, origin)
  event.waitUntil(
    (async () => {
      const open = pickWindow(
        await self.clients.matchAll({ type: 'window', includeUncontrolled: true }),
        origin,
      )
      if (open) {
        // navigate() works on a window this worker controls; another one gets a new window. The
        // page moves first: a browser that refuses to bring the window forward still shows it.
        const moved = open.url === url ? open : await open.navigate(url).catch(() => null)
        if (moved) {
          await moved.focus().catch(() => undefined)
          return
        }
      }
      await self.clients.openWindow(url)
    })(),
  )
})
