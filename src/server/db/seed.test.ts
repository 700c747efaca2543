import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../testing/test-app'
import type { Database } from './client'
import { connections, playDates, profiles, signupCodes } from './schema'
import { DEMO_ADMIN_EMAIL, isDatabaseEmpty, seedDemo } from './seed'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

describe('demo data', () => {
  it('fills an empty database with a believable world', async () => {
    const { db } = database
    expect(await isDatabaseEmpty(db)).toBe(true)
    const { summary } = await seedDemo(db, { productName: 'PickleMatch' })
    expect(summary).toContain(DEMO_ADMIN_EMAIL)
    expect(await isDatabaseEmpty(db)).toBe(false)

    const people = await db.select().from(profiles)
    expect(people.length).toBeGreaterThanOrEqual(30)
    expect(people.filter((p) => p.isAdmin)).toHaveLength(1)
    expect(new Set(people.map((p) => p.gender))).toEqual(new Set(['male', 'female']))

    const statuses = new Set((await db.select().from(playDates)).map((p) => p.status))
    expect(statuses).toEqual(new Set(['open', 'matched', 'completed', 'cancelled']))

    const friendStates = new Set(
      (await db.select().from(connections)).filter((c) => c.type === 'friend').map((c) => c.status),
    )
    expect(friendStates).toEqual(new Set(['pending', 'accepted', 'rejected']))

    const codes = await db.select().from(signupCodes)
    expect(codes.some((c) => c.usedAt === null)).toBe(true)
    expect(codes.some((c) => c.usedAt !== null)).toBe(true)
  })
})
