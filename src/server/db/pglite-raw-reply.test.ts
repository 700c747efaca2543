import { runInNewContext } from 'node:vm'
import { setFlagsFromString } from 'node:v8'
import { PGlite, protocol } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawReply } from './pglite-raw-reply'
import { frames } from './pglite-statements'

const { serialize } = protocol
let pg: PGlite

beforeAll(async () => {
  pg = await PGlite.create()
  await pg.exec(`
    create table games (id int primary key, place text not null);
    insert into games select i, 'Court ' || i from generate_series(1, 20) as i;
  `)
})
afterAll(() => pg.close())

const statement = (text: string, name = '') =>
  frames([
    serialize.parse({ name, text, types: [] }),
    serialize.bind({ statement: name, values: [] }),
    serialize.describe({ type: 'P', name: '' }),
    serialize.execute({}),
    serialize.sync(),
  ])

// A collection, run by hand: the heap a test sees is then what is kept, not what waits for one.
setFlagsFromString('--expose-gc')
const collect = runInNewContext('gc') as () => void
const heapAfterCollection = () => {
  collect()
  return process.memoryUsage().heapUsed
}

describe("the embedded database's raw reply", () => {
  // A ceiling for a hang: it took over 30 s on a loaded two-core machine.
  it(
    'is the bytes PGlite writes: rows, an error, a reply longer than its write buffer, a write',
    { timeout: 120_000 },
    async () => {
      for (const message of [
        statement('select id, place from games order by id'),
        statement('select * from no_such_table'),
        statement("select i, repeat('x', 100) as pad from generate_series(1, 12000) as i"),
        statement("update games set place = 'Court 1' where id = 1 returning id"),
      ]) {
        const expected = await pg.execProtocolRaw(message.slice())
        expect(await rawReply(pg, message)).toEqual(expected)
      }
      const long = await rawReply(
        pg,
        statement("select i, repeat('x', 100) as pad from generate_series(1, 12000) as i"),
      )
      expect(long.byteLength).toBeGreaterThan(1_200_000)
      expect(long.byteOffset).toBe(0)
      expect(long.byteLength).toBe(long.buffer.byteLength)
    },
  )

  it('keeps nothing of the replies it has read (PGlite 0.5 kept each raw reply parsed, a few KB a query)', async () => {
    const page = statement('select id, place from games order by id limit 20', 'page')
    await rawReply(pg, page)
    const run = frames([
      serialize.bind({ statement: 'page', values: [] }),
      serialize.execute({}),
      serialize.sync(),
    ])
    // Twenty rows: a data row per game.
    expect(
      Buffer.from(await rawReply(pg, run.slice()))
        .toString('latin1')
        .match(/Court \d+/g),
    ).toHaveLength(20)
    for (let i = 0; i < 2000; i++) await rawReply(pg, run.slice())
    const before = heapAfterCollection()
    for (let i = 0; i < 20_000; i++) await rawReply(pg, run.slice())
    // Read with execProtocolRaw, these 20,000 replies kept about 70 MB.
    expect(heapAfterCollection() - before).toBeLessThan(5_000_000)
  })
})
