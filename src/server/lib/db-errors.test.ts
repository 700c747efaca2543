import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
import { isUnstorableText, isUnstorableTime } from './db-errors'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

// The error the database raises for a statement, as the app's error handler receives it.
async function failureOf(statement: ReturnType<typeof sql>) {
  try {
    await t.db.execute(statement)
  } catch (error) {
    return error
  }
  throw new Error('the statement did not fail')
}

describe('times PostgreSQL cannot hold', () => {
  it('are told apart from other failures, however the driver wraps them', async () => {
    // Year 0, year 10000 (as JavaScript prints it), an offset no time zone has, and no time at all.
    for (const time of [
      '0000-01-01T00:00:00.000Z',
      '+010000-01-01T23:58:59.000Z',
      '2026-03-01 10:00:00+99:00',
      'soon',
    ]) {
      const error = await failureOf(sql`select ${time}::timestamptz`)
      expect(isUnstorableTime(error), time).toBe(true)
      expect(isUnstorableText(error), time).toBe(false)
      expect(isUnstorableTime(new Error('wrapped', { cause: error })), time).toBe(true)
    }
    const nul = await failureOf(sql`select ${'a\u0000b'}::text`)
    expect(isUnstorableTime(nul)).toBe(false)
    expect(isUnstorableTime(new Error('anything else'))).toBe(false)
  })
})
