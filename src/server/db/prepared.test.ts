import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, DbOrTx } from './client'
import { profiles } from './schema'
import { openTestDatabase } from '../testing/test-app'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

const byId = (db: DbOrTx) =>
  db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder('id')))
const byIdAgain = (db: DbOrTx) =>
  db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder('id')))

describe('prepared queries', () => {
  it('are built once per database handle and name', () => {
    const first = database.db.prepared('prepared_test_by_id', byId)
    expect(database.db.prepared('prepared_test_by_id', byId)).toBe(first)
  })

  it('refuse a name that another builder has taken', () => {
    database.db.prepared('prepared_test_taken', byId)
    expect(() => database.db.prepared('prepared_test_taken', byIdAgain)).toThrow(/taken/)
  })

  it('keep one builder per shape name, made on first use', async () => {
    let made = 0
    const make = (limit: number) => () => {
      made += 1
      return (db: DbOrTx) => db.select({ n: sql<number>`${limit}::int` }).from(sql`(select 1) as one`)
    }
    const one = database.db.preparedShape('prepared_test_shape_1', make(1))
    expect(database.db.preparedShape('prepared_test_shape_1', make(1))).toBe(one)
    const two = database.db.preparedShape('prepared_test_shape_2', make(2))
    expect(made).toBe(2)
    expect(await one.execute()).toEqual([{ n: 1 }])
    expect(await two.execute()).toEqual([{ n: 2 }])
  })

  it('serve a later transaction on the same connection, and run on that transaction', async () => {
    const seen: Array<{ query: unknown; connection: object }> = []
    const pool = database.db.$client
    for (const email of ['prepared-one@example.com', 'prepared-two@example.com']) {
      let connection: object | undefined
      pool.once('acquire', (client) => (connection = client))
      await database.db
        .transaction(async (tx) => {
          const [inserted] = await tx
            .insert(profiles)
            .values({
              email,
              firstName: 'Pre',
              lastName: 'Pared',
              gender: 'female',
              duprRating: 3.5,
              selfRating: 3.5,
              birthdate: '1990-01-01',
              zipCode: '85001',
            })
            .returning({ id: profiles.id })
          const query = tx.prepared('prepared_test_in_transaction', byId)
          // The row exists only inside this transaction: the query runs on it.
          expect(await query.execute({ id: inserted!.id })).toEqual([{ id: inserted!.id }])
          seen.push({ query, connection: connection! })
          tx.rollback()
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error
        })
    }
    const [first, second] = seen
    // The pool hands the connection it got back last to the next transaction, on both databases.
    expect(second!.connection).toBe(first!.connection)
    expect(second!.query).toBe(first!.query)
    // A savepoint runs on its transaction's connection: the same query.
    await database.db.transaction(async (tx) => {
      const query = tx.prepared('prepared_test_in_transaction', byId)
      await tx.transaction(async (savepoint) => {
        expect(savepoint.prepared('prepared_test_in_transaction', byId)).toBe(query)
      })
    })
  })

  it('are kept apart for transactions on different connections, and for the database', async () => {
    const pool = database.db.$client
    const name = 'prepared_test_per_connection'
    // A connection held aside: the first transaction runs on another one, the second on it, as
    // the pool hands out the connection it got back last.
    const held = await pool.connect()
    let first: unknown
    try {
      first = await database.db.transaction(async (tx) => tx.prepared(name, byId))
    } finally {
      held.release()
    }
    let connection: object | undefined
    pool.once('acquire', (client) => (connection = client))
    const second = await database.db.transaction(async (tx) => tx.prepared(name, byId))
    expect(connection).toBe(held)
    expect(second).not.toBe(first)
    expect(database.db.prepared(name, byId)).not.toBe(first)
    expect(database.db.prepared(name, byId)).not.toBe(second)
  })
})
