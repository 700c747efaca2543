import { TZDate, tzOffset } from '@date-fns/tz'
import { addDays, addMinutes, differenceInCalendarDays, format, startOfDay } from 'date-fns'
import { millisecondsInDay } from 'date-fns/constants'
import type { StateCode } from './play-date.constants'

// When a PlayDate is played: a start instant, the IANA zone it is shown in, and a duration.
// Wall-clock dates and times are read in the PlayDate's own zone, never the viewer's: a player
// in Phoenix looking at a Florida game sees Florida's time, with its abbreviation.

export const playDateZones = [
  { zone: 'America/New_York', label: 'Eastern time' },
  { zone: 'America/Chicago', label: 'Central time' },
  { zone: 'America/Denver', label: 'Mountain time' },
  { zone: 'America/Phoenix', label: 'Arizona time', noDaylightSaving: true },
  { zone: 'America/Los_Angeles', label: 'Pacific time' },
  { zone: 'America/Anchorage', label: 'Alaska time' },
  { zone: 'Pacific/Honolulu', label: 'Hawaii time', noDaylightSaving: true },
] as const
// A zone as a choice: 'Arizona time', or 'Arizona time (this state)' for the state's own, short
// enough for a phone's select. That a zone keeps no daylight saving time is said under the field.
export const zoneChoiceLabel = (choice: { label: string }, isThisState = false): string =>
  isThisState ? `${choice.label} (this state)` : choice.label

// 'Arizona time has no daylight saving time' for a zone without it, else nothing.
export function zoneNote(zone: string): string | undefined {
  const choice = playDateZones.find((z) => z.zone === zone)
  return choice && 'noDaylightSaving' in choice ? `${choice.label} has no daylight saving time` : undefined
}

export const playDateZoneIds = playDateZones.map((z) => z.zone) as [PlayDateZone, ...PlayDateZone[]]
export type PlayDateZone = (typeof playDateZones)[number]['zone']

// The zone a state's games are in: the zone most of the state keeps. In the states with two
// zones a venue's own zone comes from its coordinates (docs/decisions/0157); a place without a
// venue takes the state's, and the creator may pick another (the Florida panhandle is on
// Central time, El Paso on Mountain time).
export const zoneOfState: Record<StateCode, PlayDateZone> = {
  AZ: 'America/Phoenix',
  CA: 'America/Los_Angeles',
  UT: 'America/Denver',
  TX: 'America/Chicago',
  FL: 'America/New_York',
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AR: 'America/Chicago',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Denver',
  IL: 'America/Chicago',
  IN: 'America/New_York',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/New_York',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
}

// States with two zones: a venue there takes the zone at its coordinates.
export const statesWithTwoZones: ReadonlySet<StateCode> = new Set([
  'AK',
  'FL',
  'ID',
  'IN',
  'KS',
  'KY',
  'MI',
  'ND',
  'NE',
  'NV',
  'OR',
  'SD',
  'TN',
  'TX',
  'AZ',
])

export const DURATION_MIN = 30
export const DURATION_MAX = 240
export const DURATION_STEP = 30
export const DEFAULT_DURATION = 120
export const durationOptions: number[] = Array.from(
  { length: (DURATION_MAX - DURATION_MIN) / DURATION_STEP + 1 },
  (_, i) => DURATION_MIN + i * DURATION_STEP,
)

export const START_MIN_AHEAD_MINUTES = 30
export const START_MAX_AHEAD_DAYS = 90

export const TIME_TO_BE_AGREED = 'Time to be agreed'
export const startTooSoon = `Start must be at least ${START_MIN_AHEAD_MINUTES} minutes from now`
export const startTooLate = `Start must be within ${START_MAX_AHEAD_DAYS} days`
export const startDoesNotExist = 'That time does not exist on this day (the clocks change): choose another'
export const PLACE_MAX = 120

// The instant of a wall-clock date and time in a zone; null for a time the zone skips when its
// clocks go forward (2:30 AM on the second Sunday of March in Denver does not exist), and the first
// of the two for a time it lives twice when they go back (1:30 AM on the first Sunday of November).
// Read from the zone's offsets alone, so that the server and every phone give the same instant
// whatever zone their own machine is in: a date built from its parts in a zone goes through the
// machine's zone, which chose the second 1:30 AM on a machine without daylight saving time.
export function zonedInstant(date: string, time: string, zone: string): Date | null {
  const [y, m, d] = date.split('-').map(Number)
  const [hh, mm] = time.split(':').map(Number)
  const asUtc = Date.UTC(y!, m! - 1, d!, hh!, mm!)
  if (Number.isNaN(asUtc)) return null
  // The zone's offsets a day either side hold every offset this wall time can have: a zone changes
  // its clocks at most once a day.
  const offsets = new Set(
    [-millisecondsInDay, 0, millisecondsInDay].map((shift) => tzOffset(zone, new Date(asUtc + shift))),
  )
  const instants = [...offsets]
    .map((offset) => asUtc - offset * 60_000)
    .filter((instant) => tzOffset(zone, new Date(instant)) * 60_000 === asUtc - instant)
    .sort((a, b) => a - b)
  const first = instants[0]
  if (first === undefined) return null
  const roundTrip = format(new TZDate(first, zone), 'yyyy-MM-dd HH:mm')
  return roundTrip === `${date} ${time}` ? new Date(first) : null
}

