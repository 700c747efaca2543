import { sql } from 'drizzle-orm'
import { boolean, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, rating, updatedAt } from './columns'

export const profiles = pgTable(
  'profiles',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender', { enum: ['male', 'female'] }).notNull(),
    duprRating: rating('dupr_rating').notNull(),
    selfRating: rating('self_rating').notNull(),
    birthdate: date('birthdate', { mode: 'string' }).notNull(),
    zipCode: text('zip_code'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isPaused: boolean('is_paused').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // Rating prompt: ratings last confirmed, and the last time the prompt was skipped.
    ratingsConfirmedAt: timestamp('ratings_confirmed_at', { withTimezone: true }).notNull().defaultNow(),
    ratingPromptSkippedAt: timestamp('rating_prompt_skipped_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('profiles_email_lower_key').on(sql`lower(${t.email})`),
    check('profiles_email_normalised', sql`${t.email} = lower(btrim(${t.email}))`),
    check('profiles_dupr_rating_range', sql`${t.duprRating} between 2 and 7`),
    check('profiles_self_rating_range', sql`${t.selfRating} between 2 and 7`),
    check('profiles_first_name_present', sql`length(btrim(${t.firstName})) > 0`),
    check('profiles_last_name_present', sql`length(btrim(${t.lastName})) > 0`),
    // Friend search and admin search match names from any position: trigram indexes.
    index('profiles_first_name_trgm').using('gin', sql`lower(${t.firstName}) gin_trgm_ops`),
    index('profiles_last_name_trgm').using('gin', sql`lower(${t.lastName}) gin_trgm_ops`),
    index('profiles_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
    index('profiles_created_at_idx').on(t.createdAt),
    index('profiles_name_idx').on(t.lastName, t.firstName),
    // Friend search answers in first-name order: for a common name the scan walks this index
    // and stops at the page; a rare one goes through the trigram indexes.
    index('profiles_first_name_order_idx').on(t.firstName, t.lastName, t.id),
    index('profiles_dupr_idx').on(t.duprRating),
  ],
)

// The password hash lives apart from the profile so no profile query can leak it.
export const passwords = pgTable('passwords', {
  profileId: uuid('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  hash: text('hash').notNull(),
  updatedAt: updatedAt(),
})
