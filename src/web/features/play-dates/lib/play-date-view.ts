import type { PlayDateStatus } from '../../../../domain/play-dates/play-date.schema'

export const formatRating = (rating: number) => rating.toFixed(2)

// A player without a DUPR rating counts by their self rating in the team's average (Team DUPR),
// and wherever Team DUPR shows, it says so.
type Rated = { duprRating: number | null }
export const countsSelfRating = (team: { captain: Rated; partner: Rated | null }) =>
  [team.captain, team.partner].some((p) => p !== null && p.duprRating === null)

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
