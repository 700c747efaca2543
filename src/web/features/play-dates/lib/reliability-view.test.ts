import { describe, expect, it } from 'vitest'
import type { PlayerSummary, TeamSummary } from '../../../../domain/play-dates/play-date.schema'
import { otherTeam, teamRecordLine, teamRecordSpoken } from './reliability-view'

const player = (id: string): PlayerSummary => ({
  id,
  firstName: id,
  lastName: 'Lee',
  gender: 'female',
  duprRating: 3.5,
  selfRating: 3.5,
  photoUrl: null,
})
const team = (a: string, b: string | null): TeamSummary => ({
  captain: player(a),
  partner: b ? player(b) : null,
  averageDupr: 3.5,
  averageSelf: 3.5,
})
const record = (played: number, noShows = 0, lateCancels = 0, savedGames = 0) => ({
  played,
  noShows,
  lateCancels,
  replaced: 0,
  savedGames,
})

describe('the other team on a card', () => {
  const creators = team('ann', 'bea')
  const opponents = team('cal', 'dee')

  it('is the creator team when the viewer is not on it', () => {
    expect(otherTeam(creators, null, 'eve')).toBe(creators)
    expect(otherTeam(creators, opponents, 'cal')).toBe(creators)
    expect(otherTeam(creators, opponents, 'dee')).toBe(creators)
  })

  it('is the opponents on the viewer’s own PlayDate once matched, else none', () => {
    expect(otherTeam(creators, opponents, 'bea')).toBe(opponents)
    expect(otherTeam(creators, null, 'ann')).toBeNull()
  })
})

describe('a team’s record on one line', () => {
  it('reads as the profile’s summary for a player alone', () => {
    expect(teamRecordLine([record(14)])).toBe('Played 14 · 0 no-shows')
  })

  it('gives each player’s numbers in the card’s order, no-shows once when there are none', () => {
    expect(teamRecordLine([record(14), record(3)])).toBe('Played 14 & 3 · 0 no-shows')
    expect(teamRecordLine([record(14), record(3, 1)])).toBe('Played 14 & 3 · 0 & 1 no-shows')
  })

  it('adds late cancels only when there are some', () => {
    expect(teamRecordLine([record(2, 0, 1), record(5)])).toBe(
      'Played 2 & 5 · 0 no-shows · 1 & 0 late cancels',
    )
  })

  it('adds the games saved as a sub only when there are some', () => {
    expect(teamRecordLine([record(2, 0, 0, 1), record(5)])).toBe(
      'Played 2 & 5 · 0 no-shows · 1 & 0 games saved',
    )
  })

  it('is spoken player by player, by name', () => {
    expect(
      teamRecordSpoken([
        { firstName: 'Ann', lastName: 'Lee', record: record(14) },
        { firstName: 'Bea', lastName: 'Ortiz', record: record(1, 1) },
      ]),
    ).toBe('Ann Lee: Played 14 · 0 no-shows; Bea Ortiz: Played 1 · 1 no-show')
  })
})
