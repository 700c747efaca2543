import { millisecondsInDay } from 'date-fns/constants'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { authTokens, jobs, knownBrowsers, mailOutbox, notifications, rateLimits, sessions } from './db/schema'
import { hashToken } from './features/auth'
import { insertUser } from './testing/factories'
import { mailTo } from './testing/mailbox'
import { createTestApp, type TestApp } from './testing/test-app'
import { onceKey } from './lib/jobs'
import { createLogger } from './lib/logger'
import type { Mailer } from './lib/mail'
import {
  CLEANUP_BATCH,
  deleteExpiredRows,
  MAIL_KEPT_DAYS,
  maintenanceTiming,
  startMaintenance,
} from './maintenance'

const silent = createLogger({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })
const ago = (ms: number) => new Date(Date.now() - ms)
const ahead = (ms: number) => new Date(Date.now() + ms)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('deleting expired rows', () => {
  it('removes what can no longer be used and keeps everything else', async () => {
    const player = await insertUser(t.db)
    await t.db.insert(sessions).values([
      { tokenHash: hashToken('expired-session'), profileId: player.id, expiresAt: ago(1000) },
      { tokenHash: hashToken('live-session'), profileId: player.id, expiresAt: ahead(millisecondsInDay) },
    ])
    await t.db.insert(authTokens).values([
      { profileId: player.id, purpose: 'password_reset', tokenHash: 'expired-token', expiresAt: ago(1000) },
      {
        profileId: player.id,
        purpose: 'password_reset',
        tokenHash: 'live-token',
        expiresAt: ahead(3600_000),
      },
    ])
    await t.db.insert(rateLimits).values([
      { key: 'test:old', count: 3, windowEndsAt: ago(2 * 3600_000) },
      { key: 'test:recent', count: 3, windowEndsAt: ago(60_000) },
      { key: 'test:open', count: 3, windowEndsAt: ahead(60_000) },
    ])
    const mail = (recipient: string, createdAt: Date, nextAttemptAt: Date | null) => ({
      recipient,
      subject: 'Hello',
      text: 'x',
      html: '<p>x</p>',
      createdAt,
      nextAttemptAt,
    })
    const old = ago((MAIL_KEPT_DAYS + 1) * millisecondsInDay)
    await t.db
      .insert(mailOutbox)
      .values([
        mail('old-sent@example.com', old, null),
        mail('old-waiting@example.com', old, ahead(60_000)),
        mail('recent@example.com', ago(millisecondsInDay), null),
      ])

    await t.db.insert(knownBrowsers).values([
      { profileId: player.id, keyHash: 'stale-browser', lastSignInAt: ago(366 * millisecondsInDay) },
      { profileId: player.id, keyHash: 'recent-browser', lastSignInAt: ago(300 * millisecondsInDay) },
    ])

    await t.db.insert(notifications).values([
      {
        userId: player.id,
        type: 'other',
        title: 'Old',
        message: 'x',
        createdAt: ago(91 * millisecondsInDay),
      },
      {
        userId: player.id,
        type: 'other',
        title: 'Recent',
        message: 'x',
        createdAt: ago(89 * millisecondsInDay),
      },
    ])
    await t.db.insert(jobs).values([
      {
        kind: 'test',
        key: 'test:done-long-ago',
        runAt: ago(40 * millisecondsInDay),
        doneAt: ago(31 * millisecondsInDay),
      },
      {
        kind: 'test',
        key: 'test:done-lately',
        runAt: ago(millisecondsInDay),
        doneAt: ago(millisecondsInDay),
      },
      { kind: 'test', key: 'test:waiting', runAt: ago(40 * millisecondsInDay) },
      // One-time work: its row is the record that it was done, kept for good (lib/jobs.ts).
      {
        kind: 'test',
        key: onceKey('test:backfill'),
        runAt: ago(400 * millisecondsInDay),
        doneAt: ago(400 * millisecondsInDay),
      },
    ])

    const counts = await deleteExpiredRows(t.db, new Date())
    expect(counts).toEqual({
      sessions: 1,
      authTokens: 1,
      rateLimits: 1,
      mail: 1,
      knownBrowsers: 1,
      notifications: 1,
      jobs: 1,
    })
    const kept = await t.db.select().from(notifications).where(eq(notifications.userId, player.id))
    expect(kept.map((n) => n.title)).toEqual(['Recent'])
    const jobKeys = (await t.db.select({ key: jobs.key }).from(jobs).where(eq(jobs.kind, 'test'))).map(
      (j) => j.key,
    )
    expect(jobKeys.sort()).toEqual([onceKey('test:backfill'), 'test:done-lately', 'test:waiting'])
    const browsers = await t.db.select().from(knownBrowsers).where(eq(knownBrowsers.profileId, player.id))
    expect(browsers.map((row) => row.keyHash)).toEqual(['recent-browser'])

    const hashes = (await t.db.select().from(sessions).where(eq(sessions.profileId, player.id))).map(
      (row) => row.tokenHash,
    )
    expect(hashes).toEqual([hashToken('live-session')])
    const tokens = (await t.db.select().from(authTokens).where(eq(authTokens.profileId, player.id))).map(
      (row) => row.tokenHash,
    )
    expect(tokens).toEqual(['live-token'])
    const keys = (
      await t.db
        .select()
        .from(rateLimits)
        .where(inArray(rateLimits.key, ['test:old', 'test:recent', 'test:open']))
    ).map((row) => row.key)
    expect(keys.sort()).toEqual(['test:open', 'test:recent'])
    const recipients = (
      await mailTo(t, ['old-sent@example.com', 'old-waiting@example.com', 'recent@example.com'])
    ).map((row) => row.recipient)
    expect(recipients.sort()).toEqual(['old-waiting@example.com', 'recent@example.com'])

    expect(await deleteExpiredRows(t.db, new Date())).toEqual({
      sessions: 0,
      authTokens: 0,
      rateLimits: 0,
      mail: 0,
      knownBrowsers: 0,
      notifications: 0,
      jobs: 0,
    })
  })

  it('deletes a backlog a batch at a time, so no one statement holds the database for long', async () => {
    const player = await insertUser(t.db)
    const backlog = CLEANUP_BATCH * 2 + CLEANUP_BATCH / 2
    await t.db.insert(notifications).values(
      Array.from({ length: backlog }, (_, i) => ({
        userId: player.id,
        type: 'other' as const,
        title: `Old ${i}`,
        message: 'x',
        createdAt: ago(100 * millisecondsInDay),
      })),
    )
    await t.db.insert(notifications).values({
      userId: player.id,
      type: 'other',
      title: 'Recent',
      message: 'x',
      createdAt: ago(millisecondsInDay),
    })

    const deletes = vi.spyOn(t.db, 'delete')
    let counts: Awaited<ReturnType<typeof deleteExpiredRows>>
    let tables: unknown[]
    try {
      counts = await deleteExpiredRows(t.db, new Date())
      tables = deletes.mock.calls.map(([table]) => table)
    } finally {
      deletes.mockRestore()
    }
    expect(counts.notifications).toBe(backlog)
    // Two full batches and the rest.
    expect(tables.filter((table) => table === notifications)).toHaveLength(3)
    const kept = await t.db.select().from(notifications).where(eq(notifications.userId, player.id))
    expect(kept.map((n) => n.title)).toEqual(['Recent'])
  })

  it('reads the time from the clock it is given, not from the machine', async () => {
    const player = await insertUser(t.db)
    await t.db.insert(sessions).values({
      tokenHash: hashToken('ends-tomorrow'),
      profileId: player.id,
      expiresAt: ahead(millisecondsInDay),
    })
    const rows = () => t.db.select().from(sessions).where(eq(sessions.profileId, player.id))
    await deleteExpiredRows(t.db, new Date())
    expect(await rows()).toHaveLength(1)
    await deleteExpiredRows(t.db, ahead(2 * millisecondsInDay))
    expect(await rows()).toHaveLength(0)
  })
})

