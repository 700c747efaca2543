import { PGlite, type QueryOptions, messages, parse, protocol, types } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readResults } from './pglite-replies'
import { frames } from './pglite-statements'

// The same raw replies of the embedded database read both ways: by PGlite's parser and
// `parseResults`, and by readResults. Whatever one makes of a reply, the other must too.

const { serialize } = protocol
let pg: PGlite

beforeAll(async () => {
  pg = await PGlite.create()
  await pg.exec(`
    create table people (id int primary key, name text not null, rating numeric, born date, seen timestamptz, tags text[]);
    insert into people values
      (1, 'Maya López', 4.25, '1990-05-01', '2026-11-27 10:00:00+00', '{"a","b,c"}'),
      (2, 'Hal 日本', null, null, null, null);
  `)
})
afterAll(() => pg.close())

// The reply read by PGlite, then by readResults: both the results, or both the error.
function bothWays(reply: Uint8Array, options?: QueryOptions) {
  const parsers = (
    pg as unknown as { parsers: Record<number | string, (value: string, typeId?: number) => unknown> }
  ).parsers
  const theirs = (() => {
    const replies: messages.BackendMessage[] = []
    const notified: [string, string][] = []
    let error: messages.DatabaseError | undefined
    new protocol.Parser().parse(reply, (message) => {
      if (error) return
      if (message instanceof messages.DatabaseError) error = message
      else if (message instanceof messages.NotificationResponseMessage)
        notified.push([message.channel, message.payload])
      replies.push(message)
    })
    if (error) return { error, notified }
    return { results: parse.parseResults(replies, parsers, options), notified }
  })()
  const ours = (() => {
    const notified: [string, string][] = []
    try {
      return { results: readResults(reply, parsers, options, (...n) => notified.push(n)), notified }
    } catch (error) {
      return { error, notified }
    }
  })()
  return { theirs, ours }
}

const simple = (sql: string) => pg.execProtocolRaw(frames([serialize.query(sql), serialize.sync()]))

// A statement with parameters as the server sends one: named, described, bound and executed.
let statements = 0
async function extended(text: string, values: (string | null)[]) {
  const name = `t${statements++}`
  await pg.execProtocolRaw(
    frames([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
  )
  return pg.execProtocolRaw(
    frames([
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]),
  )
}

describe('reading a reply of the embedded database', () => {
  it('makes the rows, fields and counts PGlite makes, type by type', async () => {
    const reply = await simple(`
      select id, name, rating, born, seen, tags, tags is null as missing, '{"x":[1,null]}'::jsonb as data,
        1.5::float8 as f, 9007199254740993::int8 as big, '' as empty, 'ü' || name as accented
      from people order by id
    `)
    const { theirs, ours } = bothWays(reply)
    expect(ours).toStrictEqual(theirs)
    expect(ours.results![0]!.rows).toHaveLength(2)
  })

  it('reads several statements, their commands and their affected rows alike', async () => {
    const reply = await simple(`
      create temporary table scratch (n int);
      insert into scratch select generate_series(1, 3);
      update scratch set n = n + 1 where n > 1;
      select n from scratch order by n;
      delete from scratch;
      ;
    `)
    const { theirs, ours } = bothWays(reply)
    expect(ours).toStrictEqual(theirs)
    expect(ours.results!.map((result) => result.command)).toEqual([
      'CREATE',
      'INSERT',
      'UPDATE',
      'SELECT',
      'DELETE',
    ])
  })

  it('reads a statement with parameters, in rows of arrays with the query’s own parsers, as Drizzle asks', async () => {
    const reply = await extended(
      'select id, name, seen, born from people where id = any($1::int[]) order by id',
      ['{1,2}'],
    )
    const options: QueryOptions = {
      rowMode: 'array',
      parsers: { [types.TIMESTAMPTZ]: (value) => value, [types.DATE]: (value) => value },
    }
    const { theirs, ours } = bothWays(reply, options)
    expect(ours).toStrictEqual(theirs)
    expect(ours.results![0]!.rows[0]).toEqual([1, 'Maya López', '2026-11-27 10:00:00+00', '1990-05-01'])
  })

  it('keeps the last of two columns of one name, and a column named __proto__ as a property', async () => {
    const { theirs, ours } = bothWays(await simple(`select 1 as a, 2 as a, 'x' as "__proto__"`))
    expect(ours).toStrictEqual(theirs)
    expect(Object.getPrototypeOf(ours.results![0]!.rows[0])).toBe(Object.prototype)
  })

  it('answers no rows and an empty reply alike', async () => {
    for (const sql of ['select id from people where false', '']) {
      const { theirs, ours } = bothWays(await simple(sql))
      expect(ours).toStrictEqual(theirs)
    }
  })

  it('raises the same error, and reads nothing after it', async () => {
    const reply = await simple(`select 1 as before; select 1 / 0; select 2 as after`)
    const { theirs, ours } = bothWays(reply)
    expect(ours.error).toBeInstanceOf(messages.DatabaseError)
    expect(ours).toStrictEqual(theirs)
    expect((ours.error as messages.DatabaseError).code).toBe('22012')
    const failed = await extended('insert into people (id, name) values ($1, $2)', ['1', 'Twice'])
    const again = bothWays(failed)
    expect(again.ours).toStrictEqual(again.theirs)
    expect((again.ours.error as messages.DatabaseError).constraint).toBe('people_pkey')
  })

  it('hands over notifications in order, as PGlite reads them', async () => {
    await simple('listen "court news"')
    const reply = await simple(`notify "court news", 'first'; notify "court news", 'ü second'; select 1 as n`)
    const { theirs, ours } = bothWays(reply)
    expect(ours).toStrictEqual(theirs)
    expect(ours.notified).toEqual([
      ['court news', 'first'],
      ['court news', 'ü second'],
    ])
  })
})
