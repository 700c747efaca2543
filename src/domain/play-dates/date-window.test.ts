import { describe, expect, it } from 'vitest'
import { localDays, nextMidnightIn, rangeProblem, referenceZoneOf, todayIn, zoneWindow } from './date-window'

describe('the date filter’s days', () => {
  it('reads "this weekend" as the coming Saturday and Sunday, today and tomorrow on a Saturday, today on a Sunday', () => {
    expect(localDays('weekend', '2026-11-25')).toEqual({ first: '2026-11-28', last: '2026-11-29' })
    expect(localDays('weekend', '2026-11-28')).toEqual({ first: '2026-11-28', last: '2026-11-29' })
    expect(localDays('weekend', '2026-11-29')).toEqual({ first: '2026-11-29', last: '2026-11-29' })
    expect(localDays('week', '2026-12-28')).toEqual({ first: '2026-12-28', last: '2027-01-03' })
    expect(localDays('today', '2026-12-28')).toEqual({ first: '2026-12-28', last: '2026-12-28' })
  })

  it('takes today from the reference zone', () => {
    const lateInPhoenix = new Date('2026-11-27T06:30:00Z')
    expect(todayIn('America/Phoenix', lateInPhoenix)).toBe('2026-11-26')
    expect(todayIn('America/New_York', lateInPhoenix)).toBe('2026-11-27')
  })

  it('turns to the next day at the zone’s midnight, and back when the clock is moved back', () => {
    // Denver on the night its clocks go back: the day is 25 hours long.
    expect(todayIn('America/Denver', new Date('2026-11-01T06:00:00Z'))).toBe('2026-11-01')
    expect(todayIn('America/Denver', new Date('2026-11-02T06:59:59.999Z'))).toBe('2026-11-01')
    expect(todayIn('America/Denver', new Date('2026-11-02T07:00:00Z'))).toBe('2026-11-02')
    expect(todayIn('America/Denver', new Date('2026-11-01T05:59:59.999Z'))).toBe('2026-10-31')
    expect(todayIn('America/Denver', new Date('2026-11-02T06:30:00Z'))).toBe('2026-11-01')
  })

  it('reads the days in the chosen state’s zone, else the home state’s, else Pacific time', () => {
    expect(referenceZoneOf('AZ', 'FL')).toBe('America/Phoenix')
    expect(referenceZoneOf(null, 'FL')).toBe('America/New_York')
    expect(referenceZoneOf(undefined, 'HI')).toBe('Pacific/Honolulu')
    expect(referenceZoneOf(null, null)).toBe('America/Los_Angeles')
  })

  it('moves today on at the zone’s next midnight, 25 hours on when its clocks go back and 23 when they go forward', () => {
    const phoenix = nextMidnightIn('America/Phoenix', new Date('2026-11-27T06:59:59.999Z'))
    expect(phoenix.toISOString()).toBe('2026-11-27T07:00:00.000Z')
    expect(nextMidnightIn('America/Phoenix', phoenix).toISOString()).toBe('2026-11-28T07:00:00.000Z')
    // Denver on November 1, 2026, from its first instant, when its clocks go back: in MST, 25 hours on.
    expect(nextMidnightIn('America/Denver', new Date('2026-11-01T06:00:00Z')).toISOString()).toBe(
      '2026-11-02T07:00:00.000Z',
    )
    // And from the first instant of March 14, 2027, when they go forward: in MDT, 23 hours on.
    const springStart = new Date('2027-03-14T07:00:00Z')
    const springEnd = nextMidnightIn('America/Denver', springStart)
    expect(springEnd.toISOString()).toBe('2027-03-15T06:00:00.000Z')
    expect(springEnd.getTime() - springStart.getTime()).toBe(23 * 3600_000)
    // The same instant is a day later in New York than in Phoenix.
    const lateInPhoenix = new Date('2026-11-27T06:30:00Z')
    expect(nextMidnightIn('America/New_York', lateInPhoenix).toISOString()).toBe('2026-11-28T05:00:00.000Z')
    expect(todayIn('America/Phoenix', nextMidnightIn('America/Phoenix', lateInPhoenix))).toBe('2026-11-27')
  })

  it('spans midnight to midnight by the zone’s clock, 25 hours on the day Utah’s clocks go back', () => {
    const denver = zoneWindow('2026-11-01', '2026-11-01', 'America/Denver')
    expect(denver.from.toISOString()).toBe('2026-11-01T06:00:00.000Z')
    expect(denver.to.toISOString()).toBe('2026-11-02T07:00:00.000Z')
    const phoenix = zoneWindow('2026-11-01', '2026-11-01', 'America/Phoenix')
    expect(phoenix.from.toISOString()).toBe('2026-11-01T07:00:00.000Z')
    expect(phoenix.to.toISOString()).toBe('2026-11-02T07:00:00.000Z')
    const spring = zoneWindow('2027-03-14', '2027-03-14', 'America/Denver')
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3600_000)
  })

  it('asks for both dates, in order, at most 90 days apart', () => {
    expect(rangeProblem(undefined, '2026-12-01')?.field).toBe('from')
    expect(rangeProblem('2026-12-01', undefined)).toMatchObject({ field: 'to', missing: true })
    expect(rangeProblem('2026-12-02', '2026-12-01')?.missing).toBe(false)
    expect(rangeProblem('2026-12-02', '2026-12-01')?.message).toBe(
      'The end date cannot be before the start date',
    )
    expect(rangeProblem('2026-12-01', '2027-02-28')).toBeNull()
    expect(rangeProblem('2026-12-01', '2027-03-01')?.message).toBe('Choose at most 90 days')
    // Counted in calendar days, across a daylight saving change and a leap day.
    expect(rangeProblem('2027-12-31', '2028-03-29')).toBeNull()
    expect(rangeProblem('2027-12-31', '2028-03-30')?.message).toBe('Choose at most 90 days')
    expect(rangeProblem('2026-03-08', '2026-03-07')?.field).toBe('to')
  })

  it('leaves text that is no day to the date checks', () => {
    expect(rangeProblem('2026-02-30', '2026-01-01')).toBeNull()
    expect(rangeProblem('2026-12-01', '2026-13-01')).toBeNull()
  })
})
