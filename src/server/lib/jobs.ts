import { and, eq, isNull, lt, notLike, sql } from 'drizzle-orm'
import type { BeforeCommitBatch, Db, DbOrTx, Tx } from '../db/client'
import { jobs } from '../db/schema'

// Background work on one table (docs/decisions/0080-jobs-table.md). A job is claimed with
// `for update skip locked` inside the transaction that runs it and marks it done: what a job
// writes commits with its `done_at`, or not at all. So with N instances on one PostgreSQL each job
// runs once, an instance that stops mid-job leaves it to the next turn (its lock goes with its
// connection), and on the embedded database the one process runs them in turn.
//
// A job that calls the outside world (a push service) never does so in that transaction: its
// handler returns the call, the runner commits the claim with a lease on the job, makes the call
// holding no transaction and no connection, then records the outcome in a new short transaction
// (docs/decisions/0140-outside-calls-outside-transactions.md). A slow push service then stalls
// nobody: on the embedded database every request shares the one connection.

export type JobRow = typeof jobs.$inferSelect

export interface JobContext {
  // The transaction the job runs in: write through it, so its work commits with the job.
  tx: Tx
  job: JobRow
  // The instant the runner was asked to run due jobs for (the app's clock).
  now: Date
}

// The outside call a job makes once its claim has committed; it resolves to what to write with
// the outcome (run in a new transaction that also marks the job done), or throws to have the job
// tried again later.
export type OutsideCall = () => Promise<((tx: Tx) => Promise<void>) | void>

export type JobHandler = (context: JobContext) => Promise<void | OutsideCall>

// A due job as the turn chose it, before its claim.
export type DueJob = Pick<JobRow, 'id' | 'kind' | 'payload'>

// A job that reads what it needs before its transaction (docs/decisions/0234): `read` runs on the
// database, outside any transaction, as the turn starts its batch; `run` then runs in the batch's
// transaction with what it read. A statement inside the transaction holds its connection (on the
// embedded database, the one session every request shares) for as long as the batch lasts, where
// one before it holds nothing. Reading first sees what a read inside would have, a moment
// earlier: each statement of a transaction sees what had committed when it started. When the
// job's payload changed between the read and the claim (another instance ran it and held it for
// later, say) or the read failed, `read` runs again inside the transaction.
export interface ReadFirstJob<R> {
  read(db: DbOrTx, job: DueJob): Promise<R>
  run(context: JobContext, read: R): Promise<void | OutsideCall>
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind reads a type of its own
export type JobHandlers = Record<string, JobHandler | ReadFirstJob<any>>

export interface NewJob {
  kind: string
  // One job per key: enqueueing a key that exists does nothing.
  key: string
  runAt: Date
  payload?: Record<string, unknown>
  // The player the job works for, if one: a turn takes one job per player before a second of
  // anyone's, so one player's many jobs never hold up another's.
  ownerId?: string
}

// A failed job is tried again after 1, 2, 4… minutes; after MAX_ATTEMPTS it is given up
// (done, with its last error kept). One-time work (`onceKey`) is never given up: its done row
// would stop every later start from enqueueing it again, so a backfill that failed for a while
// (the database was full, say) would never run once the cause was fixed. It is tried again
// every hour at most instead.
export const MAX_ATTEMPTS = 5
const RETRY_CAP_MS = 60 * 60_000
const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** (attempts - 1), RETRY_CAP_MS)
// How long a job whose outside call is under way is left alone by every runner: far longer than
// a call may take (each has a short timeout of its own), so it is made twice only when the
// instance making it stopped before recording the outcome.
export const OUTSIDE_CALL_LEASE_MS = 2 * 60_000

const rowOf = (job: NewJob) => ({
  kind: job.kind,
  key: job.key,
  runAt: job.runAt,
  payload: job.payload ?? {},
  ownerId: job.ownerId ?? null,
})

