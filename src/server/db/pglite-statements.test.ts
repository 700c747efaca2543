import { PGlite, type Transaction } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withNamedStatements } from './pglite-statements'
import { PGliteThread } from './pglite-thread'

// The embedded database's queries as named statements: the same answers and errors as PGlite's
// own unnamed ones, each text parsed once, and the locking of PGlite's query and transaction.
// The same for both ways the server runs it: in its own thread (bench, scripts) and on a thread
// of its own (the server, pglite-thread.ts), where `pg` (unnamed queries, to set up and look)
// and `named` are the one object.

const variants = {
  'in this thread': async () => {
    const pg = await PGlite.create()
    return { pg, named: withNamedStatements(pg, { max: 5 }), close: () => pg.close() }
  },
  'on a thread of its own': async () => {
    const thread = (await PGliteThread.open(
      { dataDir: undefined },
      { maxStatements: 5 },
    )) as unknown as PGlite
    return { pg: thread, named: thread, close: () => thread.close() }
  },
}

describe.each(Object.entries(variants))('named statements on the embedded database, %s', (_, open) => {
  let pg: PGlite
  let named: PGlite
  let close: () => Promise<void>

  const preparedNames = async () =>
    (
      await pg.query<{ name: string }>(
        `select name from pg_prepared_statements where name like 'pm\\_%' order by name`,
      )
    ).rows.map((row) => row.name)

  beforeAll(async () => {
    ;({ pg, named, close } = await open())
    await pg.exec(`
    create table probe (id int primary key, name text not null, at timestamptz, tags text[], data jsonb);
    insert into probe values
      (1, 'one', '2026-12-05T15:00:00Z', '{a,b}', '{"x":1}'),
      (2, 'two', null, '{}', null);
  `)
  })
  afterAll(() => close())

  // A transaction that runs `first`, then waits, in the middle, until `release`, then ends with
  // `then`; resolved once `first` is done.
  const paused = async (
    first: (tx: Transaction) => Promise<unknown>,
    then: (tx: Transaction) => Promise<void>,
  ) => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let entered!: () => void
    const inside = new Promise<void>((resolve) => (entered = resolve))
    const transaction = named.transaction(async (tx) => {
      await first(tx)
      entered()
      await held
      await then(tx)
    })
    await inside
    return { transaction, release }
  }

  const select =
    'select id, name, at, tags, data from probe where id = any($1::int[]) and name <> $2 order by id'

  it('answers as PGlite does, in object and array rows', async () => {
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      const own = await pg.query(select, [[1, 2], 'none'], options)
      for (let call = 0; call < 7; call++) {
        const answer = await named.query(select, [[1, 2], 'none'], options)
        expect(answer.rows).toEqual(own.rows)
        expect(answer.fields).toEqual(own.fields)
      }
    }
    const write = await named.query(`update probe set name = name where id = $1`, [1])
    expect(write.affectedRows).toBe(1)
    expect(write.rows).toEqual([])
    expect((await named.query(`select $1::text as v, $2::int as n`, [null, 3])).rows).toEqual([
      { v: null, n: 3 },
    ])
  })

  it('parses each text once, keeps no more than its cap, and closes the oldest', async () => {
    await named.query(`select 1 as a`)
    await named.query(`select 1 as a`)
    const kept = await pg.query(`select name from pg_prepared_statements where statement = 'select 1 as a'`)
    expect(kept.rows).toHaveLength(1)
    for (let n = 0; n < 12; n++) await named.query(`select ${n} as n`)
    // The ones past the cap are closed with the next message.
    await named.query(`select 1 as a`)
    expect((await preparedNames()).length).toBeLessThanOrEqual(5)
    expect((await named.query(`select 11 as n`)).rows).toEqual([{ n: 11 }])
  })

  it('throws PostgreSQL’s error with its code, and the statement still runs after', async () => {
    const insert = 'insert into probe (id, name) values ($1, $2)'
    await expect(named.query(insert, [1, 'again'])).rejects.toMatchObject({ code: '23505' })
    await named.query(insert, [3, 'three'])
    expect((await named.query('select name from probe where id = $1', [3])).rows).toEqual([{ name: 'three' }])
    await expect(named.query('select from where')).rejects.toMatchObject({ code: '42601' })
    await expect(named.query('select from where')).rejects.toMatchObject({ code: '42601' })
  })

  it('runs a statement again after its table changed its columns', async () => {
    await pg.exec(`create table shifting (a int); insert into shifting values (1)`)
    expect((await named.query('select * from shifting')).rows).toEqual([{ a: 1 }])
    await pg.exec(`alter table shifting add column b int`)
    // PostgreSQL refuses the old statement once; the next call prepares it again.
    await expect(named.query('select * from shifting')).rejects.toMatchObject({
      code: '0A000',
      message: 'cached plan must not change result type',
    })
    expect((await named.query('select * from shifting')).rows).toEqual([{ a: 1, b: null }])
  })

  it('keeps a transaction’s queries together: a query outside waits for it to end', async () => {
    const { transaction, release } = await paused(
      (tx) => tx.query('insert into probe (id, name) values ($1, $2)', [10, 'ten']),
      async (tx) => {
        await tx.query('update probe set name = $2 where id = $1', [10, 'TEN'])
      },
    )
    const outside = named.query<{ name: string }>('select name from probe where id = $1', [10])
    release()
    await transaction
    expect((await outside).rows).toEqual([{ name: 'TEN' }])
  })

  it('answers queries and transactions asked together in the order they were asked', async () => {
    // Statements known already: one met for the first time is described first.
    await named.query('select name from probe where id = $1', [30])
    await named.query('delete from probe where id = $1', [30])
    await named.query('insert into probe (id, name) values ($1, $2)', [30, 'a'])
    await named.query('delete from probe where id = $1', [30])
    const order: string[] = []
    const asked = [
      named.query('insert into probe (id, name) values ($1, $2)', [30, 'a']).then(() => order.push('insert')),
      named
        .transaction(async (tx) => {
          await tx.query('update probe set name = $2 where id = $1', [30, 'b'])
          await tx.query('update probe set name = name || $2 where id = $1', [30, 'c'])
        })
        .then(() => order.push('transaction')),
      named
        .query<{ name: string }>('select name from probe where id = $1', [30])
        .then((answer) => order.push(`read ${answer.rows[0]?.name}`)),
      named.query('delete from probe where id = $1', [30]).then(() => order.push('delete')),
    ]
    await Promise.all(asked)
    expect(order).toEqual(['insert', 'transaction', 'read bc', 'delete'])
  })

  it('rolls a failed transaction back, and the connection goes on', async () => {
    await expect(
      named.transaction(async (tx) => {
        await tx.query('insert into probe (id, name) values ($1, $2)', [20, 'twenty'])
        await tx.query('insert into probe (id, name) values ($1, $2)', [20, 'again'])
      }),
    ).rejects.toMatchObject({ code: '23505' })
    expect((await named.query('select count(*)::int as n from probe where id = $1', [20])).rows).toEqual([
      { n: 0 },
    ])
    // Outside any transaction block.
    await expect(named.query('savepoint probe')).rejects.toMatchObject({ code: '25P01' })
  })

  it('never runs a query asked during a transaction inside it, even one that rolls back', async () => {
    const { transaction, release } = await paused(
      (tx) => tx.query('insert into probe (id, name) values ($1, $2)', [40, 'forty']),
      () => Promise.reject(new Error('changed my mind')),
    )
    const outside = named.query<{ n: number }>('select count(*)::int as n from probe where id = $1', [40])
    release()
    await expect(transaction).rejects.toThrow('changed my mind')
    expect((await outside).rows).toEqual([{ n: 0 }])
  })

  it('tells listeners of what a transaction notified once it commits, and nothing of one rolled back', async () => {
    const heard: string[] = []
    const unlisten = await pg.listen('probe_channel', (payload) => heard.push(payload))
    await named.transaction(async (tx) => {
      await tx.query(`select pg_notify('probe_channel', $1)`, ['kept'])
    })
    await expect(
      named.transaction(async (tx) => {
        await tx.query(`select pg_notify('probe_channel', $1)`, ['dropped'])
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    await named.query(`select pg_notify('probe_channel', $1)`, ['alone'])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(heard).toEqual(['kept', 'alone'])
    await unlisten()
  })

  it('answers queries sent together each with its own answer or error', async () => {
    const answers = await Promise.allSettled([
      named.query<{ n: number }>('select $1::int as n', [1]),
      named.query('select 1 / $1::int as n', [0]),
      named.query<{ n: number }>('select $1::int + 1 as n', [1]),
      named.query<{ name: string }>('select name from probe where id = $1', [1]),
    ])
    expect(
      answers.map((answer) => (answer.status === 'fulfilled' ? answer.value.rows : answer.reason.code)),
    ).toEqual([[{ n: 1 }], '22012', [{ n: 2 }], [{ name: 'one' }]])
  })
})
