// One polite live region for the whole app: news a screen reader should hear that no element on
// screen says by itself (the page that opened, a notification that arrived in the background).

type Listener = (message: string) => void
let listener: Listener | undefined
let pending: string | undefined

export function announce(message: string) {
  if (listener) listener(message)
  else pending = message
}

// The region registers itself when it mounts; a message sent before then is kept for it.
export function onAnnouncement(next: Listener) {
  listener = next
  if (pending !== undefined) {
    next(pending)
    pending = undefined
  }
  return () => {
    if (listener === next) listener = undefined
  }
}