// A database's one-time work (a backfill) is enqueued at every start under a key from `onceKey`.
// Its row is kept when done, where other done jobs are deleted after a while, so it stays the
// record that the work was done: no later start enqueues it again, whatever a second run would
// undo meanwhile (a choice a player made since). Deleting the row by hand has it run again.
const ONCE_KEY_PREFIX = 'once:'
export const onceKey = (name: string) => `${ONCE_KEY_PREFIX}${name}`
const isOnce = (job: JobRow) => job.key.startsWith(ONCE_KEY_PREFIX)

export async function enqueueJob(db: DbOrTx, job: NewJob) {
  await db.insert(jobs).values(rowOf(job)).onConflictDoNothing({ target: jobs.key })
}

export async function enqueueJobs(db: DbOrTx, list: NewJob[]) {
  if (list.length === 0) return
  await db.insert(jobs).values(list.map(rowOf)).onConflictDoNothing({ target: jobs.key })
}

// Within a job's run: the job is not done, and runs again at `runAt`, with `payload` (a notice held
// for the player's quiet hours). The run is not counted as an attempt. The batch's jobs that run
// again are written in one statement on their own rows, just before its transaction commits
// (docs/decisions/0241): a turn of notices held at night sent one update a job, each holding the
// embedded database's one session.
export async function runAgainAt(tx: Tx, job: JobRow, runAt: Date, payload: Record<string, unknown>) {
  await tx.beforeCommitBatch(runAgainBatch, (rows) =>
    rows.push({ id: job.id, run_at: runAt.toISOString(), payload, attempts: job.attempts }),
  )
}

interface RunAgain {
  id: string
  run_at: string
  payload: Record<string, unknown>
  attempts: number
}

const runAgainBatch: BeforeCommitBatch<RunAgain[]> = {
  start: () => [],
  async finish(rows, db) {
    await db.execute(sql`
      update ${jobs} set done_at = null, run_at = again.run_at, payload = again.payload, attempts = again.attempts
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as again(id uuid, run_at timestamptz, payload jsonb, attempts int)
      where ${jobs.id} = again.id`)
  },
}

type Outcome = { ran: JobRow } | { failed: JobRow; error: unknown } | { calling: JobRow; call: OutsideCall }

// How many of a turn's jobs run in one transaction (below).
export const JOB_BATCH = 8

// How many of the oldest due jobs a turn chooses from (below).
export const DUE_WINDOW = 1000

// Runs the jobs due at `now`, up to JOB_BATCH in a transaction, until none is left or `limit` ran. Returns
// how many were taken (run or failed). Jobs of a kind without a handler are left alone. The turn
// goes in rounds: each round takes at most one job per owner, oldest first, so a player with
// hundreds of jobs waiting delays another player's job by one at most (among the DUE_WINDOW
// oldest due jobs).
//
// One statement chooses the turn's jobs, in that order; they are then claimed by their ids, with
// `for update skip locked` in the transaction that runs them, so a job another instance holds or
// has done meanwhile is passed over. Choosing each next job with a scan of the due ones (as
// this did before) cost a scan of the whole backlog per job once it grew faster than the
// table's statistics: 15 ms a job with a few thousand waiting (docs/decisions/0230).
export async function runDueJobs(db: Db, handlers: JobHandlers, now: Date, limit = 50): Promise<number> {
  const kinds = Object.keys(handlers)
  if (kinds.length === 0) return 0
  let taken = 0
  while (taken < limit) {
    const asked = limit - taken
    const chosen = await dueJobs(db, kinds, now, asked)
    let claimed = 0
    for (let at = 0; at < chosen.length; at += JOB_BATCH) {
      for (const outcome of await runBatch(db, handlers, chosen.slice(at, at + JOB_BATCH), now)) {
        claimed++
        if ('failed' in outcome) await recordFailure(db, outcome.failed, outcome.error, now)
        if ('calling' in outcome) await callOutside(db, outcome.calling, outcome.call, now)
      }
    }
    taken += claimed
    // None was due, or other instances hold them: the turn is over. Otherwise the turn chooses
    // again: the jobs it ran may have queued others already due (a reminder's emails).
    if (claimed === 0) break
  }
  return taken
}

