const MINUTE_MS = 60 * 1000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`

// 'Just now' under a minute, 'N minute(s) ago' under an hour, 'N hour(s) ago' under a day,
// otherwise the date. A time slightly in the future (clock skew) counts as 'Just now'.
export function formatRelativeTime(value: Date | string, now: Date = new Date(), locale = 'en-US') {
  const date = typeof value === 'string' ? new Date(value) : value
  const elapsed = now.getTime() - date.getTime()
  if (elapsed < MINUTE_MS) return 'Just now'
  if (elapsed < HOUR_MS) return plural(Math.floor(elapsed / MINUTE_MS), 'minute')
  if (elapsed < DAY_MS) return plural(Math.floor(elapsed / HOUR_MS), 'hour')
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' })
}
