import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openEmbeddedInMemory } from './client'

// The embedded database's one session, shared by several connections over its socket
// (session-queue.ts, docs/decisions/0167).
let database: Database
let pool: pg.Pool
beforeAll(async () => {
  database = await openEmbeddedInMemory({ poolSize: 3 })
  pool = (database.db as unknown as { $client: pg.Pool }).$client
  await pool.query('create table session_probe (id int primary key, body text)')
})
afterAll(() => database.close())

const count = async (client: pg.ClientBase | pg.Pool) =>
  (await client.query<{ n: number }>('select count(*)::int as n from session_probe')).rows[0]!.n

describe('the embedded database over its socket', () => {
  it('keeps the session for a connection whose transaction is open, until it ends', async () => {
    const a = await pool.connect()
    const b = await pool.connect()
    try {
      const seen: string[] = []
      await a.query('begin')
      await a.query('insert into session_probe (id) values (1)')
      const other = count(b).then((n) => {
        seen.push('other')
        return n
      })
      // Round trips of the transaction's own go on; the other connection's query waits.
      for (let i = 0; i < 5; i++) await a.query('select $1::int', [i])
      expect(seen).toEqual([])
      await a.query('commit')
      seen.push('commit')
      // It ran after the commit, outside the transaction: it sees the row.
      expect(await other).toBe(1)
      expect(seen[0]).toBe('commit')
    } finally {
      a.release()
      b.release()
      await pool.query('delete from session_probe')
    }
  })

  it('rolls back the transaction of a connection that drops, and serves the others', async () => {
    const a = await pool.connect()
    await a.query('begin')
    await a.query('insert into session_probe (id) values (2)')
    // Dropped from the pool and closed with its transaction open.
    a.release(true)
    expect(await count(pool)).toBe(0)
  })

  it('never splits a query: a long one runs whole beside other connections’ short ones', async () => {
    const body = 'x'.repeat(300_000)
    const short = Array.from({ length: 20 }, (_, i) => pool.query<{ n: number }>('select $1::int as n', [i]))
    const long = pool.query<{ id: number; size: number }>(
      'insert into session_probe (id, body) values ($1, $2) returning id, length(body) as size',
      [3, body],
    )
    expect((await Promise.all(short)).map((result) => result.rows[0]!.n)).toEqual(
      Array.from({ length: 20 }, (_, i) => i),
    )
    expect((await long).rows).toEqual([{ id: 3, size: 300_000 }])
    await pool.query('delete from session_probe')
  })

  it('answers an error to its connection alone, as PostgreSQL’s error', async () => {
    const failing = pool.query('select * from no_such_table')
    const fine = pool.query<{ n: number }>('select 1 as n')
    await expect(failing).rejects.toMatchObject({ code: '42P01' })
    expect((await fine).rows).toEqual([{ n: 1 }])
    expect(await count(pool)).toBe(0)
  })

  it('gives each connection names of at most 63 bytes, one per statement, however long the name', async () => {
    const long = (n: number) => ({
      name: `${'a_statement_name_long_enough_to_be_cut_by_postgresql_'.padEnd(62, 'x')}${n}`,
      text: `select ${n}::int as n`,
    })
    const answers = await Promise.all([1, 2, 1, 2].map((n) => pool.query<{ n: number }>(long(n))))
    expect(answers.map((result) => result.rows[0]!.n)).toEqual([1, 2, 1, 2])
  })

  it('takes a dump between two transactions, and prepared statements still run after it', async () => {
    const named = { name: 'probe_count', text: 'select count(*)::int as n from session_probe where id > $1' }
    await pool.query({ ...named, values: [0] })
    const dump = await database.dump!()
    expect(dump).toContain('CREATE TABLE public.session_probe')
    // Twice: the statements prepared again by the first are kept by the second.
    await database.dump!()
    await pool.query('insert into session_probe (id) values (4)')
    const answers = await Promise.all(
      [1, 2, 3].map(() => pool.query<{ n: number }>({ ...named, values: [0] })),
    )
    expect(answers.map((result) => result.rows[0]!.n)).toEqual([1, 1, 1])
  })

  // Given at its start over postgresql.conf, where initdb wrote PostgreSQL's default (128MB): a
  // data directory made before takes it as well (docs/decisions/0172).
  it('holds 32MB of shared buffers, whatever its postgresql.conf says', async () => {
    const { rows } = await pool.query<{ shared_buffers: string }>('show shared_buffers')
    expect(rows).toEqual([{ shared_buffers: '32MB' }])
  })
})
