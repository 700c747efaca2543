import { describe, expect, it } from 'vitest'
import {
  canTransition,
  formatPayment,
  soonestStartAfter,
  paymentTime,
  statusAt,
  statusLabel,
  teamAverage,
  yourTeamPayment,
} from './play-date.rules'
import { createPlayDateInput, regionsOf } from './play-date.schema'

const valid = {
  type: 'challenge',
  state: 'AZ',
  regions: ['east_valley'],
  partnerId: '4b7c1f3e-2a51-4d0e-9f38-1c2d3e4f5a6b',
  amount: 25,
  description: 'Evening games',
  startDate: '2026-12-05',
  startTime: '08:00',
}

describe('PlayDate rules', () => {
  it('read the start in the state’s zone unless another is chosen, and refuse a time the clocks skip', () => {
    const parsed = createPlayDateInput.parse(valid)
    expect(parsed).toMatchObject({ durationMinutes: 120, venueId: null, place: null })
    const skipped = createPlayDateInput.safeParse({
      ...valid,
      state: 'UT',
      regions: ['statewide'],
      startDate: '2027-03-14',
      startTime: '02:30',
    })
    expect(skipped.error?.issues.map((i) => i.message)).toEqual([
      'That time does not exist on this day (the clocks change): choose another',
    ])
    // The same wall-clock time in Arizona, which keeps its clocks.
    expect(
      createPlayDateInput.safeParse({ ...valid, startDate: '2027-03-14', startTime: '02:30' }).success,
    ).toBe(true)
  })

  it('take a venue or another place, not both', () => {
    const both = createPlayDateInput.safeParse({ ...valid, venueId: valid.partnerId, place: 'The park' })
    expect(both.error?.issues.map((i) => i.message)).toEqual(['Choose a venue or write the place, not both'])
    expect(createPlayDateInput.safeParse({ ...valid, place: 'x'.repeat(121) }).success).toBe(false)
  })

  it('averages a team exactly to 2 decimals', () => {
    expect(teamAverage(4.12, 3.85)).toBe(3.99)
    expect(teamAverage(3.1, 3.2)).toBe(3.15)
    expect(teamAverage(4.25)).toBe(4.25)
  })

  it('moves only along open -> matched -> completed and open -> cancelled', () => {
    expect(canTransition('open', 'matched')).toBe(true)
    expect(canTransition('open', 'cancelled')).toBe(true)
    expect(canTransition('matched', 'completed')).toBe(true)
    expect(canTransition('matched', 'cancelled')).toBe(true)
    expect(canTransition('expired', 'cancelled')).toBe(false)
    expect(canTransition('cancelled', 'open')).toBe(false)
    expect(canTransition('completed', 'matched')).toBe(false)
    expect(canTransition('open', 'completed')).toBe(false)
  })

  it('formats payment as $min/hr or $min-max/hr, or Free for a game that costs nothing', () => {
    expect(formatPayment(25, 25)).toBe('$25/hr')
    expect(formatPayment(20, 30)).toBe('$20-30/hr')
    expect(formatPayment(0, 0)).toBe('Free')
  })

  it('says who pays from the side of the team reading it', () => {
    // A challenge: the creator team pays the responding team.
    expect(yourTeamPayment('challenge', true)).toBe('Your team pays')
    expect(yourTeamPayment('challenge', false)).toBe('Your team earns')
    // Earn: the responding team pays the creator team.
    expect(yourTeamPayment('earn', true)).toBe('Your team earns')
    expect(yourTeamPayment('earn', false)).toBe('Your team pays')
  })

  it('says what a team paid or earned once the game was played, and would have for one never played', () => {
    expect(yourTeamPayment('challenge', true, 'paid')).toBe('Your team paid')
    expect(yourTeamPayment('earn', true, 'paid')).toBe('Your team earned')
    expect(yourTeamPayment('challenge', false, 'void')).toBe('Your team would have earned')
    expect(yourTeamPayment('earn', false, 'void')).toBe('Your team would have paid')
  })

  it('tells the money ahead of a game, after one played, and of one that was not', () => {
    expect(paymentTime('open')).toBe('due')
    expect(paymentTime('matched', null)).toBe('due')
    expect(paymentTime('completed', { outcome: 'played' })).toBe('paid')
    // Completed before results were reported: it was played.
    expect(paymentTime('completed', null)).toBe('paid')
    expect(paymentTime('completed', { outcome: 'no_show' })).toBe('void')
    expect(paymentTime('completed', { outcome: 'not_played' })).toBe('void')
    expect(paymentTime('cancelled')).toBe('void')
    expect(paymentTime('expired')).toBe('void')
  })

  it('tells of a game over with no result reported only what was agreed, neither paid nor not', () => {
    expect(paymentTime('matched', null, true)).toBe('unreported')
    expect(yourTeamPayment('challenge', true, 'unreported')).toBe('Your team was to pay')
    expect(yourTeamPayment('challenge', false, 'unreported')).toBe('Your team was to earn')
    // A settled or cancelled game is told by what happened to it.
    expect(paymentTime('completed', { outcome: 'played' }, true)).toBe('paid')
    expect(paymentTime('cancelled', null, true)).toBe('void')
  })

  it('shows open as Available', () => {
    expect(statusLabel('open')).toBe('Available')
    expect(statusLabel('matched')).toBe('Matched')
  })

  it('tells an open PlayDate expired from the moment of its start, by the clock given', () => {
    const start = new Date('2026-12-05T15:00:00Z')
    const at = (ms: number) => new Date(start.getTime() + ms)
    expect(statusAt('open', start, at(-1))).toBe('open')
    expect(statusAt('open', start, at(0))).toBe('expired')
    // A game matched, cancelled or settled is what it is; a PlayDate with no time never expires.
    expect(statusAt('matched', start, at(1))).toBe('matched')
    expect(statusAt('cancelled', start, at(1))).toBe('cancelled')
    expect(statusAt('open', null, at(1))).toBe('open')
  })

  it('offers Statewide outside Arizona and ten regions in Arizona', () => {
    expect(regionsOf('AZ')).toHaveLength(10)
    expect(regionsOf('TX').map((r) => r.key)).toEqual(['statewide'])
  })
})

