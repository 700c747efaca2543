import { useEffect, useMemo, useState } from 'react'
import { nextMidnightIn, todayIn } from '../../domain/play-dates/date-window'
import { serverNow } from './server-clock'

// The current time, read again every `intervalMs`: relative times ("5 minutes ago") move on
// while a page stays open.
export function useNow(intervalMs = 60_000) {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}

// The server's time, read again when the day changes in `zone`: what a day's words say ("today",
// "tomorrow", the date filter's "this weekend") moves on at that zone's midnight on a page left
// open across it. One timer, for the next midnight by the server's clock, set again after it
// fires. A phone asleep holds the page's timers, so the day is checked again when the page is
// shown (docs/decisions/0235). Without a zone, the time the component first rendered.
export function useNowByDay(zone: string | null): Date {
  const [now, setNow] = useState(serverNow)
  const day = zone ? todayIn(zone, new Date(now)) : null
  useEffect(() => {
    if (!zone) return
    let timer: ReturnType<typeof setTimeout> | undefined
    // A timer can fire a moment early, and a clock can be moved back: the day is compared, not
    // taken to have changed.
    const check = () => {
      clearTimeout(timer)
      const current = serverNow()
      if (todayIn(zone, new Date(current)) !== day) {
        setNow(current)
        return
      }
      timer = setTimeout(check, nextMidnightIn(zone, new Date(current)).getTime() - current)
    }
    const checkWhenShown = () => {
      if (document.visibilityState === 'visible') check()
    }
    check()
    document.addEventListener('visibilitychange', checkWhenShown)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', checkWhenShown)
    }
  }, [zone, day])
  return useMemo(() => new Date(now), [now])
}
