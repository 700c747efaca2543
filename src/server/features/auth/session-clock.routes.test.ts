import { millisecondsInDay } from 'date-fns/constants'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../../testing/factories'
import { createTestApp, type TestApp } from '../../testing/test-app'

// Session expiry reads the app's clock (deps.clock), so a test moves time instead of waiting.
describe('session expiry on the app clock', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('a session is refused once the clock passes its expiry, and kept alive before that', async () => {
    const { client } = await signedInUser(t)
    expect((await client.get('/api/profiles/me')).status).toBe(200)

    // A day later the session is still good, and using it renews it for another 30 days.
    t.clock.advance(millisecondsInDay)
    expect((await client.get('/api/profiles/me')).status).toBe(200)

    // Past the renewed expiry it is gone.
    t.clock.advance(31 * millisecondsInDay)
    expect((await client.get('/api/profiles/me')).status).toBe(401)
  })
})

describe('a session made when the app clock is far from the database’s', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('is dated by the app clock, so it works at once and runs out by that clock', async () => {
    t.clock.set(new Date(Date.now() + 200 * millisecondsInDay))
    const { client } = await signedInUser(t)
    expect((await client.get('/api/profiles/me')).status).toBe(200)
    t.clock.advance(31 * millisecondsInDay)
    expect((await client.get('/api/profiles/me')).status).toBe(401)
  })
})
