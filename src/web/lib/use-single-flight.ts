import { useCallback, useLayoutEffect, useRef } from 'react'

// One action per tap. A button is disabled while its request runs, but only once the page has
// redrawn: a double tap, or a second tap on a phone busy redrawing, lands before that and sent
// the request twice (two PlayDates, a chat message twice, or an error toast for the second
// cancel of a PlayDate the first one had cancelled). `guard(action)` runs the action once, and
// again only after `pending` has gone back to false, or at once if it never became true (an
// action that sent nothing). "At once" is a zero-delay timer set after the action: a mutation the
// action started sets its own zero-delay timer first (TanStack Query hands its observers the
// pending state that way) and timers run in order, so the page has seen `pending` by then. It was
// the next animation frame, which on a busy machine came before that timer and let the second
// tap of a double tap through.
export function useSingleFlight(pending: boolean) {
  const inFlight = useRef(false)
  const pendingNow = useRef(pending)

  useLayoutEffect(() => {
    pendingNow.current = pending
    if (!pending) inFlight.current = false
  }, [pending])

  return useCallback((action: () => void) => {
    if (inFlight.current) return
    inFlight.current = true
    action()
    setTimeout(() => {
      if (!pendingNow.current) inFlight.current = false
    }, 0)
  }, [])
}
