import type { ExternalToast } from 'sonner'

// The toast library is not part of any page's first load (docs/decisions/0041-web-first-load.md):
// the toaster loads once the first page is idle, or at the first toast if that comes sooner.
type Sonner = typeof import('sonner')
type Message = Parameters<Sonner['toast']['success']>[0]

let loading: Promise<Sonner> | undefined
const loadStarted = new Set<() => void>()

export function loadToasts(): Promise<Sonner> {
  if (!loading) {
    const current = import('sonner')
    loading = current
    // A failed fetch (offline, a newer deploy) is tried again at the next toast.
    current.catch(() => {
      if (loading === current) loading = undefined
    })
    for (const listener of loadStarted) listener()
  }
  return loading
}

// The toaster mounts as soon as anything starts loading the library (or at once if it has).
export function onToastsLoading(listener: () => void) {
  loadStarted.add(listener)
  if (loading) listener()
  return () => {
    loadStarted.delete(listener)
  }
}

let markToasterOnScreen = () => {}
const toasterOnScreen = new Promise<void>((resolve) => {
  markToasterOnScreen = resolve
})

// The toaster's `Alerts` region calls this once it is on screen. A toast raised before waits a
// moment more: a screen reader announces what a live region receives, not a region that arrives
// with its content.
const REGION_SETTLE_MS = 150
export function toasterMounted() {
  setTimeout(markToasterOnScreen, REGION_SETTLE_MS)
}

const show = (kind: 'success' | 'error' | 'message') => (message: Message, data?: ExternalToast) => {
  Promise.all([loadToasts(), toasterOnScreen]).then(
    ([sonner]) => {
      sonner.toast[kind](message, data)
    },
    (error: unknown) => console.warn('Could not show a toast', error),
  )
}

export const toast = { success: show('success'), error: show('error'), message: show('message') }
