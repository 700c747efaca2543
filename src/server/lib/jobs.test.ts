import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BeforeCommitBatch, Database } from '../db/client'
import { jobs, notifications } from '../db/schema'
import { insertUser } from '../testing/factories'
import { openTwoInstances, testDatabaseKind } from '../testing/test-app'
import {
  enqueueJob,
  enqueueJobs,
  type JobHandler,
  type JobHandlers,
  type ReadFirstJob,
  MAX_ATTEMPTS,
  onceKey,
  OUTSIDE_CALL_LEASE_MS,
  runDueJobs,
} from './jobs'

const NOW = new Date('2026-12-01T12:00:00Z')
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000)

// Two instances on one database (testing/test-app.ts).
let instances: Awaited<ReturnType<typeof openTwoInstances>>
let first: Database
let second: Database
beforeAll(async () => {
  instances = await openTwoInstances()
  ;({ first, second } = instances)
})
afterAll(() => instances.close())

// A job that leaves a trace in the database: a notification for the player in its payload.
const note: JobHandler = async ({ tx, job }) => {
  const { userId, title } = job.payload as { userId: string; title: string }
  await tx.insert(notifications).values({ userId, type: 'other', title, message: 'from a job' })
}
const notify: JobHandlers = { note }

async function notesOf(userId: string) {
  const rows = await first.db.select().from(notifications).where(eq(notifications.userId, userId))
  return rows.map((r) => r.title).sort()
}

