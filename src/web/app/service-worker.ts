import { Workbox } from 'workbox-window'
import { toast } from '../lib/toast'

// The service worker (service-worker/sw.ts, docs/decisions/0092-installable-app.md). A new version
// never takes over on its own: it waits, and the player taps Reload when it suits them, so nothing
// they are typing is lost to a reload they did not ask for.
export function registerServiceWorker() {
  const workbox = new Workbox('/sw.js')
  let registration: ServiceWorkerRegistration | undefined
  workbox.addEventListener('waiting', () => {
    toast.message('Update available', {
      id: 'update-available',
      description: 'A new version of PickleMatch is ready.',
      duration: Number.POSITIVE_INFINITY,
      actionButtonStyle: { minHeight: 44, padding: '0 16px' },
      action: {
        label: 'Reload',
        onClick: () => {
          // Reload in another tab has already put the new version in charge: this page only
          // reloads to run it.
          if (registration && !registration.waiting) {
            window.location.reload()
            return
          }
          // The page reloads once the new version has taken over, so it runs the new files.
          workbox.addEventListener('controlling', () => window.location.reload())
          workbox.messageSkipWaiting()
        },
      },
    })
  })
  workbox.register().then(
    (registered) => {
      registration = registered
    },
    (error: unknown) => console.warn('The service worker did not register', error),
  )
}
