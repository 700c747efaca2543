import { describe, expect, it } from 'vitest'
import { gameLabel } from './game-label'

describe('gameLabel', () => {
  it('names the start in the game’s zone and its venue', () => {
    const game = { startsAt: new Date('2026-12-05T15:00:00Z'), timeZone: 'America/Phoenix' }
    expect(gameLabel({ ...game, venue: 'Red Mountain Pickleball Park' })).toBe(
      'Sat, Dec 5 · 8:00 AM MST at Red Mountain Pickleball Park',
    )
  })

  it('reads the zone’s own abbreviation, with daylight saving', () => {
    const game = { startsAt: '2026-07-04T16:30:00Z', timeZone: 'America/Denver', venue: 'Sugar House Park' }
    expect(gameLabel(game)).toBe('Sat, Jul 4 · 10:30 AM MDT at Sugar House Park')
  })

  it('takes the typed place without a venue, and says when the time is still open', () => {
    expect(gameLabel({ startsAt: null, timeZone: null, venue: null, place: 'Kiwanis Park' })).toBe(
      'Time to be agreed at Kiwanis Park',
    )
    expect(gameLabel({ startsAt: '2026-12-05T15:00:00Z', timeZone: 'America/Phoenix' })).toBe(
      'Sat, Dec 5 · 8:00 AM MST',
    )
  })

  it('tells two games apart by their start or their venue', () => {
    const at = { startsAt: '2026-12-05T15:00:00Z', timeZone: 'America/Phoenix' }
    expect(gameLabel({ ...at, venue: 'Kiwanis Park' })).not.toBe(gameLabel({ ...at, venue: 'Red Mountain' }))
    expect(gameLabel({ ...at, venue: 'Kiwanis Park' })).not.toBe(
      gameLabel({ ...at, startsAt: '2026-12-05T16:00:00Z', venue: 'Kiwanis Park' }),
    )
  })
})
