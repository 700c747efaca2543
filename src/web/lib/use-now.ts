import { useEffect, useState } from 'react'

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