// Up to `count` jobs due at `now`, in the order a turn takes them: by rounds of one job per owner
// (a job without one is a round of its own), oldest first within a round.
async function dueJobs(db: Db, kinds: string[], now: Date, count: number): Promise<DueJob[]> {
  const rows = await db.execute<DueJob>(sql`
    select id, kind, payload from (
      select id, kind, payload, run_at, row_number() over (partition by coalesce(owner_id, id) order by run_at, id) as turn
      from (
        select id, kind, payload, owner_id, run_at from ${jobs}
        where done_at is null and run_at <= ${now}
          and kind in (${sql.join(
            kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})
        order by run_at, id
        limit ${DUE_WINDOW}
      ) due
    ) ranked
    order by turn, run_at, id
    limit ${count}`)
  return rows.rows
}

class JobFailed extends Error {
  constructor(
    readonly job: JobRow,
    readonly reason: unknown,
  ) {
    super('job failed')
  }
}

// The batch's own writes, made once its jobs have run, failed (the mail outbox's one insert): no
// one job's failure.
class BatchFailed extends Error {
  constructor(readonly reason: unknown) {
    super('batch failed')
  }
}

// Claims the due jobs among `ids` and marks them done, in one statement: what the transaction
// commits with, unless a job says otherwise (an outside call to make, a job given up). A job
// another instance holds (`skip locked`) or has done meanwhile is passed over: it does not come
// back. The rows come back as they are after the claim.
const claimAndFinish = (db: DbOrTx) =>
  db
    .update(jobs)
    .set({ doneAt: sql`${sql.placeholder('now')}::timestamptz`, attempts: sql`${jobs.attempts} + 1` })
    .where(
      sql`${jobs.id} in (select ${jobs.id} from ${jobs} where ${jobs.id} = any(${sql.placeholder('ids')}::uuid[]) and ${jobs.doneAt} is null and ${jobs.runAt} <= ${sql.placeholder('now')}::timestamptz for update skip locked)`,
    )
    .returning()

// What a read-first job read before its batch's transaction, or that its read failed.
type ReadBefore = { value: unknown } | { failed: true }

const samePayload = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

// Runs the jobs of `due` that are still due, in that order, in one transaction: `begin`, one
// claim for them all, what each job does, the batch's own writes (one outbox insert for its
// emails), `commit`, where a transaction for each job was those three round trips a job
// (docs/decisions/0232). What a read-first job reads is read before `begin` (docs/decisions/0234),
// so a turn of notice emails is, inside its transaction, the claim and the outbox's insert. When a
// job fails, the batch's transaction rolls back with everything its jobs wrote: the failure is
// that job's, and the others run again, each in a transaction of its own. When the batch's own
// writes fail, a batch of one job records the failure as that job's; a larger one runs each job
// again alone.
async function runBatch(db: Db, handlers: JobHandlers, due: DueJob[], now: Date): Promise<Outcome[]> {
  const reads = new Map<string, ReadBefore>()
  for (const job of due) {
    const handler = handlers[job.kind]
    if (!handler || typeof handler === 'function') continue
    try {
      reads.set(job.id, { value: await handler.read(db, job) })
    } catch {
      reads.set(job.id, { failed: true })
    }
  }
  const claimedJobs: JobRow[] = []
  try {
    return await db.transaction(async (tx) => {
      const rows = await tx.prepared('job_claim_and_finish', claimAndFinish).execute({
        ids: due.map((job) => job.id),
        now: now.toISOString(),
      })
      const claimed = new Map(rows.map((row) => [row.id, row]))
      const outcomes: Outcome[] = []
      for (const chosen of due) {
        const row = claimed.get(chosen.id)
        if (!row) continue
        // The job as it was before the claim.
        const job = { ...row, attempts: row.attempts - 1, doneAt: null }
        claimedJobs.push(job)
        const read = reads.get(job.id)
        const fresh = read && 'value' in read && samePayload(job.payload, chosen.payload) ? read : undefined
        outcomes.push(await runClaimed(tx, handlers, job, fresh, now))
      }
      try {
        await tx.runBeforeCommit()
      } catch (error) {
        throw new BatchFailed(error)
      }
      return outcomes
    })
  } catch (error) {
    if (error instanceof JobFailed) {
      const outcomes: Outcome[] = [{ failed: error.job, error: error.reason }]
      for (const job of due) {
        if (job.id !== error.job.id) outcomes.push(...(await runBatch(db, handlers, [job], now)))
      }
      return outcomes
    }
    if (error instanceof BatchFailed) {
      if (due.length === 1) return claimedJobs.map((job): Outcome => ({ failed: job, error: error.reason }))
      const outcomes: Outcome[] = []
      for (const job of due) outcomes.push(...(await runBatch(db, handlers, [job], now)))
      return outcomes
    }
    throw error
  }
}

