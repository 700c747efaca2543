import { TZDate } from '@date-fns/tz'
import { addDays, format } from 'date-fns'
import * as rruleModule from 'rrule'
import { durationLabel, formatStart, wallClock, zonedInstant } from '../play-dates/schedule'
import { type SeriesWeekday, seriesWeekdays, weekdayLabels } from './series.schema'

// A series as an RFC 5545 rule (docs/decisions/0169-recurring-series.md). The rule keeps the
// venue's wall clock: "DTSTART;TZID=America/Denver:20261103T180000" and "RRULE:FREQ=WEEKLY;BYDAY=TU"
// make 6:00 PM in Denver every Tuesday, before and after the clocks change. The `rrule` package
// expands the rule on a floating clock (its dates' UTC fields are the venue's wall clock); each
// occurrence then becomes an instant in the venue's zone.

export interface WeeklyRule {
  weekday: SeriesWeekday
  // "18:00" on the venue's clock.
  startTime: string
  timeZone: string
}

// The package ships CommonJS to Node (whose named exports Node cannot see) and ES modules to
// bundlers: its RRule is on the default export in the first case, named in the second.
const { RRule } = (rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule

const rrulePart = (weekday: SeriesWeekday) => `RRULE:FREQ=WEEKLY;BYDAY=${weekday}`

// The first date on the venue's calendar, on or after `from`, that falls on the weekday.
export function firstDateOf(weekday: SeriesWeekday, from: Date, timeZone: string): string {
  const local = new TZDate(from.getTime(), timeZone)
  // date-fns: 0 Sunday … 6 Saturday; the rule's weekdays start on Monday.
  const wanted = (seriesWeekdays.indexOf(weekday) + 1) % 7
  const ahead = (wanted - local.getDay() + 7) % 7
  return format(addDays(local, ahead), 'yyyy-MM-dd')
}

// The rule text stored and given to calendars, starting on `firstDate` ("2026-11-03").
export function weeklyRuleText(rule: WeeklyRule, firstDate: string): string {
  const stamp = `${firstDate.replaceAll('-', '')}T${rule.startTime.replace(':', '')}00`
  return `DTSTART;TZID=${rule.timeZone}:${stamp}\n${rrulePart(rule.weekday)}`
}

interface ParsedRule {
  timeZone: string
  // The first occurrence's wall clock, on the floating clock.
  start: Date
  rrule: string
}

function parseRule(text: string): ParsedRule {
  const match = /^DTSTART;TZID=([^:]+):(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})\n(RRULE:.+)$/.exec(text)
  if (!match) throw new Error(`not a series rule: ${text}`)
  const [, timeZone, y, mo, d, h, mi, s, rrule] = match
  return {
    timeZone: timeZone!,
    start: new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))),
    rrule: rrule!,
  }
}

const floating = (instant: Date, timeZone: string) => {
  const { date, time } = wallClock(instant, timeZone)
  return new Date(`${date}T${time}:00Z`)
}

// The occurrences' instants in [from, to), soonest first. A time the clocks skip (2:30 AM on the
// day they go forward) has no occurrence that day.
export function occurrencesBetween(text: string, from: Date, to: Date): Date[] {
  const parsed = parseRule(text)
  const rule = new RRule({ ...RRule.parseString(parsed.rrule), dtstart: parsed.start })
  // A day either side on the floating clock covers any zone's offset; the instants are then cut.
  const candidates = rule.between(
    addDays(floating(from, parsed.timeZone), -1),
    addDays(floating(to, parsed.timeZone), 1),
    true,
  )
  const instants: Date[] = []
  for (const candidate of candidates) {
    const iso = candidate.toISOString()
    const instant = zonedInstant(iso.slice(0, 10), iso.slice(11, 16), parsed.timeZone)
    if (instant && instant >= from && instant < to) instants.push(instant)
  }
  return instants
}

// The next `count` occurrences from `from`, looking at most a year ahead.
export function nextOccurrences(text: string, from: Date, count: number): Date[] {
  return occurrencesBetween(text, from, addDays(from, 366)).slice(0, count)
}

// The rule's first occurrence (its DTSTART, as an instant).
export function firstOccurrence(text: string): Date | undefined {
  const { start, timeZone } = parseRule(text)
  const dayStart = zonedInstant(start.toISOString().slice(0, 10), '00:00', timeZone) ?? start
  return nextOccurrences(text, dayStart, 1)[0]
}

export const isOccurrence = (text: string, instant: Date) =>
  occurrencesBetween(text, instant, new Date(instant.getTime() + 1)).length === 1

// The rule's weekday and time, as the form shows them.
export function weeklyPartsOf(text: string): { weekday: SeriesWeekday; startTime: string } {
  const parsed = parseRule(text)
  const weekday = /BYDAY=([A-Z]{2})/.exec(parsed.rrule)?.[1] as SeriesWeekday
  return { weekday, startTime: parsed.start.toISOString().slice(11, 16) }
}

export const priceWords = (amount: number) => (amount === 0 ? 'Free' : `$${amount}/hour`)

// "Every Tuesday · 6:00 PM MST · 2 h · Free": the time's zone name is the next game's (MST or MDT).
export function seriesSummary(
  text: string,
  durationMinutes: number,
  amount: number,
  next: Date | undefined,
): string {
  const { weekday } = weeklyPartsOf(text)
  const { timeZone } = parseRule(text)
  const time = next ? formatStart(next, timeZone).split(' · ')[1] : weeklyPartsOf(text).startTime
  return `Every ${weekdayLabels[weekday]} · ${time} · ${durationLabel(durationMinutes)} · ${priceWords(amount)}`
}