describe('creating a PlayDate', () => {
  it('accepts teach as an alias of earn and trims the description', () => {
    const parsed = createPlayDateInput.parse({ ...valid, type: 'teach', description: '  hi  ' })
    expect(parsed.type).toBe('earn')
    expect(parsed.description).toBe('hi')
  })

  it('needs an amount above 0 in whole dollars', () => {
    expect(createPlayDateInput.safeParse({ ...valid, amount: 0 }).success).toBe(false)
    expect(createPlayDateInput.safeParse({ ...valid, amount: -5 }).success).toBe(false)
    expect(createPlayDateInput.safeParse({ ...valid, amount: 12.5 }).success).toBe(false)
    expect(createPlayDateInput.safeParse({ ...valid, amount: 'abc' }).success).toBe(false)
  })

  it('takes only a JSON number as the amount, up to $10,000', () => {
    for (const amount of [true, [30], '30', null]) {
      expect(createPlayDateInput.safeParse({ ...valid, amount }).success).toBe(false)
    }
    expect(createPlayDateInput.safeParse({ ...valid, amount: 10_000 }).success).toBe(true)
    const tooHigh = createPlayDateInput.safeParse({ ...valid, amount: 10_005 })
    expect(tooHigh.error?.issues[0]?.message).toBe('Amount must be at most $10,000 per hour')
  })

  it('takes an optional description of at most 500 characters, blank kept as empty', () => {
    expect(createPlayDateInput.parse({ ...valid, description: '   ' }).description).toBe('')
    const { description: _left, ...without } = valid
    expect(createPlayDateInput.parse(without).description).toBe('')
    expect(createPlayDateInput.safeParse({ ...valid, description: 'x'.repeat(501) }).success).toBe(false)
    expect(createPlayDateInput.safeParse({ ...valid, description: 'x'.repeat(500) }).success).toBe(true)
  })

  it('needs at least one region of the chosen state', () => {
    expect(createPlayDateInput.safeParse({ ...valid, regions: [] }).success).toBe(false)
    expect(createPlayDateInput.safeParse({ ...valid, state: 'TX', regions: ['east_valley'] }).success).toBe(
      false,
    )
    expect(createPlayDateInput.safeParse({ ...valid, state: 'TX', regions: ['statewide'] }).success).toBe(
      true,
    )
    expect(createPlayDateInput.safeParse({ ...valid, regions: ['tucson', 'tucson'] }).success).toBe(false)
  })
})

describe('the soonest start of games to join', () => {
  const HOUR = 60 * 60_000
  const now = Date.parse('2026-12-05T15:00:00Z')
  const at = (hours: number) => ({ startsAt: new Date(now + hours * HOUR).toISOString() })

  it('is the soonest start still ahead, past the games that started and those with no time', () => {
    expect(soonestStartAfter([at(5), at(-1), { startsAt: null }, at(2), at(9)], now)).toBe(now + 2 * HOUR)
    expect(soonestStartAfter([at(0), at(-3), { startsAt: null }], now)).toBeNull()
    expect(soonestStartAfter([], now)).toBeNull()
  })
})
