import { describe, expect, it } from 'vitest'
import type { TeamSummary } from '../../../../domain/play-dates/play-date.schema'
import type { GameOutcome } from '../../../../domain/play-dates/results'
import { reportedResultSentence, suggestedListUrl, teamName, teamRatingsLine } from './home-view'
import { viewerOutcome } from '../../../../domain/play-dates/results.rules'

const player = (firstName: string, lastName: string, duprRating: number | null) => ({
  id: `${firstName}-${lastName}`,
  firstName,
  lastName,
  gender: 'female' as const,
  duprRating,
  selfRating: 3.5,
  photoUrl: null,
})
const team: TeamSummary = {
  captain: player('Tara', 'Tran', 3.4),
  partner: player('Uma', 'Ueda', 3.6),
  averageDupr: 3.5,
  averageSelf: 3.5,
}
const maya = { id: 'maya', firstName: 'Maya', lastName: 'Lopez', photoUrl: null }
// Told from the creator team's side: the creator team won both games.
const creatorWon: GameOutcome = {
  outcome: 'played',
  pointsTo: 11,
  games: [
    { creatorTeam: 11, respondingTeam: 7 },
    { creatorTeam: 11, respondingTeam: 5 },
  ],
}

describe('teamName and teamRatingsLine', () => {
  it('names both players of a team', () => {
    expect(teamName(team)).toBe('Tara Tran & Uma Ueda')
  })

  it('names a team of one by its captain', () => {
    expect(teamName({ ...team, partner: null })).toBe('Tara Tran')
  })

  it('gives each rating to two decimals, then the team average', () => {
    expect(teamRatingsLine(team)).toBe('DUPR 3.40 & 3.60 · team 3.50')
  })

  it('shows a player without a DUPR rating as self-rated', () => {
    const beginner = player('Bea', 'Ginner', null)
    expect(teamRatingsLine({ ...team, partner: beginner, averageDupr: 3.45 })).toBe(
      'DUPR 3.40 & Self-rated 3.50 · team 3.45',
    )
  })
})

describe('the result the other team reported, from the viewer side', () => {
  it('a responding-team viewer reads the creator team’s win as a loss, own points first', () => {
    expect(reportedResultSentence({ reportedBy: maya, outcome: creatorWon, myTeam: 'responding' })).toBe(
      'Maya Lopez reported: you lost 7-11, 5-11',
    )
  })

  it('a creator-team viewer reads the same report as a win', () => {
    expect(viewerOutcome(creatorWon, 'creator')).toBe('you won 11-7, 11-5')
  })

  it('a three-game match keeps every game, each from the viewer side', () => {
    const inThree: GameOutcome = {
      outcome: 'played',
      pointsTo: 15,
      games: [
        { creatorTeam: 15, respondingTeam: 10 },
        { creatorTeam: 9, respondingTeam: 15 },
        { creatorTeam: 14, respondingTeam: 16 },
      ],
    }
    expect(viewerOutcome(inThree, 'responding')).toBe('you won 10-15, 15-9, 16-14')
  })

  it('says whose team did not show', () => {
    const absent: GameOutcome = { outcome: 'no_show', absentTeam: 'creator' }
    expect(viewerOutcome(absent, 'creator')).toBe('your team did not show')
    expect(reportedResultSentence({ reportedBy: maya, outcome: absent, myTeam: 'responding' })).toBe(
      'Maya Lopez reported: the other team did not show',
    )
  })

  it('says when the game did not happen', () => {
    expect(viewerOutcome({ outcome: 'not_played' }, 'creator')).toBe('the game did not happen')
  })
})

describe('suggestedListUrl', () => {
  const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams)

  it('opens Available this week with the rating range, state and region', () => {
    const url = suggestedListUrl({
      state: 'AZ',
      region: 'east_valley',
      minRating: 2.75,
      maxRating: 4.25,
      withinMiles: null,
    })
    expect(url.startsWith('/playdates?')).toBe(true)
    expect(query(url)).toEqual({
      tab: 'available',
      when: 'week',
      minRating: '2.75',
      maxRating: '4.25',
      state: 'AZ',
      region: 'east_valley',
    })
  })

  it('leaves out the region when the player has none', () => {
    expect(
      query(suggestedListUrl({ state: 'FL', region: null, minRating: 4, maxRating: 5.5, withinMiles: null })),
    ).toEqual({
      tab: 'available',
      when: 'week',
      minRating: '4',
      maxRating: '5.5',
      state: 'FL',
    })
  })

  it('leaves out state and region for a player without a home area', () => {
    const url = suggestedListUrl({
      state: null,
      region: 'tucson',
      minRating: 2,
      maxRating: 3.25,
      withinMiles: null,
    })
    expect(url).toBe('/playdates?tab=available&when=week&minRating=2&maxRating=3.25')
  })

  it('opens Available within the distance of home the suggestions were chosen by', () => {
    const url = suggestedListUrl({ state: null, region: null, minRating: 3, maxRating: 4, withinMiles: 25 })
    expect(url).toBe('/playdates?tab=available&when=week&minRating=3&maxRating=4&within=25')
  })
})
