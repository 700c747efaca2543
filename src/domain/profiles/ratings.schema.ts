import { millisecondsInDay } from 'date-fns/constants'
import { z } from 'zod'
import { duprFields, ratingInput, requireDuprUnlessNone } from './profile.schema'

// An empty field is "not given", so it reads 'DUPR rating is required', not 'at least 2.00'.
const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value

export const ratingsInput = requireDuprUnlessNone(
  z.object({
    ...duprFields,
    selfRating: z.preprocess(blankToUndefined, ratingInput('Self rating is required')),
  }),
)
export type RatingsInput = z.infer<typeof ratingsInput>

export const ratingsOutput = z.object({
  duprRating: z.number().nullable(),
  selfRating: z.number(),
  ratingsConfirmedAt: z.string(),
})
export type RatingsOutput = z.infer<typeof ratingsOutput>

export const ratingCheckOutput = z.object({
  updateNeeded: z.boolean(),
  duprRating: z.number().nullable(),
  selfRating: z.number(),
})
export type RatingCheckOutput = z.infer<typeof ratingCheckOutput>

export const RATINGS_STALE_AFTER_DAYS = 90
export const RATING_PROMPT_SNOOZE_DAYS = 7

// Ratings last confirmed more than 90 days ago, and the prompt not skipped in the last 7 days.
export function isRatingUpdateNeeded(
  ratingsConfirmedAt: Date,
  promptSkippedAt: Date | null,
  now: Date = new Date(),
) {
  const stale = now.getTime() - ratingsConfirmedAt.getTime() > RATINGS_STALE_AFTER_DAYS * millisecondsInDay
  const snoozed =
    promptSkippedAt !== null &&
    now.getTime() - promptSkippedAt.getTime() < RATING_PROMPT_SNOOZE_DAYS * millisecondsInDay
  return stale && !snoozed
}
