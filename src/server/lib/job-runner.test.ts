import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFakeClock, type FakeClock } from '../testing/fake-clock'
import { createTestApp, type TestApp } from '../testing/test-app'
import { JOB_TURN_LIMIT, startJobRunner } from './job-runner'
import { enqueueJob, type JobHandlers } from './jobs'
import { createLogger } from './logger'

const silent = createLogger({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const runnerWith = (clock: FakeClock, handlers: JobHandlers, catchUp?: number | 'paced') =>
  startJobRunner({ db: t.db, handlers, clock, logger: silent, turnMs: 60 * 60_000, catchUp })

describe('the job runner', () => {
  it('runs the jobs due by its clock, and none once stopped', async () => {
    const clock = createFakeClock()
    clock.set(new Date('2026-12-01T12:00:00Z'))
    const ran: string[] = []
    const runner = runnerWith(clock, { mark: async ({ job }) => void ran.push(job.key) })
    await enqueueJob(t.db, { kind: 'mark', key: 'runner:a', runAt: new Date('2026-12-01T13:00:00Z') })
    expect(await runner.runNow()).toBe(0)
    clock.advance(60 * 60_000)
    expect(await runner.runNow()).toBe(1)
    expect(ran).toEqual(['runner:a'])

    await enqueueJob(t.db, { kind: 'mark', key: 'runner:b', runAt: new Date('2026-12-01T13:00:00Z') })
    await runner.stop()
    expect(await runner.runNow()).toBe(0)
    expect(ran).toEqual(['runner:a'])
  })

  it('goes on after a turn that took its limit, without waiting for the next interval, until no job is due', async () => {
    const clock = createFakeClock()
    clock.set(new Date('2026-12-02T12:00:00Z'))
    const ran = new Set<string>()
    // The pause between such turns (a second, or as long as the turn took, in production) left out.
    const runner = runnerWith(clock, { count: async ({ job }) => void ran.add(job.key) }, 0)
    const due = new Date('2026-12-02T11:00:00Z')
    for (let i = 0; i < JOB_TURN_LIMIT * 2 + 5; i++)
      await enqueueJob(t.db, { kind: 'count', key: `backlog:${i}`, runAt: due })
    expect(await runner.runNow()).toBe(JOB_TURN_LIMIT)
    // The next turns start on their own, not an hour later.
    await expect.poll(() => ran.size, { timeout: 10_000 }).toBe(JOB_TURN_LIMIT * 2 + 5)
    await runner.stop()
  })

  it('paced (on a PostgreSQL server), starts the next turn after a pause as long as the last one took', async () => {
    const clock = createFakeClock()
    clock.set(new Date('2026-12-03T12:00:00Z'))
    const ran = new Set<string>()
    const runner = runnerWith(clock, { paced: async ({ job }) => void ran.add(job.key) }, 'paced')
    const due = new Date('2026-12-03T11:00:00Z')
    for (let i = 0; i < JOB_TURN_LIMIT + 5; i++)
      await enqueueJob(t.db, { kind: 'paced', key: `paced:${i}`, runAt: due })
    expect(await runner.runNow()).toBe(JOB_TURN_LIMIT)
    await expect.poll(() => ran.size, { timeout: 10_000 }).toBe(JOB_TURN_LIMIT + 5)
    await runner.stop()
  })
})
