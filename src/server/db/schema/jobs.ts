import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'

// Background work (reminders, expiring PlayDates): one row a job, claimed by one instance at a
// time with `for update skip locked` (lib/jobs.ts), so N instances on one database run each job
// once and the embedded database's one process runs them all.
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    // Enqueueing a key that exists does nothing: one reminder per PlayDate, kind and start time.
    key: text('key').notNull().unique(),
    payload: jsonb('payload').notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    // Set when the job ran (or gave up after its last attempt); kept a while for support, and for
    // good for one-time work (lib/jobs.ts, onceKey).
    doneAt: timestamp('done_at', { withTimezone: true }),
    // The player the job works for (a push to one of their devices), so a turn can take turns
    // between players (lib/jobs.ts); none for a job about a PlayDate.
    ownerId: uuid('owner_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.doneAt} is null`),
    // Done jobs are deleted after a while (maintenance.ts).
    index('jobs_done_idx')
      .on(t.doneAt)
      .where(sql`${t.doneAt} is not null`),
  ],
)