describe('jobs', () => {
  it('runs each due job once with two workers taking turns at the same time', async () => {
    const player = await insertUser(first.db)
    const keys = Array.from({ length: 40 }, (_, i) => `exactly-once:${player.id}:${i}`)
    await enqueueJobs(
      first.db,
      keys.map((key, i) => ({
        kind: 'note',
        key,
        runAt: later(-1),
        payload: { userId: player.id, title: `n${i}` },
      })),
    )
    const [a, b] = await Promise.all([runDueJobs(first.db, notify, NOW), runDueJobs(second.db, notify, NOW)])
    expect(a + b).toBe(40)
    expect(await notesOf(player.id)).toEqual(keys.map((_, i) => `n${i}`).sort())
    const done = await first.db.select().from(jobs).where(inArray(jobs.key, keys))
    expect(done.every((j) => j.doneAt !== null && j.attempts === 1)).toBe(true)
    // Nothing is left to run, by either.
    expect(await runDueJobs(second.db, notify, NOW)).toBe(0)
  })

  it('leaves a job that is not due yet, and runs it when the clock passes its time', async () => {
    const player = await insertUser(first.db)
    await enqueueJob(first.db, {
      kind: 'note',
      key: `later:${player.id}`,
      runAt: later(30),
      payload: { userId: player.id, title: 'later' },
    })
    await runDueJobs(first.db, notify, NOW)
    expect(await notesOf(player.id)).toEqual([])
    await runDueJobs(first.db, notify, later(30))
    expect(await notesOf(player.id)).toEqual(['later'])
  })

  it('enqueues a key once: a second enqueue of the same key does nothing', async () => {
    const player = await insertUser(first.db)
    const job = {
      kind: 'note',
      key: `once:${player.id}`,
      runAt: later(-1),
      payload: { userId: player.id, title: 'a' },
    }
    await enqueueJob(first.db, job)
    await enqueueJob(second.db, { ...job, payload: { userId: player.id, title: 'b' } })
    await runDueJobs(first.db, notify, NOW)
    await enqueueJob(first.db, job)
    await runDueJobs(first.db, notify, later(60))
    expect(await notesOf(player.id)).toEqual(['a'])
  })

  it('undoes what a failing job wrote, tries it again later, and gives up after its last attempt', async () => {
    const player = await insertUser(first.db)
    let calls = 0
    const failing: JobHandlers = {
      flaky: async ({ tx, job }) => {
        calls++
        await note({ tx, job, now: NOW })
        if (calls < 3) throw new Error(`attempt ${calls} failed`)
      },
      broken: async () => {
        throw new Error('always')
      },
    }
    await enqueueJobs(first.db, [
      {
        kind: 'flaky',
        key: `flaky:${player.id}`,
        runAt: later(-1),
        payload: { userId: player.id, title: 'flaky' },
      },
      { kind: 'broken', key: `broken:${player.id}`, runAt: later(-1) },
    ])
    await runDueJobs(first.db, failing, NOW)
    expect(await notesOf(player.id)).toEqual([])
    const [flaky] = await first.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `flaky:${player.id}`))
    expect(flaky).toMatchObject({ attempts: 1, lastError: 'attempt 1 failed', doneAt: null })
    // Not again at once: after a minute, then two more.
    await runDueJobs(first.db, failing, NOW)
    expect(calls).toBe(1)
    await runDueJobs(first.db, failing, later(1))
    await runDueJobs(first.db, failing, later(4))
    expect(await notesOf(player.id)).toEqual(['flaky'])

    for (let minutes = 8; minutes < 60 * 24; minutes *= 2) await runDueJobs(first.db, failing, later(minutes))
    const [broken] = await first.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `broken:${player.id}`))
    expect(broken).toMatchObject({ attempts: MAX_ATTEMPTS, lastError: 'always' })
    expect(broken!.doneAt).not.toBeNull()
  })

  it('never gives up one-time work: it is tried again every hour at most until it runs', async () => {
    const player = await insertUser(first.db)
    const key = onceKey(`backfill:${player.id}`)
    let failing = true
    const handlers: JobHandlers = {
      backfill: async (context) => {
        if (failing) throw new Error('the disk is full')
        await note({
          ...context,
          job: { ...context.job, payload: { userId: player.id, title: 'done' } },
        })
      },
    }
    await enqueueJob(first.db, { kind: 'backfill', key, runAt: later(-1) })
    const row = async () => (await first.db.select().from(jobs).where(eq(jobs.key, key)))[0]!
    // Past the attempts that give an ordinary job up, a day of tries: still waiting, an hour apart.
    for (let minutes = 0; minutes < 60 * 24; minutes += 30)
      await runDueJobs(first.db, handlers, later(minutes))
    const waiting = await row()
    expect(waiting.attempts).toBeGreaterThan(MAX_ATTEMPTS + 10)
    expect(waiting).toMatchObject({ doneAt: null, lastError: 'the disk is full' })
    expect(waiting.runAt.getTime() - later(60 * 24 - 30).getTime()).toBeLessThanOrEqual(60 * 60_000)
    // The cause is fixed: the next try runs it, once.
    failing = false
    await runDueJobs(first.db, handlers, later(60 * 26))
    expect((await row()).doneAt).not.toBeNull()
    expect(await notesOf(player.id)).toEqual(['done'])
    await enqueueJob(first.db, { kind: 'backfill', key, runAt: later(60 * 26) })
    await runDueJobs(first.db, handlers, later(60 * 27))
    expect(await notesOf(player.id)).toEqual(['done'])
  })

  it('gives up an outside call whose runner stopped before recording its outcome, after its last attempt', async () => {
    const player = await insertUser(first.db)
    let calls = 0
    // The call never comes back, as when the instance making it is killed: only its claim
    // (attempt and lease) was committed.
    const stalled: JobHandlers = {
      push: async () => () => {
        calls++
        return new Promise<void>(() => undefined)
      },
    }
    await enqueueJob(first.db, { kind: 'push', key: `stalled:${player.id}`, runAt: later(-1) })
    let at = NOW
    const row = async () =>
      (
        await first.db
          .select()
          .from(jobs)
          .where(eq(jobs.key, `stalled:${player.id}`))
      )[0]!
    for (let turn = 0; turn < MAX_ATTEMPTS; turn++) {
      // The runner is not awaited: it waits on the call forever, holding no transaction.
      void runDueJobs(turn % 2 ? second.db : first.db, stalled, at)
      await expect.poll(async () => (await row()).attempts).toBe(turn + 1)
      at = new Date(at.getTime() + OUTSIDE_CALL_LEASE_MS + 1)
    }
    // The next turn after the last lease gives it up instead of calling again.
    expect(await runDueJobs(first.db, stalled, at)).toBe(1)
    expect(await runDueJobs(first.db, stalled, new Date(at.getTime() + OUTSIDE_CALL_LEASE_MS + 1))).toBe(0)
    const [job] = await first.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `stalled:${player.id}`))
    expect(calls).toBe(MAX_ATTEMPTS)
    expect(job!.doneAt).not.toBeNull()
    expect(job!.lastError).toBe(`given up after ${MAX_ATTEMPTS} attempts whose outcome was never recorded`)
  })

  it('leaves a job whose runner stopped mid-job to the next turn (its lock goes with its transaction)', async () => {
    const player = await insertUser(first.db)
    await enqueueJob(first.db, {
      kind: 'note',
      key: `held:${player.id}`,
      runAt: later(-1),
      payload: { userId: player.id, title: 'held' },
    })
    if (testDatabaseKind === 'postgres') {
      // While one instance holds the job, the other passes over it.
      let release!: () => void
      let locked!: () => void
      const lockTaken = new Promise<void>((resolve) => (locked = resolve))
      const held = first.db.transaction(async (tx) => {
        await tx.execute(sql`select id from jobs where key = ${`held:${player.id}`} for update`)
        locked()
        await new Promise<void>((resolve) => (release = resolve))
      })
      await lockTaken
      expect(await runDueJobs(second.db, notify, NOW)).toBe(0)
      release()
      await held
    }
    expect(await runDueJobs(second.db, notify, NOW)).toBe(1)
    expect(await notesOf(player.id)).toEqual(['held'])
  })

  it('runs a turn in batches: a job that fails undoes only its own work, the others run, and it is tried again', async () => {
    const player = await insertUser(first.db)
    let brokenRuns = 0
    const handlers: JobHandlers = {
      ...notify,
      breaks: async ({ tx, job }) => {
        brokenRuns++
        await note({ tx, job, now: NOW })
        throw new Error('out of ink')
      },
    }
    // Oldest first: the failing job runs in the middle of the batch, after two that worked.
    await enqueueJobs(first.db, [
      ...[0, 1, 2, 3].map((i) => ({
        kind: 'note',
        key: `batch:${player.id}:${i}`,
        runAt: later(-10 + (i < 2 ? i : i + 1)),
        payload: { userId: player.id, title: `n${i}` },
      })),
      {
        kind: 'breaks',
        key: `batch:${player.id}:broken`,
        runAt: later(-8),
        payload: { userId: player.id, title: 'broken' },
      },
    ])
    expect(await runDueJobs(first.db, handlers, NOW)).toBe(5)
    expect(brokenRuns).toBe(1)
    expect(await notesOf(player.id)).toEqual(['n0', 'n1', 'n2', 'n3'])
    const rows = await first.db
      .select()
      .from(jobs)
      .where(sql`${jobs.key} like ${`batch:${player.id}:%`}`)
    const broken = rows.find((row) => row.kind === 'breaks')!
    expect(broken).toMatchObject({ attempts: 1, lastError: 'out of ink', doneAt: null })
    expect(rows.filter((row) => row.kind === 'note').every((row) => row.doneAt && row.attempts === 1)).toBe(
      true,
    )
    // Tried again a minute later, alone.
    await runDueJobs(first.db, handlers, later(1))
    expect(brokenRuns).toBe(2)
  })

  it('runs a read-first job with what it read before its transaction, and reads again inside it when its payload changed meanwhile or the read failed', async () => {
    const player = await insertUser(first.db)
    type Payload = { userId: string; title: string; changeTo?: string; failBefore?: boolean }
    const readOn: string[] = []
    const greet: ReadFirstJob<string> = {
      async read(db, job) {
        const payload = job.payload as Payload
        const before = db === first.db
        readOn.push(`${payload.title} ${before ? 'before' : 'inside'}`)
        if (before && payload.failBefore) throw new Error('the read failed')
        // Another instance held it for later and wrote its payload again, between the read and
        // the claim.
        if (before && payload.changeTo)
          await db
            .update(jobs)
            .set({ payload: { userId: payload.userId, title: payload.changeTo } })
            .where(eq(jobs.id, job.id))
        return payload.title
      },
      run: async ({ tx, job }, title) => {
        const { userId } = job.payload as Payload
        await tx.insert(notifications).values({ userId, type: 'other', title, message: 'from a job' })
      },
    }
    await enqueueJobs(
      first.db,
      [
        { title: 'plain' },
        { title: 'old', changeTo: 'new' },
        { title: 'failed before', failBefore: true },
      ].map((payload, at) => ({
        kind: 'greet',
        key: `read-first:${player.id}:${at}`,
        runAt: later(-10 + at),
        payload: { userId: player.id, ...payload },
      })),
    )
    expect(await runDueJobs(first.db, { greet }, NOW)).toBe(3)
    expect(readOn).toEqual([
      'plain before',
      'old before',
      'failed before before',
      'new inside',
      'failed before inside',
    ])
    expect(await notesOf(player.id)).toEqual(['failed before', 'new', 'plain'])
  })

  it("writes what a batch's jobs gather once, before its commit; when that fails, each job runs alone and the failure is the one whose write fails", async () => {
    const player = await insertUser(first.db)
    let writes = 0
    const gathered: BeforeCommitBatch<string[]> = {
      start: () => [],
      async finish(titles, tx) {
        writes++
        if (titles.includes('bad')) throw new Error('no room')
        await tx.insert(notifications).values(
          titles.map((title) => ({
            userId: player.id,
            type: 'other' as const,
            title,
            message: 'gathered',
          })),
        )
      },
    }
    const handlers: JobHandlers = {
      gather: ({ tx, job }) =>
        tx.beforeCommitBatch(gathered, (titles) => titles.push((job.payload as { title: string }).title)),
    }
    const enqueue = (titles: string[]) =>
      enqueueJobs(
        first.db,
        titles.map((title, at) => ({
          kind: 'gather',
          key: `gather:${player.id}:${title}`,
          runAt: later(-10 + at),
          payload: { title },
        })),
      )
    await enqueue(['a', 'b', 'c'])
    expect(await runDueJobs(first.db, handlers, NOW)).toBe(3)
    expect(writes).toBe(1)
    expect(await notesOf(player.id)).toEqual(['a', 'b', 'c'])

    writes = 0
    await enqueue(['d', 'bad', 'e'])
    expect(await runDueJobs(first.db, handlers, NOW)).toBe(3)
    // The batch's write, then each job's alone.
    expect(writes).toBe(4)
    expect(await notesOf(player.id)).toEqual(['a', 'b', 'c', 'd', 'e'])
    const rows = await first.db
      .select()
      .from(jobs)
      .where(sql`${jobs.key} like ${`gather:${player.id}:%`}`)
    expect(rows.find((row) => (row.payload as { title: string }).title === 'bad')).toMatchObject({
      attempts: 1,
      lastError: 'no room',
      doneAt: null,
    })
    expect(rows.filter((row) => row.doneAt !== null)).toHaveLength(5)
  })
})