describe('the maintenance loop', () => {
  const fakeMailer = (delivers: boolean) => {
    const calls: number[] = []
    const mailer: Mailer = {
      delivers,
      send: async () => ({ delivered: Promise.resolve() }),
      retryDue: async () => {
        calls.push(Date.now())
        return 0
      },
    }
    return { mailer, calls }
  }
  // The loop's timers run on a clock the test moves; the database answers in real time.
  const { mailRetryMs, cleanupMs, firstCleanupMs, vacuumMs, firstVacuumMs } = maintenanceTiming
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  // The mail and cleanup steps on their own: the embedded database's vacuum passes, every minute,
  // would run between them (tested below).
  const noVacuum = { ...maintenanceTiming, firstVacuumMs: 2 * cleanupMs }
  // Each cleanup reads the time once.
  const countingClock = () => {
    const clock = { reads: 0, now: () => (clock.reads++, t.clock.now()), at: t.clock.at }
    return clock
  }

  it('tries mail again and deletes expired rows on its timers, and stops', async () => {
    const player = await insertUser(t.db)
    const { mailer, calls } = fakeMailer(true)
    const clock = countingClock()
    const maintenance = startMaintenance({ database: t.database, logger: silent, mailer, clock }, noVacuum)
    await t.db
      .insert(sessions)
      .values({ tokenHash: hashToken('loop-expired'), profileId: player.id, expiresAt: ago(1000) })
    await vi.advanceTimersByTimeAsync(firstCleanupMs - 1)
    expect(clock.reads).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    await expect
      .poll(async () => (await t.db.select().from(sessions).where(eq(sessions.profileId, player.id))).length)
      .toBe(0)
    await expect.poll(() => calls.length).toBe(Math.floor(firstCleanupMs / mailRetryMs))
    await maintenance.stop()
    // An hour later (two more cleanups and 120 mail tries had it gone on), nothing more ran.
    const after = { calls: calls.length, reads: clock.reads }
    await vi.advanceTimersByTimeAsync(cleanupMs)
    expect({ calls: calls.length, reads: clock.reads }).toEqual(after)
  })

  it('does not look for mail to retry without an SMTP server', async () => {
    const { mailer, calls } = fakeMailer(false)
    const clock = countingClock()
    const maintenance = startMaintenance({ database: t.database, logger: silent, mailer, clock }, noVacuum)
    // The first cleanup, and the next an hour later: the steps run one after another in the order
    // their timers fired, so a mail step would have run before each (its timer fires every 30 s).
    await vi.advanceTimersByTimeAsync(firstCleanupMs)
    await expect.poll(() => clock.reads).toBe(1)
    await vi.advanceTimersByTimeAsync(cleanupMs - firstCleanupMs)
    await expect.poll(() => clock.reads).toBe(2)
    await maintenance.stop()
    expect(calls).toEqual([])
  })

  it('vacuums the embedded database on its timer, and leaves a PostgreSQL server to autovacuum', async () => {
    const { mailer } = fakeMailer(false)
    const logger = createLogger({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })
    const info = vi.spyOn(logger, 'info')
    const debug = vi.spyOn(logger, 'debug')
    // Every pass logged at debug level: no table's upkeep is ever long enough to be noticed.
    const timing = { ...maintenanceTiming, vacuumNoticedMs: Infinity }
    const maintenance = startMaintenance({ database: t.database, logger, mailer, clock: t.clock }, timing)
    const run = async (...statements: string[]) => {
      // On one connection, so its statistics are counted before the next pass reads them.
      const client = await t.db.$client.connect()
      try {
        for (const statement of statements) await client.query(statement)
        await client.query('select pg_stat_force_next_flush()')
        await client.query('select 1')
      } finally {
        client.release()
      }
    }
    await run(
      'create table loop_still (id int) with (autovacuum_enabled = off)',
      'create table loop_churn (id int) with (autovacuum_enabled = off)',
    )
    // Each pass's tables, in the order logged (at info or debug level).
    const passes = () =>
      [info, debug]
        .flatMap((spy) =>
          spy.mock.calls.map((call, k) => ({ call, order: spy.mock.invocationCallOrder[k]! })),
        )
        .filter(({ call: [, message] }) => message === 'tables vacuumed or analyzed')
        .sort((a, b) => a.order - b.order)
        .map(({ call: [fields] }) => (fields as { tables: { table: string }[] }).tables.map((d) => d.table))
    await vi.advanceTimersByTimeAsync(firstVacuumMs - 1)
    expect(passes()).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    if (t.database.kind === 'pglite') {
      // The first pass after a start: every table.
      await expect.poll(() => passes().length, { timeout: 10_000 }).toBe(1)
      expect(passes()[0]).toEqual(expect.arrayContaining(['public.loop_still', 'public.loop_churn']))
      // Then the tables whose changes pass autovacuum's thresholds.
      await run('insert into loop_churn select generate_series(1, 100)', 'delete from loop_churn')
      await vi.advanceTimersByTimeAsync(vacuumMs)
      await expect.poll(() => passes().length, { timeout: 10_000 }).toBe(2)
      expect(passes()[1]).toContain('public.loop_churn')
      expect(passes()[1]).not.toContain('public.loop_still')
    } else {
      await vi.advanceTimersByTimeAsync(vacuumMs)
    }
    await maintenance.stop()
    if (t.database.kind === 'postgres') expect(passes()).toEqual([])
    expect(info.mock.calls.filter(([, message]) => message === 'tables vacuumed or analyzed')).toEqual([])
  })
})
