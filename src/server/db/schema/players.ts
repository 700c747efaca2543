import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, rating, updatedAt } from './columns'
import { profiles } from './profiles'

// SUPR Builder players: a private list each user keeps, optionally linked to a profile.
export const players = pgTable(
  'players',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender', { enum: ['male', 'female'] }).notNull(),
    ageGroup: text('age_group', { enum: ['under_50', '50_or_over'] })
      .notNull()
      .default('under_50'),
    duprRating: rating('dupr_rating').notNull(),
    duprId: text('dupr_id'),
    profileLinked: boolean('profile_linked').notNull().default(false),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('players_dupr_rating_range', sql`${t.duprRating} between 2 and 7`),
    check('players_dupr_id_format', sql`${t.duprId} ~ '^[A-Za-z0-9]{6}$'`),
    check(
      'players_names_present',
      sql`length(btrim(${t.firstName})) > 0 and length(btrim(${t.lastName})) > 0`,
    ),
    index('players_user_idx').on(t.userId, t.createdAt.desc()),
  ],
)
