import type { TeamSummary } from '../../../../domain/play-dates/play-date.schema'
import type { ReliabilitySummary } from '../../../../domain/play-dates/results'
import { reliabilityLine } from '../../../../domain/play-dates/results.rules'

// How a card shows the other team's record (docs/decisions/0089-results-and-reliability.md).

// The players of a team, captain first.
export const teamPlayers = (team: TeamSummary) => [team.captain, team.partner].filter((p) => p !== null)

const isOn = (team: TeamSummary | null, viewerId: string) =>
  team !== null && teamPlayers(team).some((p) => p.id === viewerId)

// The team the viewer would play, of those the card shows: the creator team of someone else's
// PlayDate, the opponents on the viewer's own once matched (where the card shows them), else none.
export function otherTeam(
  creatorTeam: TeamSummary,
  respondingTeam: TeamSummary | null,
  viewerId: string,
): TeamSummary | null {
  if (!isOn(creatorTeam, viewerId)) return creatorTeam
  return respondingTeam && !isOn(respondingTeam, viewerId) ? respondingTeam : null
}

// "Played 14 & 3 · 0 & 1 no-shows": each player's numbers in the order the card names them, on
// one short line (a team's games are not the sum of its players': they often played together).
// No-shows read as one number when both have none; late cancels and games saved as a sub only when
// there are any.
export function teamRecordLine(records: ReadonlyArray<ReliabilitySummary>): string {
  const [first, second] = records
  if (!first) return ''
  if (!second) return reliabilityLine(first)
  const both = (pick: (r: ReliabilitySummary) => number) => `${pick(first)} & ${pick(second)}`
  const parts = [`Played ${both((r) => r.played)}`]
  const noShows = first.noShows + second.noShows
  parts.push(noShows === 0 ? '0 no-shows' : `${both((r) => r.noShows)} no-shows`)
  if (first.lateCancels + second.lateCancels > 0) parts.push(`${both((r) => r.lateCancels)} late cancels`)
  if (first.savedGames + second.savedGames > 0) parts.push(`${both((r) => r.savedGames)} games saved`)
  return parts.join(' · ')
}

// What a screen reader says instead: each player by name, "Ann Lee: Played 14 · 0 no-shows".
export const teamRecordSpoken = (
  players: ReadonlyArray<{ firstName: string; lastName: string; record: ReliabilitySummary }>,
) => players.map((p) => `${p.firstName} ${p.lastName}: ${reliabilityLine(p.record)}`).join('; ')