// The date and time inputs' values for an instant, in the PlayDate's zone.
export function wallClock(start: Date, zone: string): { date: string; time: string } {
  const local = new TZDate(start.getTime(), zone)
  return { date: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm') }
}

export function startProblem(start: Date, now: Date): string | null {
  if (start.getTime() < addMinutes(now, START_MIN_AHEAD_MINUTES).getTime()) return startTooSoon
  if (start.getTime() > addDays(now, START_MAX_AHEAD_DAYS).getTime()) return startTooLate
  return null
}

export const endOf = (start: Date, durationMinutes: number) => addMinutes(start, durationMinutes)

// The earliest start of a game that can still be under way at `instant`: the longest lasts
// DURATION_MAX minutes (play_dates_duration_range), so one that started before this has ended.
export const earliestStartReaching = (instant: Date) => addMinutes(instant, -DURATION_MAX)

// An instant's date and time on the PlayDate zone's clock (docs/decisions/0155).
const zoned = (instant: Date, zone: string) => new TZDate(instant.getTime(), zone)

// The zone's calendar day that holds an instant, from its midnight to the next: 23 or 25 hours on
// the days the clocks change.
export function zonedDayOf(instant: Date, zone: string): { start: Date; end: Date } {
  const start = startOfDay(zoned(instant, zone))
  return { start: new Date(start.getTime()), end: new Date(addDays(start, 1).getTime()) }
}

// The zone's short name on that date ("MST", "MDT"), as @date-fns/tz's tzName gives it, from one
// formatter per zone made once: tzName makes a new Intl.DateTimeFormat on every call, about
// 100 µs each on the server, more than the rest of formatStart (a home page formats several;
// bench/results/profiles/where-the-time-goes-mix.md).
const zoneNames = new Map<string, Intl.DateTimeFormat>()
function zoneName(zone: string, instant: Date): string {
  let formatter = zoneNames.get(zone)
  if (!formatter) {
    // The hour makes every engine render the time (JavaScriptCore leaves it out otherwise).
    formatter = new Intl.DateTimeFormat('en-US', { hour: 'numeric', timeZone: zone, timeZoneName: 'short' })
    zoneNames.set(zone, formatter)
  }
  // "8 AM MST": the name follows the hour and AM/PM (some engines put no-break spaces between).
  return formatter.format(instant).split(/\s/g).slice(2).join(' ')
}

// "Sat, Dec 5 · 8:00 AM MST"
export function formatStart(start: Date, zone: string): string {
  const local = zoned(start, zone)
  return `${format(local, 'EEE, MMM d · h:mm a')} ${zoneName(zone, local)}`
}

// "Sat, Dec 5" on the zone's calendar.
export const formatDate = (instant: Date, zone: string): string => format(zoned(instant, zone), 'EEE, MMM d')

// "8:00 AM" in the PlayDate's zone (for "8:00 – 10:00 AM MST" style ranges).
export const formatClock = (instant: Date, zone: string): string => format(zoned(instant, zone), 'h:mm a')

// "today", "tomorrow", "in 3 days", counted in calendar days of the PlayDate's zone; null when
// the date itself reads better (more than a week away, or in the past).
export function relativeDay(start: Date, zone: string, now: Date): string | null {
  const days = differenceInCalendarDays(zoned(start, zone), zoned(now, zone))
  if (days < 0 || days > 6) return null
  if (days === 0) return 'today'
  if (days === 1) return 'tomorrow'
  return `in ${days} days`
}

export const durationLabel = (minutes: number) =>
  minutes < 60
    ? `${minutes} min`
    : `${Number.isInteger(minutes / 60) ? minutes / 60 : (minutes / 60).toFixed(1)} h`

// "$1,250" for whole dollars, "$12.50" otherwise. The thousands are grouped by hand: the browser's
// first number format loads its locale data, a pause the dashboard's first prices need not wait
// for (docs/decisions/0125-zone-rules-with-the-page.md, kept by 0155).
export const dollars = (amount: number) =>
  Number.isInteger(amount)
    ? `$${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`
    : `$${amount.toFixed(2)}`

// "$25/hour · 2 h · $50": the hourly amount, the length, and what it comes to for the game.
// Without a duration (a PlayDate from before times), the hourly amount alone. A group's weekly
// game may cost nothing: "Free · 2 h".
export function priceLine(amountPerHour: number, durationMinutes: number | null): string {
  if (amountPerHour === 0)
    return durationMinutes === null ? 'Free' : `Free · ${durationLabel(durationMinutes)}`
  if (durationMinutes === null) return `${dollars(amountPerHour)}/hour`
  const total = (amountPerHour * durationMinutes) / 60
  return `${dollars(amountPerHour)}/hour · ${durationLabel(durationMinutes)} · ${dollars(total)}`
}
