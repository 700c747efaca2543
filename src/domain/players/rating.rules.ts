// A player who has no DUPR rating yet counts with their self rating wherever a rating is
// computed, and shows it as such (docs/decisions/0096-joining-without-dupr.md).
export interface RatedPlayer {
  duprRating: number | null
  selfRating: number
}

export const NO_DUPR_LABEL = "I don't have a DUPR rating yet"

export const isSelfRated = (player: RatedPlayer) => player.duprRating === null

// The rating that SUPR Builder, filters, suggestions and team averages use.
export const playingRating = (player: RatedPlayer) => player.duprRating ?? player.selfRating

// What a screen shows where a DUPR rating would be: '3.75', or 'Self-rated 3.00'.
export const duprText = (player: RatedPlayer) =>
  player.duprRating === null ? `Self-rated ${player.selfRating.toFixed(2)}` : player.duprRating.toFixed(2)

// A player's ratings, each label with its value: ['DUPR 3.75', 'Self 3.50'], or
// ['Self-rated 3.00'] alone. A screen keeps each part whole where the line wraps.
export const ratingsParts = (player: RatedPlayer): string[] =>
  player.duprRating === null
    ? [duprText(player)]
    : [`DUPR ${player.duprRating.toFixed(2)}`, `Self ${player.selfRating.toFixed(2)}`]

// A player's ratings on one line: 'DUPR 3.75 · Self 3.50', or 'Self-rated 3.00' alone.
export const ratingsLine = (player: RatedPlayer) => ratingsParts(player).join(' · ')

// Where a line shows the DUPR rating alone: 'DUPR 3.75', or 'Self-rated 3.00'.
export const duprLine = (player: RatedPlayer) =>
  player.duprRating === null ? duprText(player) : `DUPR ${player.duprRating.toFixed(2)}`
