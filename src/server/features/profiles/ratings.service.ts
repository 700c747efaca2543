import { eq, sql } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import {
  isRatingUpdateNeeded,
  type RatingCheckOutput,
  type RatingsInput,
  type RatingsOutput,
} from '../../../domain/profiles/ratings.schema'
import { chosenDupr } from '../../../domain/profiles/profile.schema'
import type { DbOrTx } from '../../db/client'
import { profiles } from '../../db/schema'

const NOT_FOUND = 'Profile Not Found'

// Asked on every dashboard load: a prepared query (docs/decisions/0040-performance-at-scale.md).
const ratingCheckQuery = (db: DbOrTx) =>
  db
    .select({
      duprRating: profiles.duprRating,
      selfRating: profiles.selfRating,
      ratingsConfirmedAt: profiles.ratingsConfirmedAt,
      ratingPromptSkippedAt: profiles.ratingPromptSkippedAt,
    })
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder('userId')))

// The rating prompt asks when the ratings were confirmed more than 90 days ago, unless the
// player skipped it in the last 7 days.
export async function checkRatingUpdate(db: DbOrTx, userId: string, now: Date): Promise<RatingCheckOutput> {
  const [row] = await db.prepared('rating_check', ratingCheckQuery).execute({ userId })
  if (!row) throw new AppError('not_found', NOT_FOUND)
  return {
    updateNeeded: isRatingUpdateNeeded(row.ratingsConfirmedAt, row.ratingPromptSkippedAt, now),
    duprRating: row.duprRating === null ? null : Number(row.duprRating),
    selfRating: Number(row.selfRating),
  }
}

export async function skipRatingPrompt(db: DbOrTx, userId: string, now: Date) {
  const [row] = await db
    .update(profiles)
    .set({ ratingPromptSkippedAt: now })
    .where(eq(profiles.id, userId))
    .returning({ id: profiles.id })
  if (!row) throw new AppError('not_found', NOT_FOUND)
}

// New ratings count as confirmed now, which also ends any snooze.
export async function updateRatings(
  db: DbOrTx,
  userId: string,
  input: RatingsInput,
  now: Date,
): Promise<RatingsOutput> {
  const [row] = await db
    .update(profiles)
    .set({
      duprRating: chosenDupr(input),
      selfRating: input.selfRating,
      ratingsConfirmedAt: now,
      ratingPromptSkippedAt: null,
      updatedAt: now,
    })
    .where(eq(profiles.id, userId))
    .returning({
      duprRating: profiles.duprRating,
      selfRating: profiles.selfRating,
      ratingsConfirmedAt: profiles.ratingsConfirmedAt,
    })
  if (!row) throw new AppError('not_found', NOT_FOUND)
  return {
    duprRating: row.duprRating === null ? null : Number(row.duprRating),
    selfRating: Number(row.selfRating),
    ratingsConfirmedAt: row.ratingsConfirmedAt.toISOString(),
  }
}
