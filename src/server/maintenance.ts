import { millisecondsInDay } from 'date-fns/constants'
import { and, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { AppDeps } from './app-env'
import type { Db } from './db/client'
import { authTokens, jobs, mailOutbox, notifications, rateLimits } from './db/schema'
import { vacuumWhereDue } from './db/vacuum'
import { deleteExpiredSessions, forgetStaleBrowsers } from './features/auth'
import { doneJobsBefore } from './lib/jobs'

// Background work of a server instance: mail that failed is tried again, and rows that can no
// longer be used are deleted. Every instance runs it; each step is safe to run at the same time
// on several (the mail claims its messages, the deletes are idempotent).

export const maintenanceTiming = {
  // How often messages due for another attempt are looked for (only with SMTP).
  mailRetryMs: 30_000,
  // How often expired rows are deleted, and how soon after start the first time.
  cleanupMs: 60 * 60_000,
  firstCleanupMs: 60_000,
  // How often the embedded database's tables are looked at for a VACUUM or ANALYZE, as often as
  // autovacuum looks (db/vacuum.ts); the first pass, which vacuums every table, a while after start.
  vacuumMs: 60_000,
  firstVacuumMs: 5 * 60_000,
  // A pass in which one table's VACUUM or ANALYZE held the embedded database this long is logged at
  // info level, others at debug.
  vacuumNoticedMs: 100,
}

// Sent (or given up) mail stays this long for support questions and the development mailbox.
export const MAIL_KEPT_DAYS = 30
// Notifications are kept this long, read or not; done jobs this long, for support questions (the
// records of one-time work for good, lib/jobs.ts).
export const NOTIFICATIONS_KEPT_DAYS = 90
export const DONE_JOBS_KEPT_DAYS = 30

// The rows of a table that grows with use are deleted this many at a time: one statement over a
// backlog (a server back after weeks, or the first cleanup since a table was given a limit) held
// the embedded database's one session, and every request with it, for as long as it ran.
export const CLEANUP_BATCH = 1_000

async function deleteInBatches(db: Db, table: PgTable, id: PgColumn, where: SQL | undefined) {
  let total = 0
  for (;;) {
    const batch = db.select({ id }).from(table).where(where).limit(CLEANUP_BATCH)
    const rows = await db.delete(table).where(inArray(id, batch)).returning({ id })
    total += rows.length
    if (rows.length < CLEANUP_BATCH) return total
  }
}

export async function deleteExpiredRows(db: Db, now: Date) {
  const deleted = async (rows: Promise<unknown[]>) => (await rows).length
  const ago = (ms: number) => new Date(now.getTime() - ms)
  return {
    sessions: await deleteExpiredSessions(db, now),
    authTokens: await deleted(
      db.delete(authTokens).where(lt(authTokens.expiresAt, now)).returning({ id: authTokens.id }),
    ),
    // Rate limits count real requests, so their windows run on the database's time (lib/rate-limit.ts).
    rateLimits: await deleted(
      db
        .delete(rateLimits)
        .where(lt(rateLimits.windowEndsAt, sql`now() - interval '1 hour'`))
        .returning({ id: rateLimits.key }),
    ),
    mail: await deleteInBatches(
      db,
      mailOutbox,
      mailOutbox.id,
      and(
        isNull(mailOutbox.nextAttemptAt),
        lt(mailOutbox.createdAt, ago(MAIL_KEPT_DAYS * millisecondsInDay)),
      ),
    ),
    knownBrowsers: await forgetStaleBrowsers(db, now),
    notifications: await deleteInBatches(
      db,
      notifications,
      notifications.id,
      // Stamped with the database's time (the column's default), so measured on it too: with the
      // app's clock moved months ahead (TEST_CLOCK), the app's date would delete notices just made.
      lt(notifications.createdAt, sql`now() - make_interval(days => ${NOTIFICATIONS_KEPT_DAYS})`),
    ),
    jobs: await deleteInBatches(
      db,
      jobs,
      jobs.id,
      doneJobsBefore(ago(DONE_JOBS_KEPT_DAYS * millisecondsInDay)),
    ),
  }
}

export interface Maintenance {
  // Stops the timers and waits for a step under way, so the database can close after it.
  stop(): Promise<void>
}

export function startMaintenance(
  deps: Pick<AppDeps, 'database' | 'logger' | 'mailer' | 'clock'>,
  timing = maintenanceTiming,
): Maintenance {
  const { logger } = deps
  const db = deps.database.db
  const { mailer } = deps
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false

  // One step at a time per instance; a step that fails is logged and tried at its next turn.
  const run = (name: string, step: () => Promise<unknown>) => {
    if (stopped) return
    running = running.then(async () => {
      if (stopped) return
      try {
        await step()
      } catch (err) {
        logger.error({ err, step: name }, 'maintenance step failed')
      }
    })
  }

  const cleanup = () =>
    run('cleanup', async () => {
      const counts = await deleteExpiredRows(db, deps.clock.now())
      if (Object.values(counts).some((n) => n > 0)) logger.info({ deleted: counts }, 'expired rows deleted')
    })
  const retryMail = () =>
    run('mail', async () => {
      const tried = await mailer.retryDue()
      if (tried > 0) logger.info({ tried }, 'mail tried again')
    })

  // Only the embedded database: a PostgreSQL server runs autovacuum. Its first pass vacuums every
  // table (db/vacuum.ts).
  let vacuumedSinceStart = false
  const vacuum = () =>
    run('vacuum', async () => {
      const done = await vacuumWhereDue(db, { everyTable: !vacuumedSinceStart })
      vacuumedSinceStart = true
      if (done.length === 0) return
      // Routine passes (the jobs table, most minutes) at debug level; one in which a table held the
      // database long enough for requests to notice, at info.
      const ms = done.reduce((sum, d) => sum + d.ms, 0)
      const slow = done.some((d) => d.ms >= timing.vacuumNoticedMs)
      logger[slow ? 'info' : 'debug']({ tables: done, ms }, 'tables vacuumed or analyzed')
    })

  const timers = [
    setTimeout(cleanup, timing.firstCleanupMs),
    setInterval(cleanup, timing.cleanupMs),
    ...(mailer.delivers ? [setInterval(retryMail, timing.mailRetryMs)] : []),
    ...(deps.database.kind === 'pglite' ? [setTimeout(startVacuum, timing.firstVacuumMs)] : []),
  ]
  for (const timer of timers) timer.unref()
  function startVacuum() {
    vacuum()
    timers.push(setInterval(vacuum, timing.vacuumMs).unref())
  }

  return {
    async stop() {
      stopped = true
      for (const timer of timers) clearTimeout(timer)
      await running
    },
  }
}
