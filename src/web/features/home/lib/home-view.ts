import type { HomeOutput, ResultToConfirm } from '../../../../domain/play-dates/home.schema'
import type { TeamSummary } from '../../../../domain/play-dates/play-date.schema'
import { duprLine, duprText, isSelfRated } from '../../../../domain/players/rating.rules'
import { viewerOutcome } from '../../../../domain/play-dates/results.rules'

// How the dashboard's "what's next" reads (docs/decisions/0090-home-whats-next.md).

const fullName = (player: { firstName: string; lastName: string }) => `${player.firstName} ${player.lastName}`

// "Rosa Reyes & Sam Soto".
export const teamName = (team: TeamSummary) =>
  [team.captain, team.partner]
    .filter((p) => p !== null)
    .map(fullName)
    .join(' & ')

// "DUPR 3.40 & 3.60 · team 3.50": each player's rating, then the team's. A player without a DUPR
// rating yet reads "Self-rated 3.00" ("DUPR 3.40 & Self-rated 3.00 · team 3.20").
export const teamRatingsLine = (team: TeamSummary) => {
  const players = [team.captain, team.partner].filter((p) => p !== null)
  const ratings = players.some(isSelfRated)
    ? players.map(duprLine).join(' & ')
    : `DUPR ${players.map(duprText).join(' & ')}`
  return `${ratings} · team ${team.averageDupr.toFixed(2)}`
}

// "Maya Lopez reported: you lost 7-11, 5-11".
export const reportedResultSentence = (result: Pick<ResultToConfirm, 'reportedBy' | 'outcome' | 'myTeam'>) =>
  `${fullName(result.reportedBy)} reported: ${viewerOutcome(result.outcome, result.myTeam)}`

// The Available list with the filters the suggestions were chosen by, so "See all" shows the
// same games and more (the list's own query, 0084). Only the filters that were used are written.
export function suggestedListUrl(by: HomeOutput['suggestedBy']): string {
  const params = new URLSearchParams({ tab: 'available', when: 'week' })
  params.set('minRating', String(by.minRating))
  params.set('maxRating', String(by.maxRating))
  if (by.state) {
    params.set('state', by.state)
    if (by.region) params.set('region', by.region)
  }
  if (by.withinMiles) params.set('within', String(by.withinMiles))
  return `/playdates?${params.toString()}`
}
