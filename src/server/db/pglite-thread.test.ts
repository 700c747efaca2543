import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Worker } from 'node:worker_threads'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite } from './client'
import { PGliteThread } from './pglite-thread'

// The embedded database on its own thread, beyond what every query does (pglite-statements.test.ts
// runs those on both): its data directory, its start and its end.

const dir = mkdtempSync(path.join(tmpdir(), 'pm-thread-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the embedded database on a thread of its own', () => {
  it('keeps what it acknowledged in its data directory, for the next start', async () => {
    const first = await PGliteThread.open({ dataDir: dir })
    await first.exec('create table kept (id int primary key, name text)')
    await first.query('insert into kept values ($1, $2)', [1, 'Maya'])
    await first.transaction(async (tx) => {
      await tx.query('insert into kept values ($1, $2)', [2, 'Hal'])
    })
    await first.close()
    expect(first.closed).toBe(true)
    await expect(first.query('select 1')).rejects.toThrow('PGlite is closed')

    const again = await PGliteThread.open({ dataDir: dir })
    expect((await again.query('select id, name from kept order by id')).rows).toEqual([
      { id: 1, name: 'Maya' },
      { id: 2, name: 'Hal' },
    ])
    await again.close()
  })

  it('reads and writes arrays, dates and JSON as PGlite does', async () => {
    const thread = await PGliteThread.open({ dataDir: undefined })
    const { rows } = await thread.query<{ tags: string[]; ids: number[]; at: Date; data: unknown }>(
      'select $1::text[] as tags, $2::int[] as ids, $3::timestamptz as at, $4::jsonb as data',
      [['a', 'b,c'], [1, 2], new Date('2026-12-05T15:00:00Z'), { x: [1] }],
    )
    expect(rows).toEqual([
      { tags: ['a', 'b,c'], ids: [1, 2], at: new Date('2026-12-05T15:00:00Z'), data: { x: [1] } },
    ])
    await thread.close()
  })

  // A ceiling for a hang: a thread's start and stop took over 30 s on a loaded two-core machine.
  it(
    'tells its owner once when the thread stops while open, and not when it is closed',
    { timeout: 120_000 },
    async () => {
      let worker: Worker | undefined
      const thread = await PGliteThread.open(
        { dataDir: undefined },
        { onWorker: (started) => (worker = started) },
      )
      const database = await openPglite(thread as never)
      const failures: Error[] = []
      database.onFatal((error) => failures.push(error))
      await worker!.terminate()
      await expect.poll(() => failures.length).toBe(1)
      expect(failures[0]!.message).toBe("The embedded database's thread stopped (exit code 1)")
      await expect(thread.query('select 1')).rejects.toThrow("The embedded database's thread stopped")

      const closed = await PGliteThread.open({ dataDir: undefined })
      const told: Error[] = []
      closed.onFailure((error) => told.push(error))
      await closed.close()
      expect(told).toEqual([])
    },
  )

  it('is left as it was by a dump: the next write commits, and names find their tables after it', async () => {
    const thread = await PGliteThread.open({ dataDir: undefined })
    await thread.exec('create table dumped (id int primary key)')
    await thread.query('insert into dumped values (1)')
    const dump = await thread.dump(['--no-owner'], 'set jit = off')
    expect(dump).toContain('INSERT INTO public.dumped VALUES (1);')
    // pg_dump's read-only transaction was left open: the write failed in it, and its rollback
    // left pg_dump's empty search_path, so that `dumped` was not found any more.
    await thread.transaction(async (tx) => {
      await tx.query('insert into dumped values (2)')
    })
    expect((await thread.query('select id from dumped order by id')).rows).toEqual([{ id: 1 }, { id: 2 }])
    expect((await thread.query(`select current_setting('jit') as jit`)).rows).toEqual([{ jit: 'off' }])
    await thread.close()
  })
})
