import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm'
import type { Db, DbOrTx, Tx } from '../db/client'
import { jobs } from '../db/schema'

// Background work on one table (docs/decisions/0080-jobs-table.md). A job is claimed with
// `for update skip locked` inside the transaction that runs it and marks it done: what a job
// writes commits with its `done_at`, or not at all. So with N instances on one PostgreSQL each job
// runs once, an instance that stops mid-job leaves it to the next turn (its lock goes with its
// connection), and on the embedded database the one process runs them in turn.

export type JobRow = typeof jobs.$inferSelect

export interface JobContext {
  // The transaction the job runs in: write through it, so its work commits with the job.
  tx: Tx
  job: JobRow
  // The instant the runner was asked to run due jobs for (the app's clock).
  now: Date
}

export type JobHandler = (context: JobContext) => Promise<void>
export type JobHandlers = Record<string, JobHandler>

export interface NewJob {
  kind: string
  // One job per key: enqueueing a key that exists does nothing.
  key: string
  runAt: Date
  payload?: Record<string, unknown>
}

// A failed job is tried again after 1, 2, 4… minutes; after MAX_ATTEMPTS it is given up
// (done, with its last error kept).
export const MAX_ATTEMPTS = 5
const retryDelayMs = (attempts: number) => 60_000 * 2 ** (attempts - 1)

export async function enqueueJob(db: DbOrTx, job: NewJob) {
  await db
    .insert(jobs)
    .values({ kind: job.kind, key: job.key, runAt: job.runAt, payload: job.payload ?? {} })
    .onConflictDoNothing({ target: jobs.key })
}

export async function enqueueJobs(db: DbOrTx, list: NewJob[]) {
  if (list.length === 0) return
  await db
    .insert(jobs)
    .values(
      list.map((job) => ({ kind: job.kind, key: job.key, runAt: job.runAt, payload: job.payload ?? {} })),
    )
    .onConflictDoNothing({ target: jobs.key })
}

type Outcome = { ran: JobRow } | { failed: JobRow; error: unknown } | null

// Runs the jobs due at `now`, one transaction each, until none is left or `limit` ran. Returns
// how many were taken (run or failed). Jobs of a kind without a handler are left alone.
export async function runDueJobs(db: Db, handlers: JobHandlers, now: Date, limit = 50): Promise<number> {
  const kinds = Object.keys(handlers)
  if (kinds.length === 0) return 0
  let taken = 0
  while (taken < limit) {
    const outcome = await runOne(db, handlers, kinds, now)
    if (!outcome) break
    taken++
    if ('failed' in outcome) await recordFailure(db, outcome.failed, outcome.error, now)
  }
  return taken
}

class JobFailed extends Error {
  constructor(
    readonly job: JobRow,
    readonly reason: unknown,
  ) {
    super('job failed')
  }
}

async function runOne(db: Db, handlers: JobHandlers, kinds: string[], now: Date): Promise<Outcome> {
  try {
    return await db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(jobs)
        .where(
          and(
            isNull(jobs.doneAt),
            lte(jobs.runAt, now),
            sql`${jobs.kind} in (${sql.join(
              kinds.map((k) => sql`${k}`),
              sql`, `,
            )})`,
          ),
        )
        .orderBy(asc(jobs.runAt))
        .limit(1)
        .for('update', { skipLocked: true })
      if (!job) return null
      try {
        await handlers[job.kind]!({ tx, job, now })
      } catch (error) {
        // Undo what the job wrote; the failure is recorded after the rollback.
        throw new JobFailed(job, error)
      }
      await tx
        .update(jobs)
        .set({ doneAt: now, attempts: sql`${jobs.attempts} + 1` })
        .where(eq(jobs.id, job.id))
      return { ran: job }
    })
  } catch (error) {
    if (error instanceof JobFailed) return { failed: error.job, error: error.reason }
    throw error
  }
}

async function recordFailure(db: Db, job: JobRow, error: unknown, now: Date) {
  const attempts = job.attempts + 1
  const message = error instanceof Error ? error.message : String(error)
  await db
    .update(jobs)
    .set({
      attempts,
      lastError: message.slice(0, 1000),
      runAt: new Date(now.getTime() + retryDelayMs(attempts)),
      doneAt: attempts >= MAX_ATTEMPTS ? now : null,
    })
    .where(and(eq(jobs.id, job.id), isNull(jobs.doneAt)))
}

// Jobs done more than `days` ago are deleted by the cleanup.
export async function deleteOldJobs(db: DbOrTx, before: Date) {
  const rows = await db.delete(jobs).where(lt(jobs.doneAt, before)).returning({ id: jobs.id })
  return rows.length
}
