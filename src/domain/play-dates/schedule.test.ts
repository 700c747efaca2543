import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { zoneWindow } from './date-window'
import {
  durationOptions,
  playDateZones,
  zoneChoiceLabel,
  zoneNote,
  formatClock,
  formatDate,
  dollars,
  formatStart,
  priceLine,
  relativeDay,
  startProblem,
  startTooLate,
  startTooSoon,
  wallClock,
  zonedDayOf,
  zonedInstant,
  zoneOfState,
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

  // The server and the phones run in every zone: a zone's times are read from its own offsets,
  // never through the machine's (Node reads TZ again when it is set).
  describe.each(['Pacific/Pago_Pago', 'Asia/Kolkata', 'America/Phoenix', 'Australia/Lord_Howe'])(
    'on a machine in %s',
    (machineZone) => {
      const own = process.env.TZ
      beforeAll(() => {
        process.env.TZ = machineZone
      })
      afterAll(() => {
        if (own === undefined) delete process.env.TZ
        else process.env.TZ = own
      })

      it('takes the first of the hour Utah lives twice, refuses the one it skips, and reads the rest', () => {
        expect(new Date('2026-11-01T12:00:00Z').getTimezoneOffset()).not.toBe(0)
        expect(zonedInstant('2026-11-01', '01:30', 'America/Denver')?.toISOString()).toBe(
          '2026-11-01T07:30:00.000Z',
        )
        expect(zonedInstant('2026-03-08', '02:30', 'America/Denver')).toBeNull()
        expect(zonedInstant('2026-03-08', '03:00', 'America/Denver')?.toISOString()).toBe(
          '2026-03-08T09:00:00.000Z',
        )
        expect(zonedInstant('2026-07-04', '18:00', 'America/Phoenix')?.toISOString()).toBe(
          '2026-07-05T01:00:00.000Z',
        )
        expect(zoneWindow('2026-11-01', '2026-11-01', 'America/Denver')).toEqual({
          from: new Date('2026-11-01T06:00:00Z'),
          to: new Date('2026-11-02T07:00:00Z'),
        })
      })
    },
  )

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

describe('PlayDate clocks and days', () => {
  it('takes a zone’s calendar day from its midnight to the next, 23 or 25 hours when the clocks change', () => {
    const hours = (day: { start: Date; end: Date }) => (day.end.getTime() - day.start.getTime()) / 3_600_000
    // Denver falls back on Sunday, November 1, 2026, and springs forward on March 8, 2026.
    const fallBack = zonedDayOf(new Date('2026-11-02T05:30:00Z'), 'America/Denver')
    expect(fallBack.start.toISOString()).toBe('2026-11-01T06:00:00.000Z')
    expect(hours(fallBack)).toBe(25)
    expect(zonedDayOf(new Date('2026-11-01T06:00:00Z'), 'America/Denver')).toEqual(fallBack)
    const springForward = zonedDayOf(new Date('2026-03-08T12:00:00Z'), 'America/Denver')
    expect(springForward.start.toISOString()).toBe('2026-03-08T07:00:00.000Z')
    expect(hours(springForward)).toBe(23)
    expect(hours(zonedDayOf(new Date('2026-11-01T12:00:00Z'), 'America/Phoenix'))).toBe(24)
  })

  it("writes the clock and the day on the zone's calendar, midnight and noon included", () => {
    // Midnight in New York is still the evening before in Phoenix.
    const midnight = new Date('2027-03-14T05:00:00Z')
    expect(formatClock(midnight, 'America/New_York')).toBe('12:00 AM')
    expect(formatDate(midnight, 'America/New_York')).toBe('Sun, Mar 14')
    expect(formatClock(midnight, 'America/Phoenix')).toBe('10:00 PM')
    expect(formatDate(midnight, 'America/Phoenix')).toBe('Sat, Mar 13')
    expect(formatStart(new Date('2027-03-14T19:00:00Z'), 'America/Phoenix')).toBe(
      'Sun, Mar 14 · 12:00 PM MST',
    )
  })

  it('writes the hour Utah lives twice with the abbreviation of each', () => {
    expect(formatStart(new Date('2027-11-07T07:30:00Z'), 'America/Denver')).toBe('Sun, Nov 7 · 1:30 AM MDT')
    expect(formatStart(new Date('2027-11-07T08:30:00Z'), 'America/Denver')).toBe('Sun, Nov 7 · 1:30 AM MST')
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
    expect(priceLine(0, 120)).toBe('Free · 2 h')
  })

  it('groups the thousands of whole dollars as the browser writes them', () => {
    for (const amount of [0, 5, 50, 999, 1000, 1250, 12_500, 999_999, 1_000_000, 1_234_567]) {
      expect(dollars(amount)).toBe(`$${new Intl.NumberFormat('en-US').format(amount)}`)
    }
    expect(dollars(12.5)).toBe('$12.50')
  })
})

describe('time zone choices', () => {
  const arizona = playDateZones.find((z) => z.zone === 'America/Phoenix')!

  it("name the state's own zone in one pair of brackets, short enough for a phone", () => {
    expect(zoneChoiceLabel(arizona, true)).toBe('Arizona time (this state)')
    expect(zoneChoiceLabel(arizona)).toBe('Arizona time')
  })

  it('say under the field that a zone keeps no daylight saving time', () => {
    expect(zoneNote('America/Phoenix')).toBe('Arizona time has no daylight saving time')
    expect(zoneNote('Pacific/Honolulu')).toBe('Hawaii time has no daylight saving time')
    expect(zoneNote('America/Denver')).toBeUndefined()
  })
})
