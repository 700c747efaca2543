import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from './columns'
import { groups } from './groups'
import { playDates } from './play-dates'
import { profiles } from './profiles'
import { venues } from './venues'

// A group's weekly game (docs/decisions/0169-recurring-series.md): an RFC 5545 rule on the venue's
// wall clock, each occurrence made into a PlayDate 14 days ahead by a job.
export const groupSeries = pgTable(
  'group_series',
  {
    id: id(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    // The organiser whose PlayDates the games are (their creator, posted alone).
    hostId: uuid('host_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id),
    // "DTSTART;TZID=America/Denver:20261103T180000\nRRULE:FREQ=WEEKLY;BYDAY=TU": the first date and
    // the time on the venue's clock, and the rule (RFC 5545).
    rule: text('rule').notNull(),
    timeZone: text('time_zone').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    // Whole dollars per hour, as a PlayDate's amount; 0: free.
    amount: integer('amount').notNull(),
    description: text('description').notNull().default(''),
    // Each game opens to everyone 24 hours after it is made; false: members only.
    opensToAll: boolean('opens_to_all').notNull(),
    // Goes up with each change: the job that makes the games again after a change is keyed on it.
    revision: integer('revision').notNull().default(0),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('group_series_amount', sql`${t.amount} between 0 and 500`),
    check(
      'group_series_duration',
      sql`${t.durationMinutes} between 30 and 240 and ${t.durationMinutes} % 30 = 0`,
    ),
    check('group_series_description_length', sql`length(${t.description}) <= 500`),
    index('group_series_group_idx').on(t.groupId, t.createdAt),
  ],
)

// One row per occurrence that was made into a PlayDate or skipped: the primary key makes each
// occurrence once, however many job runners race.
export const groupSeriesOccurrences = pgTable(
  'group_series_occurrences',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => groupSeries.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    playDateId: uuid('play_date_id').references(() => playDates.id, { onDelete: 'set null' }),
    skippedAt: timestamp('skipped_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.startsAt] }),
    index('group_series_occurrences_play_date_idx')
      .on(t.playDateId)
      .where(sql`${t.playDateId} is not null`),
  ],
)
