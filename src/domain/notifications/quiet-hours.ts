import { TZDate } from '@date-fns/tz'

// Quiet hours: email and push wait until they end, in-app notices do not. They are read on the
// wall clock of the player's own zone, so a change of the clocks (daylight saving) moves the
// instant they end, never the hour (docs/decisions/0135-quiet-hours-and-the-games-label.md).

// 'HH:mm', 24-hour.
export interface QuietHours {
  enabled: boolean
  start: string
  end: string
}

export const DEFAULT_QUIET_HOURS: QuietHours = { enabled: true, start: '21:00', end: '08:00' }

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number)
  return h! * 60 + m!
}

// The first instant at or after the wall-clock time `minutes` on the day `dayOffset` days after
// the local date of `local`, in `zone`. A time the clocks skip (2:30 AM the night they go forward)
// is read as the same time after the jump, as TZDate does.
function wallTime(local: TZDate, dayOffset: number, minutes: number, zone: string): Date {
  const at = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + dayOffset,
    Math.floor(minutes / 60),
    minutes % 60,
    0,
    zone,
  )
  return new Date(at.getTime())
}

// When the quiet hours that hold `now` end, or null when `now` is outside them (or they are off,
// or start and end are the same time).
export function quietHoursEnd(now: Date, quiet: QuietHours, zone: string): Date | null {
  if (!quiet.enabled) return null
  const start = minutesOf(quiet.start)
  const end = minutesOf(quiet.end)
  if (start === end) return null
  const local = new TZDate(now.getTime(), zone)
  const minute = local.getHours() * 60 + local.getMinutes()
  if (start < end) return minute >= start && minute < end ? wallTime(local, 0, end, zone) : null
  // Across midnight: from the start in the evening to the end the next morning.
  if (minute < end) return wallTime(local, 0, end, zone)
  if (minute >= start) return wallTime(local, 1, end, zone)
  return null
}

// The kinds of notice that are the point even at night: a reminder of a game or its cancellation
// goes out at once when the game starts before the quiet hours end.
export const URGENT_AT_NIGHT = ['reminders', 'cancellations'] as const

// When a notice by email or push should reach the player: now, or the end of their quiet hours.
// `urgentStart`: the start of the game an urgent notice is about (a reminder, a cancellation); a
// game that starts as they end is told now too, since held it would arrive as the game starts.
export function deliveryTime(now: Date, quiet: QuietHours, zone: string, urgentStart?: Date | null): Date {
  const end = quietHoursEnd(now, quiet, zone)
  if (!end) return now
  if (urgentStart && urgentStart.getTime() <= end.getTime()) return now
  return end
}
