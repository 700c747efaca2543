import { TZDate, tzOffset } from '@date-fns/tz'
import { addDays, format, parseISO } from 'date-fns'
import { millisecondsInDay } from 'date-fns/constants'
import type { DateFilter, LocalDate } from './date-filters'
import type { StateCode } from './play-date.constants'
import { type PlayDateZone, playDateZoneIds, zonedInstant, zoneOfState } from './schedule'

// The Available tab's date filter. A day is a calendar day where the game is played: "this
// weekend" finds a Saturday 8:00 AM game in Phoenix and one in Orlando, each by its own clock.
// Which days the filter means ("today", "this weekend") is read in one reference zone, the zone
// of the state the player looks at, or of their home state with "All states"
// (docs/decisions/0084-finding-a-game.md).

export {
  CHOOSE_END_DATE,
  CHOOSE_START_DATE,
  type DateFilter,
  dateFilterLabels,
  dateFilters,
  END_BEFORE_START,
  type LocalDate,
  RANGE_MAX_DAYS,
  RANGE_TOO_LONG,
  rangeProblem,
} from './date-filters'

// The zone the filter's days are read in: the state's looked at; with "All states", the player's
// home state's; Pacific time for a player without one. The server and the browser both ask here,
// so "today" is the same day on both (docs/decisions/0235).
const FALLBACK_REFERENCE_ZONE: PlayDateZone = 'America/Los_Angeles'

export function referenceZoneOf(
  state: StateCode | null | undefined,
  homeState: StateCode | null | undefined,
): PlayDateZone {
  const reference = state ?? homeState
  return reference ? zoneOfState[reference] : FALLBACK_REFERENCE_ZONE
}

// Today in each zone asked, with the instants its day starts and ends: until the zone's next
// midnight the answer is the same, and Available asks on every search with a date filter.
const todayByZone = new Map<string, { today: LocalDate; from: number; to: number }>()

function dayIn(zone: string, now: Date) {
  const at = now.getTime()
  const known = todayByZone.get(zone)
  if (known && at >= known.from && at < known.to) return known
  const today = format(new TZDate(at, zone), 'yyyy-MM-dd')
  const { from, to } = zoneWindow(today, today, zone)
  const day = { today, from: from.getTime(), to: to.getTime() }
  todayByZone.set(zone, day)
  return day
}

export const todayIn = (zone: string, now: Date): LocalDate => dayIn(zone, now).today

// The instant today ends in a zone, its next midnight: when "today" next moves there, 23 or 25
// hours after the last on the days the clocks change.
export const nextMidnightIn = (zone: string, now: Date): Date => new Date(dayIn(zone, now).to)

const plusDays = (date: LocalDate, days: number): LocalDate =>
  format(addDays(parseISO(date), days), 'yyyy-MM-dd')

// The first and last local day a filter covers, from today in the reference zone. On a weekday
// "this weekend" is the coming Saturday and Sunday; on Saturday, today and tomorrow; on Sunday,
// today.
export function localDays(
  filter: DateFilter,
  today: LocalDate,
  range?: { from: LocalDate; to: LocalDate },
): { first: LocalDate; last: LocalDate } {
  if (filter === 'range') {
    if (!range) throw new Error('A range filter needs its dates')
    return { first: range.from, last: range.to }
  }
  // Today's spans change once a day: the last few are kept, as the zones' windows are.
  const key = `${filter}/${today}`
  let days = daysCache.get(key)
  if (!days) {
    days = Object.freeze(daysFrom(filter, today))
    if (daysCache.size >= WINDOW_CACHE_SIZE) daysCache.clear()
    daysCache.set(key, days)
  }
  return days
}

const daysCache = new Map<string, { readonly first: LocalDate; readonly last: LocalDate }>()

function daysFrom(filter: 'today' | 'week' | 'weekend', today: LocalDate) {
  switch (filter) {
    case 'today':
      return { first: today, last: today }
    case 'week':
      return { first: today, last: plusDays(today, 6) }
    case 'weekend': {
      const weekday = parseISO(today).getDay() // 0 Sunday … 6 Saturday
      if (weekday === 0) return { first: today, last: today }
      const saturday = plusDays(today, 6 - weekday)
      return { first: saturday, last: plusDays(saturday, 1) }
    }
  }
}

// The instants [from, to) of local days `first`..`last` in a zone: midnight to midnight by that
// zone's clock, whatever daylight saving does in between.
export function zoneWindow(first: LocalDate, last: LocalDate, zone: string): { from: Date; to: Date } {
  const midnight = (date: LocalDate) => {
    // The zone's own midnight, not the machine's reading of it (schedule.ts, zonedInstant).
    const start = zonedInstant(date, '00:00', zone)
    if (start) return start
    // A zone whose clocks skip midnight starts that day as they jump: at midnight by the offset
    // of the day before.
    const [y, m, d] = date.split('-').map(Number)
    const asUtc = Date.UTC(y!, m! - 1, d!)
    return new Date(asUtc - tzOffset(zone, new Date(asUtc - millisecondsInDay)) * 60_000)
  }
  return { from: midnight(first), to: midnight(plusDays(last, 1)) }
}

export type ZoneWindows = ReadonlyArray<{
  readonly zone: PlayDateZone
  readonly from: Date
  readonly to: Date
}>

// The windows of the few day spans asked for lately (today, this weekend, the next 7 days …):
// finding a zone's midnight costs tens of microseconds, and Available asks on every search.
const WINDOW_CACHE_SIZE = 64
const windowCache = new Map<string, ZoneWindows>()

// The window in every zone a PlayDate can be in, in `playDateZoneIds` order.
export function zoneWindows(first: LocalDate, last: LocalDate): ZoneWindows {
  const key = `${first}/${last}`
  let windows = windowCache.get(key)
  if (!windows) {
    windows = Object.freeze(
      playDateZoneIds.map((zone) => Object.freeze({ zone, ...zoneWindow(first, last, zone) })),
    )
    if (windowCache.size >= WINDOW_CACHE_SIZE) windowCache.clear()
    windowCache.set(key, windows)
  }
  return windows
}
