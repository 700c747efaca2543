import type { PlayDateStatus } from '../../../../domain/play-dates/play-date.schema'
import { statusLabel } from '../../../../domain/play-dates/play-date.rules'

export const formatRating = (rating: number) => rating.toFixed(2)

// A player without a DUPR rating counts by their self rating in the team's average (Team DUPR),
// and wherever Team DUPR shows, it says so.
type Rated = { duprRating: number | null }
type RatedTeam = { captain: Rated; partner: Rated | null }
export const countsSelfRating = (team: RatedTeam) =>
  [team.captain, team.partner].some((p) => p !== null && p.duprRating === null)

// A side of one player (posted alone, or one who joined alone) is that player's own rating, not a
// team's average: "DUPR 3.05", or "Self-rated 3.00" without a DUPR (0096). A pair is "Team DUPR",
// said to count a self rating where it does (docs/decisions/0197).
export const teamRatingLabel = (team: RatedTeam) =>
  team.partner ? 'Team DUPR' : team.captain.duprRating === null ? 'Self-rated' : 'DUPR'
export const teamCountsSelfRating = (team: RatedTeam) => team.partner !== null && countsSelfRating(team)

export const fullName = (player: { firstName: string; lastName: string }) =>
  `${player.firstName} ${player.lastName}`

export const requestCountLabel = (count: number) => `${count} pending ${count === 1 ? 'request' : 'requests'}`

// open green, matched blue, completed grey, cancelled (or anything else) red.
export const statusTone = (status: PlayDateStatus) =>
  status === 'open'
    ? 'bg-green-100 text-green-900 ring-green-600/30'
    : status === 'matched'
      ? 'bg-blue-100 text-blue-900 ring-blue-600/30'
      : status === 'completed'
        ? 'bg-slate-200 text-slate-800 ring-slate-500/30'
        : 'bg-red-100 text-red-900 ring-red-600/30'

// What a PlayDate's badge says: its status, unless the status alone would mislead about a matched
// game's result: "Disputed" (the two reports differ: an admin decides), or "No result" once the
// week to report has passed with no report (the game is over, on History: docs/decisions/0217),
// grey as a finished game's.
export type ResultBadge = 'disputed' | 'closed' | null
export function statusBadge(
  status: PlayDateStatus,
  result: ResultBadge = null,
): { label: string; tone: string } {
  if (status === 'matched' && result === 'disputed')
    return { label: 'Disputed', tone: 'bg-amber-100 text-amber-900 ring-amber-600/30' }
  if (status === 'matched' && result === 'closed')
    return { label: 'No result', tone: statusTone('completed') }
  return { label: statusLabel(status), tone: statusTone(status) }
}
