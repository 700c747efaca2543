import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connections, playDates } from './db/schema'
import { EnvError, parseEnv } from './env'
import { signedInUser } from './testing/factories'
import { createTestApp, type TestApp } from './testing/test-app'

// Not part of the API document, so sent without the contract-checking client.
async function move(app: TestApp['app'], body: unknown) {
  const res = await app.request('http://localhost/api/test/clock', {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as { now: string; jobsRun: number } }
}

let t: TestApp
let plain: TestApp
beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: 'true' })
  plain = await createTestApp()
})
afterAll(async () => {
  await t.close()
  await plain.close()
})

describe('the test clock', () => {
  it('moves the server’s clock and runs the jobs that became due', async () => {
    t.clock.set(new Date('2026-11-25T17:00:00Z'))
    const [a, b] = await Promise.all([signedInUser(t), signedInUser(t)])
    await t.db
      .insert(connections)
      .values({ requesterId: a!.profile.id, receiverId: b!.profile.id, type: 'friend', status: 'accepted' })
    const created = await a!.client.post('/api/play-dates', {
      type: 'challenge',
      state: 'AZ',
      regions: ['east_valley'],
      partnerId: b!.profile.id,
      amount: 25,
      description: 'Soon',
      startDate: '2026-11-25',
      startTime: '12:00',
    })
    expect(created.status).toBe(201)
    const moved = await move(t.app, { advanceMinutes: 180 })
    expect(moved.status).toBe(200)
    expect(moved.body.now).toBe('2026-11-25T20:00:00.000Z')
    expect(moved.body.jobsRun).toBeGreaterThan(0)
    const [row] = await t.db
      .select({ status: playDates.status })
      .from(playDates)
      .where(eq(playDates.id, created.body.id))
    expect(row?.status).toBe('expired')
    expect((await move(t.app, { at: '2026-11-26T08:00:00Z' })).body.now).toBe('2026-11-26T08:00:00.000Z')
    // Every API answer is dated by the moved clock, so a browser reads the server's time from it.
    const read = await a!.client.get('/api/play-dates?tab=history')
    expect(read.headers.get('date')).toBe('Thu, 26 Nov 2026 08:00:00 GMT')
    expect((await a!.client.get(`/api/play-dates/${crypto.randomUUID()}`)).headers.get('date')).toBe(
      'Thu, 26 Nov 2026 08:00:00 GMT',
    )
    expect((await move(t.app, { advanceMinutes: 'soon' })).status).toBe(400)
  })

  it('is not there without TEST_CLOCK, and TEST_CLOCK is refused in production', async () => {
    const res = await move(plain.app, { advanceMinutes: 60 })
    expect(res.status).toBe(404)
    expect(() =>
      parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://picklematch.app', TEST_CLOCK: 'true' }),
    ).toThrow(EnvError)
  })
})
