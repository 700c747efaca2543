// Four spots, filled by pairs or by one player (docs/decisions/0137-spots-and-solo-teams.md).
// A PlayDate has two sides of two spots. The creator's side holds the creator and, unless they
// posted alone ("Partner wanted"), a friend; the other side is a pair, or two players who each
// joined alone. Pure rules: the server places applicants with them and the pages word them.
import { type RatedPlayer, isSelfRated, playingRating } from '../players/rating.rules'

export const RATING_MIN = 2
export const RATING_MAX = 7
// The range a creator starts from: their team's rating, half a point either way.
export const DUPR_RANGE_MARGIN = 0.5

export interface DuprRange {
  min: number
  max: number
}

const hundredths = (value: number) => Math.round(value * 100) / 100
const clampRating = (value: number) => Math.min(RATING_MAX, Math.max(RATING_MIN, hundredths(value)))

// The creator team's rating ±0.5 (the creator's own when posting alone), kept within 2 to 7.
export const defaultDuprRange = (teamRating: number): DuprRange => ({
  min: clampRating(teamRating - DUPR_RANGE_MARGIN),
  max: clampRating(teamRating + DUPR_RANGE_MARGIN),
})

export const rangeText = (range: DuprRange) => `${range.min.toFixed(2)}–${range.max.toFixed(2)}`

export const isInRange = (rating: number, range: DuprRange | null) =>
  range === null || (hundredths(rating) >= range.min && hundredths(rating) <= range.max)

// A team's rating as the creator team's average is taken: the mean of its players' ratings (the
// self rating for a player with no DUPR yet); one player's own.
export function joiningRating(players: readonly RatedPlayer[]) {
  const ratings = players.map((p) => Math.round(playingRating(p) * 100))
  return Math.round(ratings.reduce((a, b) => a + b, 0) / ratings.length) / 100
}

// Why a player may not join a range alone, or null when they may. A pair applies as the spec has
// it, whatever the range (docs/decisions/0137-spots-and-solo-teams.md).
export function rangeRefusal(player: RatedPlayer, range: DuprRange | null): string | null {
  if (range === null || isInRange(playingRating(player), range)) return null
  const rating = playingRating(player).toFixed(2)
  const which = isSelfRated(player) ? `self rating ${rating} (you have no DUPR yet)` : `DUPR ${rating}`
  return `Your ${which} is outside this PlayDate's range (${rangeText(range)})`
}

// Who holds the spots: the creator's side has a partner or not; the other side holds 0, 1 or 2
// players.
export interface SpotsFilled {
  creatorPartner: boolean
  otherSide: 0 | 1 | 2
}

export interface OpenSpots {
  creatorSide: number
  otherSide: number
  left: number
  partnerWanted: boolean
}

export function openSpots(filled: SpotsFilled): OpenSpots {
  const creatorSide = filled.creatorPartner ? 0 : 1
  const otherSide = 2 - filled.otherSide
  return { creatorSide, otherSide, left: creatorSide + otherSide, partnerWanted: creatorSide === 1 }
}

export const isFull = (spots: OpenSpots) => spots.left === 0

// What a card says: '1 spot left · partner wanted', '2 spots left', 'Full'.
export function spotsText(spots: OpenSpots) {
  if (spots.left === 0) return 'Full'
  const left = `${spots.left} ${spots.left === 1 ? 'spot' : 'spots'} left`
  return spots.partnerWanted ? `${left} · partner wanted` : left
}

export type Side = 'creator' | 'other'

export const SPOT_MESSAGES = {
  pairNeedsTwo: 'The other side has one spot left: only a player joining alone can take it',
  sideFull: 'That spot was just taken',
  noPartnerWanted: 'This PlayDate has no partner wanted: accept this player for the other side',
  full: 'Every spot is taken',
} as const

// Where an accepted applicant goes, or why they cannot. A pair fills the other side, which must be
// empty. A player alone goes where the creator team says; unsaid, to the partner wanted first
// (what the creator posted for), else to the other side.
export function placeApplicant(
  spots: OpenSpots,
  applicant: 'pair' | 'solo',
  side?: Side,
): { side: Side } | { refusal: string } {
  if (spots.left === 0) return { refusal: SPOT_MESSAGES.full }
  if (applicant === 'pair') {
    if (side === 'creator') return { refusal: SPOT_MESSAGES.noPartnerWanted }
    return spots.otherSide === 2 ? { side: 'other' } : { refusal: SPOT_MESSAGES.pairNeedsTwo }
  }
  const chosen: Side = side ?? (spots.creatorSide === 1 ? 'creator' : 'other')
  if (chosen === 'creator' && spots.creatorSide === 0) {
    return { refusal: side ? SPOT_MESSAGES.sideFull : SPOT_MESSAGES.noPartnerWanted }
  }
  if (chosen === 'other' && spots.otherSide === 0) return { refusal: SPOT_MESSAGES.sideFull }
  return { side: chosen }
}

// The money stays per team. Two players who each joined alone split their team's price equally:
// each one's share, in dollars to the cent.
export const shareOfTeamPrice = (teamPrice: number) => Math.round((teamPrice / 2) * 100) / 100

// Whether the team pays or earns: "each pays" on a side that pays, "each earns" on one that earns.
// The share, "each pays $12.50 per hour", is one phrase: a narrow line breaks after the colon.
export const SPLIT_LEAD = 'Split equally:'
export const splitShareText = (teamPrice: number, role: 'pays' | 'earns') =>
  `each ${role} $${formatDollars(shareOfTeamPrice(teamPrice))} per hour`
export const splitText = (teamPrice: number, role: 'pays' | 'earns') =>
  `${SPLIT_LEAD} ${splitShareText(teamPrice, role)}`

const formatDollars = (amount: number) => (Number.isInteger(amount) ? String(amount) : amount.toFixed(2))
