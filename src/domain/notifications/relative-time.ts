import { millisecondsInDay, millisecondsInHour, millisecondsInMinute } from 'date-fns/constants'
import { formatDay } from '../display-dates'

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`

// 'Just now' under a minute, 'N minute(s) ago' under an hour, 'N hour(s) ago' under a day,
// otherwise the date on the player's own calendar ('Jun 14, 2025'). A time slightly in the future
// (clock skew) counts as 'Just now'. Written by date-fns: the browser's first `Intl` format loads
// its locale data, a pause in the render of the dashboard's activity or the notifications (0125).
export function formatRelativeTime(value: Date | string, now: Date = new Date()) {
  const date = typeof value === 'string' ? new Date(value) : value
  const elapsed = now.getTime() - date.getTime()
  if (elapsed < millisecondsInMinute) return 'Just now'
  if (elapsed < millisecondsInHour) return plural(Math.floor(elapsed / millisecondsInMinute), 'minute')
  if (elapsed < millisecondsInDay) return plural(Math.floor(elapsed / millisecondsInHour), 'hour')
  return formatDay(date)
}
