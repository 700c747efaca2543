import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { type CalendarGame, calendarOf } from './play-dates.calendar'

const game = (overrides: Partial<CalendarGame> = {}): CalendarGame => ({
  id: '5b0f0c7e-3a51-4c1a-9d5e-2f1f5b7a9c11',
  status: 'matched',
  startsAt: new Date('2026-12-05T15:00:00Z'),
  timeZone: 'America/Phoenix',
  durationMinutes: 120,
  location: 'Mesa Tennis & Pickleball Center, 1550 N Stapley Dr, Mesa, AZ',
  creatorTeam: 'Maya Lopez & Sam Ortiz',
  otherTeam: 'Alex Kim & Jo Reyes',
  price: 'You pay $25/hour · 2 h · $50',
  revision: 0,
  updatedAt: new Date('2026-11-25T10:00:00Z'),
  url: 'https://picklematch.example/playdates/5b0f0c7e-3a51-4c1a-9d5e-2f1f5b7a9c11',
  ...overrides,
})

const options = { productName: 'PickleMatch', host: 'picklematch.example' }

// As a calendar app reads the file: the zones from its own VTIMEZONE blocks.
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  ICAL.TimezoneService.reset()
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent)
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      sequence: event.sequence,
      status: vevent.getFirstPropertyValue('status'),
      url: vevent.getFirstPropertyValue('url'),
      description: event.description,
    }
  })
}

describe('PlayDate calendar entries', () => {
  it('parse as one event with a stable UID, the time in UTC, the place, both teams and the link', () => {
    const text = calendarOf([game()], options)
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/)
    expect(parse(text)).toEqual([
      {
        uid: 'playdate-5b0f0c7e-3a51-4c1a-9d5e-2f1f5b7a9c11@picklematch.example',
        summary: 'PickleMatch: Maya Lopez & Sam Ortiz vs Alex Kim & Jo Reyes',
        location: 'Mesa Tennis & Pickleball Center, 1550 N Stapley Dr, Mesa, AZ',
        start: '2026-12-05T15:00:00.000Z',
        end: '2026-12-05T17:00:00.000Z',
        sequence: 0,
        status: 'CONFIRMED',
        url: 'https://picklematch.example/playdates/5b0f0c7e-3a51-4c1a-9d5e-2f1f5b7a9c11',
        description:
          'You pay $25/hour · 2 h · $50\nhttps://picklematch.example/playdates/5b0f0c7e-3a51-4c1a-9d5e-2f1f5b7a9c11',
      },
    ])
  })

  it("sets the time in the venue's zone, with that zone's VTIMEZONE, and an alarm an hour before", () => {
    const text = calendarOf(
      [game(), game({ id: 'b1d6f7e2-0000-4000-8000-000000000002', timeZone: 'America/Denver' })],
      options,
    )
    // 15:00 UTC is 8:00 AM in Phoenix (no daylight saving) and in Denver (MST in December).
    expect(text).toContain('DTSTART;TZID=America/Phoenix:20261205T080000\r\n')
    expect(text).toContain('DTSTART;TZID=America/Denver:20261205T080000\r\n')
    const zones = new ICAL.Component(ICAL.parse(text))
      .getAllSubcomponents('vtimezone')
      .map((zone) => zone.getFirstPropertyValue('tzid'))
    expect(zones.sort()).toEqual(['America/Denver', 'America/Phoenix'])
    // Read back through the zones: the same instants.
    expect(parse(text).map((event) => event.start)).toEqual([
      '2026-12-05T15:00:00.000Z',
      '2026-12-05T15:00:00.000Z',
    ])
    const alarm = new ICAL.Component(ICAL.parse(text))
      .getFirstSubcomponent('vevent')!
      .getFirstSubcomponent('valarm')!
    expect(alarm.getFirstPropertyValue('action')).toBe('DISPLAY')
    expect(String(alarm.getFirstPropertyValue('trigger'))).toBe('-PT1H')
  })

  it('reads a summer game in Denver as daylight time', () => {
    const text = calendarOf(
      [game({ timeZone: 'America/Denver', startsAt: new Date('2026-07-04T14:00:00Z') })],
      options,
    )
    expect(text).toContain('DTSTART;TZID=America/Denver:20260704T080000\r\n')
    expect(parse(text)[0]!.start).toBe('2026-07-04T14:00:00.000Z')
  })

  it('rings no alarm for a cancelled game', () => {
    const text = calendarOf([game({ status: 'cancelled', revision: 1 })], options)
    expect(
      new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!.getFirstSubcomponent('valarm'),
    ).toBeNull()
  })

  it('marks a cancelled game CANCELLED with a higher SEQUENCE under the same UID', () => {
    const [before] = parse(calendarOf([game()], options))
    const [after] = parse(calendarOf([game({ status: 'cancelled', revision: 1 })], options))
    expect(after!.uid).toBe(before!.uid)
    expect(after!.status).toBe('CANCELLED')
    expect(after!.sequence).toBeGreaterThan(before!.sequence)
  })

  it('writes an open game as tentative, naming the team still to be found', () => {
    const [event] = parse(calendarOf([game({ status: 'open', otherTeam: null, location: null })], options))
    expect(event).toMatchObject({
      status: 'TENTATIVE',
      summary: 'PickleMatch: Maya Lopez & Sam Ortiz vs a team to be found',
      location: null,
    })
  })

  it('names a feed and lists every game in it', () => {
    const text = calendarOf([game(), game({ id: 'b1d6f7e2-0000-4000-8000-000000000001' })], {
      ...options,
      name: 'PickleMatch PlayDates',
    })
    expect(parse(text)).toHaveLength(2)
    expect(new ICAL.Component(ICAL.parse(text)).getFirstPropertyValue('x-wr-calname')).toBe(
      'PickleMatch PlayDates',
    )
  })
})
