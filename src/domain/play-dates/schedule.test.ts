import { TZDate, tzName } from '@date-fns/tz'
import { differenceInCalendarDays, format } from 'date-fns'
import { afterEach, describe, expect, it } from 'vitest'
import {
  durationOptions,
  formatClock,
  formatDate,
  dollars,
  formatStart,
  knowZoneRules,
  playDateZoneIds,
  priceLine,
  relativeDay,
  startProblem,
  startTooLate,
  startTooSoon,
  wallClock,
  zonedInstant,
  zoneOfState,
  zoneRulesBetween,
} from './schedule'
import { durationInput } from './schedule.schema'

describe('PlayDate times', () => {
  it('reads a wall-clock time in the PlayDate zone, across Utah’s change to daylight saving', () => {
    // Utah moves its clocks forward on Sunday, March 14, 2027: MST (UTC-7) before, MDT (UTC-6) after.
    expect(zonedInstant('2027-03-13', '08:00', 'America/Denver')?.toISOString()).toBe(
      '2027-03-13T15:00:00.000Z',
    )
    expect(zonedInstant('2027-03-15', '08:00', 'America/Denver')?.toISOString()).toBe(
      '2027-03-15T14:00:00.000Z',
    )
    expect(formatStart(new Date('2027-03-13T15:00:00Z'), 'America/Denver')).toBe('Sat, Mar 13 · 8:00 AM MST')
    expect(formatStart(new Date('2027-03-15T14:00:00Z'), 'America/Denver')).toBe('Mon, Mar 15 · 8:00 AM MDT')
  })

  it('keeps Arizona on MST all year', () => {
    expect(zonedInstant('2027-03-13', '08:00', 'America/Phoenix')?.toISOString()).toBe(
      '2027-03-13T15:00:00.000Z',
    )
    expect(zonedInstant('2027-03-15', '08:00', 'America/Phoenix')?.toISOString()).toBe(
      '2027-03-15T15:00:00.000Z',
    )
    expect(formatStart(new Date('2027-07-04T15:00:00Z'), 'America/Phoenix')).toBe('Sun, Jul 4 · 8:00 AM MST')
  })

  it('refuses a time the clocks skip in Utah but not in Arizona', () => {
    expect(zonedInstant('2027-03-14', '02:30', 'America/Denver')).toBeNull()
    expect(zonedInstant('2027-03-14', '02:30', 'America/Phoenix')?.toISOString()).toBe(
      '2027-03-14T09:30:00.000Z',
    )
  })

  it('takes the first of the hour Utah lives twice when its clocks go back', () => {
    expect(zonedInstant('2026-11-01', '01:30', 'America/Denver')?.toISOString()).toBe(
      '2026-11-01T07:30:00.000Z',
    )
  })

  it('gives back the date and time inputs of an instant in its zone', () => {
    expect(wallClock(new Date('2026-12-05T15:00:00Z'), 'America/Denver')).toEqual({
      date: '2026-12-05',
      time: '08:00',
    })
    expect(wallClock(new Date('2026-12-05T15:00:00Z'), 'America/New_York')).toEqual({
      date: '2026-12-05',
      time: '10:00',
    })
  })

  it('takes each state’s zone', () => {
    expect(zoneOfState).toMatchObject({
      AZ: 'America/Phoenix',
      CA: 'America/Los_Angeles',
      UT: 'America/Denver',
      TX: 'America/Chicago',
      FL: 'America/New_York',
      HI: 'Pacific/Honolulu',
      AK: 'America/Anchorage',
      DC: 'America/New_York',
    })
    // Every state and DC has one.
    expect(Object.keys(zoneOfState)).toHaveLength(51)
  })

  it('starts at least 30 minutes and at most 90 days ahead', () => {
    const now = new Date('2026-11-25T12:00:00Z')
    expect(startProblem(new Date('2026-11-25T12:29:00Z'), now)).toBe(startTooSoon)
    expect(startProblem(new Date('2026-11-25T12:30:00Z'), now)).toBeNull()
    expect(startProblem(new Date('2027-02-23T12:00:00Z'), now)).toBeNull()
    expect(startProblem(new Date('2027-02-23T12:01:00Z'), now)).toBe(startTooLate)
  })

  it('says today, tomorrow and in N days by the calendar of the PlayDate zone', () => {
    // 11 PM in Phoenix is already the next day in New York.
    const now = new Date('2026-11-26T06:00:00Z')
    expect(relativeDay(new Date('2026-11-26T15:00:00Z'), 'America/Phoenix', now)).toBe('tomorrow')
    expect(relativeDay(new Date('2026-11-26T15:00:00Z'), 'America/New_York', now)).toBe('today')
    expect(relativeDay(new Date('2026-11-29T15:00:00Z'), 'America/Phoenix', now)).toBe('in 4 days')
    expect(relativeDay(new Date('2026-12-09T15:00:00Z'), 'America/Phoenix', now)).toBeNull()
  })
})

