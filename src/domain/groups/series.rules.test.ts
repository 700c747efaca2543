import { describe, expect, it } from 'vitest'
import {
  firstDateOf,
  firstOccurrence,
  isOccurrence,
  nextOccurrences,
  occurrencesBetween,
  seriesSummary,
  weeklyPartsOf,
  weeklyRuleText,
} from './series.rules'

const denverTuesdays = weeklyRuleText(
  { weekday: 'TU', startTime: '18:00', timeZone: 'America/Denver' },
  '2026-10-20',
)

describe('series rules', () => {
  it('write the venue zone and wall clock into an RFC 5545 rule', () => {
    expect(denverTuesdays).toBe('DTSTART;TZID=America/Denver:20261020T180000\nRRULE:FREQ=WEEKLY;BYDAY=TU')
    expect(weeklyPartsOf(denverTuesdays)).toEqual({ weekday: 'TU', startTime: '18:00' })
  })

  it('keep 6:00 PM on the venue clock across the end of daylight saving time', () => {
    // Denver leaves MDT (UTC-6) for MST (UTC-7) on Sunday, Nov 1, 2026.
    const games = occurrencesBetween(
      denverTuesdays,
      new Date('2026-10-20T00:00:00Z'),
      new Date('2026-11-11T00:00:00Z'),
    )
    expect(games.map((d) => d.toISOString())).toEqual([
      '2026-10-21T00:00:00.000Z',
      '2026-10-28T00:00:00.000Z',
      '2026-11-04T01:00:00.000Z',
    ])
  })

  it('keep the wall clock when the clocks go forward, and leave out a time that does not exist', () => {
    const early = weeklyRuleText(
      { weekday: 'SU', startTime: '02:30', timeZone: 'America/Denver' },
      '2027-03-07',
    )
    const games = occurrencesBetween(
      early,
      new Date('2027-03-01T00:00:00Z'),
      new Date('2027-03-22T00:00:00Z'),
    )
    // Mar 14, 2027 at 2:30 AM does not exist in Denver.
    expect(games.map((d) => d.toISOString())).toEqual([
      '2027-03-07T09:30:00.000Z',
      '2027-03-21T08:30:00.000Z',
    ])
  })

  it('start on the first matching day on the venue calendar', () => {
    // Monday 11:30 PM in Phoenix is already Tuesday in UTC.
    expect(firstDateOf('TU', new Date('2026-12-01T06:30:00Z'), 'America/Phoenix')).toBe('2026-12-01')
    expect(firstDateOf('MO', new Date('2026-12-01T06:30:00Z'), 'America/Phoenix')).toBe('2026-11-30')
    expect(firstDateOf('TU', new Date('2026-12-01T18:00:00Z'), 'America/Phoenix')).toBe('2026-12-01')
  })

  it('tell an occurrence from another instant, and list the next ones', () => {
    expect(firstOccurrence(denverTuesdays)?.toISOString()).toBe('2026-10-21T00:00:00.000Z')
    expect(isOccurrence(denverTuesdays, new Date('2026-11-04T01:00:00Z'))).toBe(true)
    expect(isOccurrence(denverTuesdays, new Date('2026-11-04T00:00:00Z'))).toBe(false)
    expect(
      nextOccurrences(denverTuesdays, new Date('2026-11-04T01:00:01Z'), 2).map((d) => d.toISOString()),
    ).toEqual(['2026-11-11T01:00:00.000Z', '2026-11-18T01:00:00.000Z'])
  })

  it('sum a series up in a line', () => {
    expect(seriesSummary(denverTuesdays, 120, 0, new Date('2026-11-04T01:00:00Z'))).toBe(
      'Every Tuesday · 6:00 PM MST · 2 h · Free',
    )
    expect(seriesSummary(denverTuesdays, 90, 8, new Date('2026-10-21T00:00:00Z'))).toBe(
      'Every Tuesday · 6:00 PM MDT · 1.5 h · $8/hour',
    )
  })
})
