import { describe, expect, it } from 'vitest'
import { DEFAULT_QUIET_HOURS, deliveryTime, quietHoursEnd } from './quiet-hours'

const PHOENIX = 'America/Phoenix'
const DENVER = 'America/Denver'
const at = (iso: string) => new Date(iso)

describe('quietHoursEnd', () => {
  it('is null by day, in the player’s zone', () => {
    // 8:00 PM in Phoenix (UTC−7).
    expect(quietHoursEnd(at('2026-12-05T03:00:00Z'), DEFAULT_QUIET_HOURS, PHOENIX)).toBeNull()
    // 8:00 AM on the dot: the quiet hours are over.
    expect(quietHoursEnd(at('2026-12-05T15:00:00Z'), DEFAULT_QUIET_HOURS, PHOENIX)).toBeNull()
  })

  it('ends at 8 AM the next morning from 9 PM, and the same morning after midnight', () => {
    // 9:00 PM Friday in Phoenix.
    expect(quietHoursEnd(at('2026-12-05T04:00:00Z'), DEFAULT_QUIET_HOURS, PHOENIX)).toEqual(
      at('2026-12-05T15:00:00Z'),
    )
    // 3:00 AM Saturday.
    expect(quietHoursEnd(at('2026-12-05T10:00:00Z'), DEFAULT_QUIET_HOURS, PHOENIX)).toEqual(
      at('2026-12-05T15:00:00Z'),
    )
  })

  it('reads the same hour in another zone at another instant', () => {
    // 11:00 PM in New York is 9:00 PM in Phoenix: quiet in both, ending at different instants.
    const now = at('2026-12-05T04:00:00Z')
    expect(quietHoursEnd(now, DEFAULT_QUIET_HOURS, 'America/New_York')).toEqual(at('2026-12-05T13:00:00Z'))
    // 10:00 AM in New York is 8:00 AM in Phoenix.
    expect(quietHoursEnd(at('2026-12-05T15:00:00Z'), DEFAULT_QUIET_HOURS, 'America/New_York')).toBeNull()
  })

  it('ends at 8 AM local on the night the clocks go forward (one hour shorter)', () => {
    // Denver, Saturday March 7, 2026, 10:00 PM MST; the clocks go forward at 2 AM Sunday.
    expect(quietHoursEnd(at('2026-03-08T05:00:00Z'), DEFAULT_QUIET_HOURS, DENVER)).toEqual(
      at('2026-03-08T14:00:00Z'), // 8:00 AM MDT
    )
  })

  it('ends at 8 AM local on the night the clocks go back (one hour longer)', () => {
    // Denver, Saturday October 31, 2026, 10:00 PM MDT; the clocks go back at 2 AM Sunday.
    expect(quietHoursEnd(at('2026-11-01T04:00:00Z'), DEFAULT_QUIET_HOURS, DENVER)).toEqual(
      at('2026-11-01T15:00:00Z'), // 8:00 AM MST
    )
    // 1:30 AM the second time (MST), still quiet until the same 8 AM.
    expect(quietHoursEnd(at('2026-11-01T08:30:00Z'), DEFAULT_QUIET_HOURS, DENVER)).toEqual(
      at('2026-11-01T15:00:00Z'),
    )
  })

  it('takes hours that do not cross midnight, and none when off or empty', () => {
    const nap = { enabled: true, start: '13:00', end: '15:30' }
    expect(quietHoursEnd(at('2026-12-05T20:15:00Z'), nap, PHOENIX)).toEqual(at('2026-12-05T22:30:00Z'))
    expect(quietHoursEnd(at('2026-12-05T23:00:00Z'), nap, PHOENIX)).toBeNull()
    const night = at('2026-12-05T10:00:00Z')
    expect(quietHoursEnd(night, { ...DEFAULT_QUIET_HOURS, enabled: false }, PHOENIX)).toBeNull()
    expect(quietHoursEnd(night, { enabled: true, start: '08:00', end: '08:00' }, PHOENIX)).toBeNull()
  })

  it('rolls over the end of a month', () => {
    // 10:00 PM on November 30 in Phoenix: quiet until 8:00 AM December 1.
    expect(quietHoursEnd(at('2026-12-01T05:00:00Z'), DEFAULT_QUIET_HOURS, PHOENIX)).toEqual(
      at('2026-12-01T15:00:00Z'),
    )
  })
})

describe('deliveryTime', () => {
  const night = at('2026-12-05T06:00:00Z') // 11:00 PM Friday in Phoenix

  it('holds a notice until the quiet hours end', () => {
    expect(deliveryTime(night, DEFAULT_QUIET_HOURS, PHOENIX)).toEqual(at('2026-12-05T15:00:00Z'))
  })

  it('sends by day at once', () => {
    const day = at('2026-12-05T18:00:00Z')
    expect(deliveryTime(day, DEFAULT_QUIET_HOURS, PHOENIX)).toEqual(day)
  })

  it('sends an urgent notice at once when its game starts before the quiet hours end', () => {
    expect(deliveryTime(night, DEFAULT_QUIET_HOURS, PHOENIX, at('2026-12-05T14:00:00Z'))).toEqual(night)
    // One at 8 AM sharp too: held, its reminder would arrive as it starts.
    expect(deliveryTime(night, DEFAULT_QUIET_HOURS, PHOENIX, at('2026-12-05T15:00:00Z'))).toEqual(night)
    // A game later in the morning can wait until 8 AM.
    expect(deliveryTime(night, DEFAULT_QUIET_HOURS, PHOENIX, at('2026-12-05T17:00:00Z'))).toEqual(
      at('2026-12-05T15:00:00Z'),
    )
  })
})