// Runs one claimed job in the batch's transaction, with what it read before if it is a read-first
// job whose read still holds; throws JobFailed when it fails.
async function runClaimed(
  tx: Tx,
  handlers: JobHandlers,
  job: JobRow,
  readBefore: { value: unknown } | undefined,
  now: Date,
): Promise<Outcome> {
  if (job.attempts >= MAX_ATTEMPTS && !isOnce(job)) {
    // Its last attempts were claims whose runner stopped before recording the outcome (an
    // outside call cut off by a crash): given up like a job that failed that many times.
    await tx
      .update(jobs)
      .set({
        attempts: job.attempts,
        lastError: sql`coalesce(${jobs.lastError}, ${`given up after ${job.attempts} attempts whose outcome was never recorded`})`,
      })
      .where(eq(jobs.id, job.id))
    return { ran: job }
  }
  let call: void | OutsideCall
  try {
    const handler = handlers[job.kind]!
    if (typeof handler === 'function') call = await handler({ tx, job, now })
    else
      call = await handler.run({ tx, job, now }, readBefore ? readBefore.value : await handler.read(tx, job))
  } catch (error) {
    // Undo what the job wrote, and the claim; the failure is recorded after the rollback.
    throw new JobFailed(job, error)
  }
  if (call) {
    // Claimed: counted as an attempt, not done, and left alone by every runner while the call
    // is made.
    await tx
      .update(jobs)
      .set({ doneAt: null, runAt: new Date(now.getTime() + OUTSIDE_CALL_LEASE_MS) })
      .where(eq(jobs.id, job.id))
    return { calling: job, call }
  }
  return { ran: job }
}

// The claim has committed: the call is made with no transaction open, and its outcome is written
// in a transaction of its own (a job another runner finished meanwhile is left as it is).
async function callOutside(db: Db, job: JobRow, call: OutsideCall, now: Date) {
  try {
    const record = await call()
    await db.transaction(async (tx) => {
      const [open] = await tx
        .update(jobs)
        .set({ doneAt: now })
        .where(and(eq(jobs.id, job.id), isNull(jobs.doneAt)))
        .returning({ id: jobs.id })
      if (open && record) await record(tx)
    })
  } catch (error) {
    await recordFailure(db, job, error, now)
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
      doneAt: attempts >= MAX_ATTEMPTS && !isOnce(job) ? now : null,
    })
    .where(and(eq(jobs.id, job.id), isNull(jobs.doneAt)))
}

// The jobs the cleanup deletes: done before `before`, but for the records of one-time work.
export const doneJobsBefore = (before: Date) =>
  and(lt(jobs.doneAt, before), notLike(jobs.key, `${ONCE_KEY_PREFIX}%`))