describe('PlayDate times read with one formatter per zone', () => {
  afterEach(() => knowZoneRules(undefined))

  // What date-fns writes for a zoned date, the way these were written before.
  const byDateFns = (instant: Date, zone: string, now: Date) => {
    const local = new TZDate(instant.getTime(), zone)
    const days = differenceInCalendarDays(local, new TZDate(now.getTime(), zone))
    return {
      start: `${format(local, 'EEE, MMM d · h:mm a')} ${tzName(zone, local, 'short')}`,
      clock: format(local, 'h:mm a'),
      date: format(local, 'EEE, MMM d'),
      days: days < 0 || days > 6 ? null : days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`,
    }
  }

  it.each([
    ['read by the formatter', undefined],
    [
      'read from the zone rules the page was sent',
      [new Date('2026-12-01T00:00:00Z'), new Date('2028-01-01T00:00:00Z')],
    ],
    // The rules end in June: the instants after them are read by the formatter.
    [
      'read from zone rules that end half way',
      [new Date('2026-12-01T00:00:00Z'), new Date('2027-06-15T10:17:00Z')],
    ],
  ] as const)(
    'writes what date-fns writes, every 43 hours 41 minutes of a year in every zone, midnight and noon included (%s)',
    (_, window) => {
      if (window) knowZoneRules(zoneRulesBetween(window[0], window[1], playDateZoneIds))
      const now = new Date('2027-03-13T07:30:00Z')
      const instants = Array.from(
        { length: 200 },
        (_, i) => new Date(Date.UTC(2027, 0, 1) + i * 2621 * 60_000),
      )
      // Midnight and noon in Phoenix and New York, and either side of Utah's changes of the clocks.
      instants.push(
        new Date('2027-03-14T07:00:00Z'),
        new Date('2027-03-14T19:00:00Z'),
        new Date('2027-03-14T04:00:00Z'),
        new Date('2027-03-14T08:59:00Z'),
        new Date('2027-03-14T09:00:00Z'),
        new Date('2027-11-07T07:30:00Z'),
        new Date('2027-11-07T08:30:00Z'),
      )
      for (const zone of playDateZoneIds) {
        for (const instant of instants) {
          const expected = byDateFns(instant, zone, now)
          expect(formatStart(instant, zone)).toBe(expected.start)
          expect(formatClock(instant, zone)).toBe(expected.clock)
          expect(formatDate(instant, zone)).toBe(expected.date)
          expect(relativeDay(instant, zone, now)).toBe(expected.days)
        }
      }
    },
    30_000,
  )

  it('finds each change of the clocks to the minute, and none in Arizona', () => {
    const rules = zoneRulesBetween(
      new Date('2027-01-01T00:00:00Z'),
      new Date('2028-01-01T00:00:00Z'),
      playDateZoneIds,
    )
    expect(rules.from).toBe(Date.parse('2027-01-01T00:00:00Z'))
    // Utah: MST until 2 AM on March 14 (09:00 UTC), MDT until 2 AM on November 7 (08:00 UTC).
    expect(rules.zones['America/Denver']).toEqual([
      [Date.parse('2027-03-14T09:00:00Z'), -420, 'MST'],
      [Date.parse('2027-11-07T08:00:00Z'), -360, 'MDT'],
      [Date.parse('2028-01-01T00:00:00Z'), -420, 'MST'],
    ])
    expect(rules.zones['America/Phoenix']).toEqual([[Date.parse('2028-01-01T00:00:00Z'), -420, 'MST']])
    expect(rules.zones['America/New_York']![0]).toEqual([Date.parse('2027-03-14T07:00:00Z'), -300, 'EST'])
  })

  it('reads the wall clock from the rules where they cover it, without the formatter', () => {
    // Rules no zone has: what is shown can only come from them.
    const from = Date.parse('2027-01-01T00:00:00Z')
    knowZoneRules({ from, zones: { 'America/Denver': [[from + 86_400_000, -450, 'TST']] } })
    expect(formatStart(new Date('2027-01-01T15:00:00Z'), 'America/Denver')).toBe('Fri, Jan 1 · 7:30 AM TST')
    expect(formatStart(new Date('2027-01-02T15:00:00Z'), 'America/Denver')).toBe('Sat, Jan 2 · 8:00 AM MST')
  })

  it('reads an instant the rules do not cover, or a zone they do not name, with the formatter', () => {
    knowZoneRules(
      zoneRulesBetween(new Date('2027-01-01T00:00:00Z'), new Date('2027-02-01T00:00:00Z'), [
        'America/Denver',
      ]),
    )
    expect(formatStart(new Date('2026-12-31T15:00:00Z'), 'America/Denver')).toBe('Thu, Dec 31 · 8:00 AM MST')
    expect(formatStart(new Date('2027-07-01T14:00:00Z'), 'America/Denver')).toBe('Thu, Jul 1 · 8:00 AM MDT')
    expect(formatStart(new Date('2027-01-15T13:00:00Z'), 'America/New_York')).toBe(
      'Fri, Jan 15 · 8:00 AM EST',
    )
  })
})

describe('PlayDate durations and prices', () => {
  it('offers 30 minutes to 4 hours in steps of 30 minutes', () => {
    expect(durationOptions).toEqual([30, 60, 90, 120, 150, 180, 210, 240])
    expect(durationInput.safeParse(120).success).toBe(true)
    expect(durationInput.safeParse(45).success).toBe(false)
    expect(durationInput.safeParse(270).success).toBe(false)
    expect(durationInput.safeParse('120').success).toBe(false)
  })

  it('reads as the hourly amount, the length and the total for the game', () => {
    expect(priceLine(25, 120)).toBe('$25/hour · 2 h · $50')
    expect(priceLine(25, 90)).toBe('$25/hour · 1.5 h · $37.50')
    expect(priceLine(40, 30)).toBe('$40/hour · 30 min · $20')
    expect(priceLine(25, null)).toBe('$25/hour')
  })

  it('groups the thousands of whole dollars as the browser writes them', () => {
    for (const amount of [0, 5, 50, 999, 1000, 1250, 12_500, 999_999, 1_000_000, 1_234_567]) {
      expect(dollars(amount)).toBe(`$${new Intl.NumberFormat('en-US').format(amount)}`)
    }
    expect(dollars(12.5)).toBe('$12.50')
  })
})
