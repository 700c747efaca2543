import { describe, expect, it } from 'vitest'
import {
  decideResultInput,
  isLateCancel,
  matchProblem,
  outcomeOf,
  payingSide,
  reliabilityLine,
  reportInput,
  reportWindow,
  RESULT_MESSAGES,
  sameOutcome,
  scoreLine,
  validGame,
  winnerOf,
} from './results'

describe('a game’s score', () => {
  it('goes to 11, 15 or 21 and is won by 2', () => {
    expect(validGame(11, 11, 9)).toBe(true)
    expect(validGame(11, 0, 11)).toBe(true)
    expect(validGame(11, 11, 10)).toBe(false)
    expect(validGame(11, 12, 10)).toBe(true)
    expect(validGame(11, 13, 10)).toBe(false)
    expect(validGame(11, 10, 8)).toBe(false)
    expect(validGame(11, 11, 11)).toBe(false)
    expect(validGame(15, 15, 13)).toBe(true)
    expect(validGame(15, 11, 5)).toBe(false)
    expect(validGame(21, 23, 21)).toBe(true)
  })

  it('makes a best-of-three match: two games to one side, or a third game after one each', () => {
    const g = (...games: Array<[number, number]>) => games.map(([a, b]) => ({ a, b }))
    expect(matchProblem(11, g([11, 4]))).toBeNull()
    expect(matchProblem(11, g([11, 4], [11, 8]))).toBeNull()
    expect(matchProblem(11, g([11, 4], [8, 11], [11, 9]))).toBeNull()
    expect(matchProblem(11, g([11, 4], [8, 11]))).toEqual({
      index: 1,
      message: RESULT_MESSAGES.thirdGameNeeded,
    })
    expect(matchProblem(11, g([11, 4], [11, 8], [11, 2]))).toEqual({
      index: 2,
      message: RESULT_MESSAGES.matchAlreadyWon,
    })
    expect(matchProblem(11, g([11, 4], [11, 10]))).toEqual({ index: 1, message: RESULT_MESSAGES.gameScore })
  })

  it('is checked when a team reports and when an admin decides', () => {
    expect(
      reportInput.safeParse({ outcome: 'played', pointsTo: 11, games: [{ us: 11, them: 3 }] }).success,
    ).toBe(true)
    const bad = reportInput.safeParse({ outcome: 'played', pointsTo: 11, games: [{ us: 11, them: 10 }] })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]).toMatchObject({ path: ['games', 0], message: RESULT_MESSAGES.gameScore })
    expect(
      reportInput.safeParse({ outcome: 'played', pointsTo: 11, games: [] }).error?.issues[0]?.message,
    ).toBe(RESULT_MESSAGES.enterScores)
    expect(reportInput.safeParse({ outcome: 'no_show' }).success).toBe(true)
    expect(
      decideResultInput.safeParse({
        outcome: 'played',
        pointsTo: 15,
        games: [{ creatorTeam: 15, respondingTeam: 14 }],
      }).success,
    ).toBe(false)
    expect(decideResultInput.safeParse({ outcome: 'no_show', absentTeam: 'creator' }).success).toBe(true)
  })
})

describe('two reports', () => {
  it('tell the same game whichever team tells it', () => {
    const mine = outcomeOf({ outcome: 'played', pointsTo: 11, games: [{ us: 11, them: 7 }] }, 'creator')
    const theirs = outcomeOf({ outcome: 'played', pointsTo: 11, games: [{ us: 7, them: 11 }] }, 'responding')
    expect(sameOutcome(mine, theirs)).toBe(true)
    expect(winnerOf(mine)).toBe('creator')
    expect(scoreLine(mine)).toBe('11-7')
    expect(scoreLine(mine, 'responding')).toBe('7-11')
    const other = outcomeOf({ outcome: 'played', pointsTo: 11, games: [{ us: 11, them: 7 }] }, 'responding')
    expect(sameOutcome(mine, other)).toBe(false)
    // "The other team did not show", from each side, names different absent teams.
    const noShowA = outcomeOf({ outcome: 'no_show' }, 'creator')
    const noShowB = outcomeOf({ outcome: 'no_show' }, 'responding')
    expect(noShowA).toEqual({ outcome: 'no_show', absentTeam: 'responding' })
    expect(sameOutcome(noShowA, noShowB)).toBe(false)
    expect(
      sameOutcome(
        outcomeOf({ outcome: 'not_played' }, 'creator'),
        outcomeOf({ outcome: 'not_played' }, 'responding'),
      ),
    ).toBe(true)
  })
})

describe('times around the game', () => {
  const start = new Date('2026-12-05T15:00:00Z')
  it('opens reports at the start for 7 days; a game with no time any time', () => {
    expect(reportWindow(start)).toEqual({ opensAt: start, closesAt: new Date('2026-12-12T15:00:00Z') })
    expect(reportWindow(null)).toEqual({ opensAt: null, closesAt: null })
  })
  it('counts a cancel as late under 24 hours before the start', () => {
    expect(isLateCancel(start, new Date('2026-12-04T15:00:00Z'))).toBe(false)
    expect(isLateCancel(start, new Date('2026-12-04T15:00:01Z'))).toBe(true)
    expect(isLateCancel(null, start)).toBe(false)
  })
  it('has the creator team pay in a Pay PlayDate and earn in an Earn one', () => {
    expect(payingSide('challenge')).toBe('creator')
    expect(payingSide('earn')).toBe('responding')
  })
})

describe('a reliability summary', () => {
  const none = { replaced: 0, savedGames: 0 }
  it('reads plainly, with late cancels only when there are any', () => {
    expect(reliabilityLine({ played: 14, noShows: 0, lateCancels: 0, ...none })).toBe(
      'Played 14 · 0 no-shows',
    )
    expect(reliabilityLine({ played: 1, noShows: 1, lateCancels: 2, ...none })).toBe(
      'Played 1 · 1 no-show · 2 late cancels',
    )
  })

  it('marks a late cancel someone took the spot of as replaced, and counts the games saved as a sub', () => {
    expect(reliabilityLine({ played: 3, noShows: 0, lateCancels: 1, replaced: 1, savedGames: 0 })).toBe(
      'Played 3 · 0 no-shows · 1 late cancel, replaced',
    )
    expect(reliabilityLine({ played: 3, noShows: 0, lateCancels: 2, replaced: 1, savedGames: 1 })).toBe(
      'Played 3 · 0 no-shows · 2 late cancels (1 replaced) · Saved a game',
    )
    expect(reliabilityLine({ played: 5, noShows: 0, lateCancels: 0, replaced: 0, savedGames: 3 })).toBe(
      'Played 5 · 0 no-shows · Saved 3 games',
    )
  })
})
