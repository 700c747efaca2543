import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  type AfterCommitBatch,
  type BeforeCommitBatch,
  CONNECTION_SETTINGS,
  type Database,
  type DbOrTx,
  LISTEN_APPLICATION_NAME,
  SettingsClient,
} from './client'
import { profiles } from './schema'
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

describe('after-commit steps', () => {
  // A table of this test's own: a write the steps can look for from outside the transaction.
  beforeAll(async () => {
    await database.db.execute(sql`create table after_commit_probe (id int primary key)`)
  })
  const probeCount = async (db: DbOrTx) => {
    const result = (await db.execute(sql`select count(*)::int as n from after_commit_probe`)) as unknown as {
      rows: Array<{ n: number }>
    }
    return result.rows[0]!.n
  }

  it('runs a step once its transaction has committed, outside it, before the transaction settles', async () => {
    const seen: Array<{ on: DbOrTx; rows: number }> = []
    let inside: DbOrTx | undefined
    await database.db.transaction(async (tx) => {
      inside = tx
      await tx.execute(sql`insert into after_commit_probe values (1)`)
      await tx.afterCommit(async (db) => {
        seen.push({ on: db, rows: await probeCount(db) })
      })
      expect(seen).toEqual([])
    })
    expect(seen).toHaveLength(1)
    expect(seen[0]!.on).toBe(database.db)
    expect(seen[0]!.on).not.toBe(inside)
    // The step saw the committed row from outside the transaction.
    expect(seen[0]!.rows).toBe(1)
  })

  it('never runs the steps of a transaction that rolls back', async () => {
    let ran = false
    await expect(
      database.db.transaction(async (tx) => {
        await tx.afterCommit(async () => {
          ran = true
        })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(ran).toBe(false)
  })

  it('runs the steps in order, and at once outside a transaction', async () => {
    const order: string[] = []
    await database.db.transaction(async (tx) => {
      await tx.afterCommit(async () => void order.push('a'))
      await tx.afterCommit(async () => void order.push('b'))
      await tx.afterCommit(async () => void order.push('c'))
    })
    expect(order).toEqual(['a', 'b', 'c'])
    await database.db.afterCommit(async () => void order.push('now'))
    expect(order).toEqual(['a', 'b', 'c', 'now'])
  })

  it('reports a step that fails, runs the others, and keeps the write', async () => {
    const errors: unknown[] = []
    const stop = database.onAfterCommitError((error) => errors.push(error))
    let later = false
    const result = await database.db.transaction(async (tx) => {
      await tx.afterCommit(async () => {
        throw new Error('step failed')
      })
      await tx.afterCommit(async () => {
        later = true
      })
      return 'committed'
    })
    stop()
    expect(result).toBe('committed')
    expect(later).toBe(true)
    expect(errors).toHaveLength(1)
    expect((errors[0] as Error).message).toBe('step failed')
  })

  it('runs a step inside a savepoint at once, on the savepoint', async () => {
    const seen: DbOrTx[] = []
    await database.db.transaction(async (tx) => {
      await tx.transaction(async (savepoint) => {
        await savepoint.afterCommit(async (db) => void seen.push(db))
        expect(seen).toEqual([savepoint])
      })
    })
    expect(seen).toHaveLength(1)
  })

  it("holds the steps of a savepoint's transaction until the outer commit", async () => {
    const order: string[] = []
    await database.db.transaction(async (tx) => {
      await tx.afterCommit(async () => void order.push('outer'))
      await tx.transaction(async (savepoint) => {
        await savepoint.afterCommit(async () => void order.push('savepoint'))
      })
      await tx.afterCommit(async () => void order.push('outer again'))
      expect(order).toEqual(['savepoint'])
    })
    expect(order).toEqual(['savepoint', 'outer', 'outer again'])
  })

  it('holds the steps of work without a transaction until it is done, then runs them on the database', async () => {
    const seen: Array<{ step: string; on: DbOrTx }> = []
    let handle: DbOrTx | undefined
    const result = await database.db.withoutTransaction(async (db) => {
      handle = db
      await db.execute(sql`insert into after_commit_probe values (2)`)
      await db.afterCommit(async (on) => void seen.push({ step: 'a', on }))
      await db.afterCommit(async (on) => void seen.push({ step: 'b', on }))
      expect(seen).toEqual([])
      return 'written'
    })
    expect(result).toBe('written')
    expect(seen.map(({ step }) => step)).toEqual(['a', 'b'])
    expect(seen[0]!.on).toBe(database.db)
    expect(handle).not.toBe(database.db)
    // The database itself still runs a step at once.
    let now = false
    await database.db.afterCommit(async () => void (now = true))
    expect(now).toBe(true)
  })

  it('never runs the steps of work without a transaction that throws', async () => {
    let ran = false
    await expect(
      database.db.withoutTransaction(async (db) => {
        await db.afterCommit(async () => void (ran = true))
        throw new Error('failed')
      }),
    ).rejects.toThrow('failed')
    expect(ran).toBe(false)
  })

  it('reports a failing step of work without a transaction, and runs the others', async () => {
    const errors: unknown[] = []
    const stop = database.onAfterCommitError((error) => errors.push(error))
    let later = false
    await database.db.withoutTransaction(async (db) => {
      await db.afterCommit(async () => {
        throw new Error('step failed')
      })
      await db.afterCommit(async () => void (later = true))
    })
    stop()
    expect(later).toBe(true)
    expect(errors.map((error) => (error as Error).message)).toEqual(['step failed'])
  })

  it('gathers a batch through the transaction, and runs it once after the commit in the place of its first addition', async () => {
    const order: string[] = []
    const batch: AfterCommitBatch<string[]> = {
      start: () => [],
      // Where it ran: on the database, or on the savepoint.
      finish: async (added, db) =>
        void order.push(`${added.join('+')} on ${db === database.db ? 'db' : 'tx'}`),
    }
    await database.db.transaction(async (tx) => {
      await tx.afterCommit(async () => void order.push('before'))
      await tx.afterCommitBatch(batch, (added) => added.push('a'))
      await tx.afterCommit(async () => void order.push('after'))
      await tx.afterCommitBatch(batch, (added) => added.push('b'))
      await tx.transaction(async (savepoint) => {
        await savepoint.afterCommitBatch(batch, (added) => added.push('in savepoint'))
      })
      expect(order).toEqual(['in savepoint on tx'])
    })
    expect(order).toEqual(['in savepoint on tx', 'before', 'a+b on db', 'after'])
    await database.db.afterCommitBatch(batch, (added) => added.push('now'))
    expect(order.at(-1)).toBe('now on db')
    // Never after a rollback.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.afterCommitBatch(batch, (added) => added.push('rolled back'))
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(order.some((entry) => entry.includes('rolled back'))).toBe(false)
  })

  it('gathers a before-commit batch through the transaction and writes it once, inside it, before the commit; its failure rolls it back', async () => {
    const ran: string[] = []
    const batch: BeforeCommitBatch<number[]> = {
      start: () => [],
      async finish(ids, db) {
        ran.push(`${ids.join('+')} on ${db === database.db ? 'db' : 'tx'}`)
        await db.execute(
          sql`insert into after_commit_probe (id) select unnest(${`{${ids.join(',')}}`}::int[])`,
        )
      },
    }
    const before = await probeCount(database.db)
    await database.db.transaction(async (tx) => {
      await tx.beforeCommitBatch(batch, (ids) => ids.push(101))
      await tx.afterCommit(async (db) => void ran.push(`after the commit: ${await probeCount(db)}`))
      await tx.beforeCommitBatch(batch, (ids) => ids.push(102))
      await tx.transaction(async (savepoint) => {
        await savepoint.beforeCommitBatch(batch, (ids) => ids.push(103))
      })
      expect(ran).toEqual(['103 on tx'])
      expect(await probeCount(tx)).toBe(before + 1)
    })
    expect(ran).toEqual(['103 on tx', '101+102 on tx', `after the commit: ${before + 3}`])
    await database.db.beforeCommitBatch(batch, (ids) => ids.push(104))
    expect(ran.at(-1)).toBe('104 on db')
    // A batch that fails (a duplicate key) rolls back the transaction and everything it wrote.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into after_commit_probe (id) values (105)`)
        await tx.beforeCommitBatch(batch, (ids) => ids.push(101))
      }),
    ).rejects.toThrow()
    expect(await probeCount(database.db)).toBe(before + 4)
  })

  it('gives back the connection of a transaction that fails, and runs later ones on it', async () => {
    for (let attempt = 0; attempt < 12; attempt++)
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`)
          throw new Error('failed')
        }),
      ).rejects.toThrow('failed')
    expect(await database.db.transaction(async (tx) => probeCount(tx))).toBeGreaterThanOrEqual(1)
  })
})

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
    let resumed = 0
    const stopWatch = database.onListenResumed(() => (resumed += 1))
    const stop = await database.listen('pm_reconnect_channel', (payload) => received.push(payload))
    expect(resumed).toBe(0)
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
    // The handler heard of it once, after LISTEN was back (it would hear nothing before).
    expect(resumed).toBe(1)
    stopWatch()
    await stop()
  })
})

describe.runIf(testDatabaseKind === 'postgres')('pooled PostgreSQL connections', () => {
  it('get the settings before their first query, with nothing sent while the settings run', async () => {
    // pg still queues a query sent while another runs, but warns that it will stop doing so.
    const busy: boolean[] = []
    class Watched extends SettingsClient {
      override query(...args: unknown[]): never {
        busy.push(!(this as unknown as { readyForQuery: boolean }).readyForQuery)
        return (super.query as (...a: unknown[]) => never)(...args)
      }
    }
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 4, Client: Watched })
    try {
      // Every connection is new, and each is asked for a query as soon as the pool has it.
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          pool.query<{ plans: string; jit: string }>(
            `select current_setting('plan_cache_mode') as plans, current_setting('jit') as jit`,
          ),
        ),
      )
      for (const result of results) {
        expect(result.rows[0]).toEqual({
          plans: CONNECTION_SETTINGS.plan_cache_mode,
          jit: CONNECTION_SETTINGS.jit,
        })
      }
      expect(busy).toHaveLength(8)
      expect(busy.filter(Boolean)).toEqual([])
    } finally {
      await pool.end()
    }
  })

  it('all run with the connection settings', async () => {
    const shown = await Promise.all(
      Array.from({ length: 6 }, () =>
        database.db.transaction(async (tx) => {
          const shown = (await tx.execute(
            sql`select current_setting('plan_cache_mode') as plans,
                       current_setting('max_parallel_workers_per_gather') as workers,
                       current_setting('jit') as jit, pg_sleep(0.05)`,
          )) as unknown as { rows: Array<{ plans: string; workers: string; jit: string }> }
          return [shown.rows[0]?.plans, shown.rows[0]?.workers, shown.rows[0]?.jit]
        }),
      ),
    )
    for (const settings of shown) {
      expect(settings).toEqual([
        CONNECTION_SETTINGS.plan_cache_mode,
        CONNECTION_SETTINGS.max_parallel_workers_per_gather,
        CONNECTION_SETTINGS.jit,
      ])
    }
  })

  it('stay open while idle, ready for the next request', async () => {
    const backend = async () =>
      (
        (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: Array<{ pid: number }>
        }
      ).rows[0]!.pid
    // The pool's idle timer is set when a connection comes back to it: on a clock the test moves,
    // past pg's default idle timeout (10 s), which closed the connection.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const before = await backend()
      vi.advanceTimersByTime(10_500)
      expect(await backend()).toBe(before)
    } finally {
      vi.useRealTimers()
    }
  })

  it('plan a statement with values once, for any values', async () => {
    const counts = await database.db.transaction(async (tx) => {
      for (const id of ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']) {
        await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, id))
      }
      return (await tx.execute(
        sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
            where statement like 'select "id" from "profiles" where "profiles"."id" = $1%'`,
      )) as unknown as { rows: Array<{ generic: number; custom: number }> }
    })
    expect(counts.rows).toEqual([{ generic: 2, custom: 0 }])
  })
})
