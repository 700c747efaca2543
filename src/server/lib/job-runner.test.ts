import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFakeClock } from '../testing/fake-clock'
import { createTestApp, type TestApp } from '../testing/test-app'
import { JOB_TURN_LIMIT, startJobRunner } from './job-runner'
import { enqueueJob } from './jobs'
import { createLogger } from './logger'

const silent = createLogger({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('the job runner', () => {
  it('runs the jobs due by its clock, and none once stopped', async () => {
    const clock = createFakeClock()
    clock.set(new Date('2026-12-01T12:00:00Z'))
    const ran: string[] = []
    const runner = startJobRunner({
      db: t.db,
      handlers: { mark: async ({ job }) => void ran.push(job.key) },
      clock,
      logger: silent,
      turnMs: 60 * 60_000,
    })
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

  it('goes on at once after a turn that took its limit, until no job is due', async () => {
    const clock = createFakeClock()
    clock.set(new Date('2026-12-02T12:00:00Z'))
    const ran = new Set<string>()
    const runner = startJobRunner({
      db: t.db,
      handlers: { count: async ({ job }) => void ran.add(job.key) },
      clock,
      logger: silent,
      turnMs: 60 * 60_000,
    })
    const due = new Date('2026-12-02T11:00:00Z')
    for (let i = 0; i < JOB_TURN_LIMIT * 2 + 5; i++)
      await enqueueJob(t.db, { kind: 'count', key: `backlog:${i}`, runAt: due })
    expect(await runner.runNow()).toBe(JOB_TURN_LIMIT)
    // The next turns start on their own, a second apart, not an hour later.
    await expect.poll(() => ran.size, { timeout: 10_000 }).toBe(JOB_TURN_LIMIT * 2 + 5)
    await runner.stop()
  })
})
