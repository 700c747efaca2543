import { z } from 'zod'
import { playerBasicsShape } from '../profiles/profile.schema'
import { playingRating, type RatedPlayer } from '../players/rating.rules'
import { toHundredths } from './team.rules'

// Train with Friends: friends within this much DUPR of the player are highlighted.
export const CLOSE_RATING_RANGE = 0.5

const hundredthsOf = (rating: number) => toHundredths(rating) ?? Math.round(rating * 100)

// The gap between two ratings, in hundredths, whichever is higher.
export const ratingGapHundredths = (a: number, b: number) => Math.abs(hundredthsOf(a) - hundredthsOf(b))

export const isCloseInRating = (a: number, b: number) => ratingGapHundredths(a, b) <= CLOSE_RATING_RANGE * 100

export interface RatedFriend extends RatedPlayer {
  id: string
  firstName: string
  lastName: string
}

// Closest DUPR first (the self rating without one); equal gaps by name so the order never flickers.
export function orderByRatingCloseness<T extends RatedFriend>(friends: readonly T[], rating: number): T[] {
  return [...friends].sort(
    (a, b) =>
      ratingGapHundredths(playingRating(a), rating) - ratingGapHundredths(playingRating(b), rating) ||
      a.firstName.localeCompare(b.firstName) ||
      a.lastName.localeCompare(b.lastName) ||
      a.id.localeCompare(b.id),
  )
}

export const trainingPartner = z.object({
  ...playerBasicsShape,
  // Absolute DUPR gap to the player, to two decimals.
  ratingGap: z.number(),
  isClose: z.boolean(),
})
export type TrainingPartner = z.infer<typeof trainingPartner>

export const trainingPartnersOutput = z.object({
  duprRating: z.number().nullable(),
  selfRating: z.number(),
  partners: z.array(trainingPartner),
})
export type TrainingPartnersOutput = z.infer<typeof trainingPartnersOutput>
