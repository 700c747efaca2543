import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, LISTEN_APPLICATION_NAME } from './client'
import { openTestDatabase, testDatabaseKind } from '../testing/test-app'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

const waitFor = async (check: () => boolean, ms = 8000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('LISTEN/NOTIFY', () => {
  it('delivers a notification to a listener', async () => {
    const received: string[] = []
    const stop = await database.listen('pm_test_channel', (payload) => received.push(payload))
    await database.db.execute(`select pg_notify('pm_test_channel', 'hello')` as never)
    await waitFor(() => received.length === 1)
    expect(received).toEqual(['hello'])
    await stop()
  })

  it.runIf(testDatabaseKind === 'postgres')('listens again after its connection is cut', async () => {
    const received: string[] = []
    const stop = await database.listen('pm_reconnect_channel', (payload) => received.push(payload))
    const current = (await database.db.execute('select current_database() as name' as never)) as unknown as {
      rows: Array<{ name: string }>
    }
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    const killed = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2`,
      [current.rows[0]!.name, LISTEN_APPLICATION_NAME],
    )
    await admin.end()
    expect(killed.rowCount).toBe(1)
    // The listener comes back within a second or two; notify until it hears.
    for (let attempt = 0; attempt < 40 && !received.includes('again'); attempt++) {
      await database.db.execute(`select pg_notify('pm_reconnect_channel', 'again')` as never)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(received).toContain('again')
    await stop()
  })
})
