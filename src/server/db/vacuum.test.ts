import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from './client'
import { openTestDatabase } from '../testing/test-app'
import { type AutovacuumSettings, type TableActivity, upkeepDue, vacuumWhereDue } from './vacuum'

// postgresql.conf's defaults.
const defaults: AutovacuumSettings = {
  vacuumThreshold: 50,
  vacuumScaleFactor: 0.2,
  insertThreshold: 1000,
  insertScaleFactor: 0.2,
  analyzeThreshold: 50,
  analyzeScaleFactor: 0.1,
  freezeMaxAge: 200_000_000,
}
const quiet: TableActivity = {
  table: 'public.jobs',
  reltuples: 10_000,
  deadRows: 0,
  insertedSinceVacuum: 0,
  modifiedSinceAnalyze: 0,
  xidAge: 1_000,
}

describe('what a table is due, as autovacuum decides it', () => {
  it('is nothing while its changes stay under the thresholds', () => {
    // 10,000 rows: VACUUM past 2,050 dead rows or 3,000 inserted, ANALYZE past 1,050 changed.
    expect(
      upkeepDue(
        { ...quiet, deadRows: 2_050, insertedSinceVacuum: 3_000, modifiedSinceAnalyze: 1_050 },
        defaults,
      ),
    ).toBe(null)
  })

  it('is a VACUUM past the dead rows, or the rows inserted since the last one', () => {
    expect(upkeepDue({ ...quiet, deadRows: 2_051 }, defaults)).toEqual({ vacuum: true, analyze: false })
    expect(upkeepDue({ ...quiet, insertedSinceVacuum: 3_001 }, defaults)).toEqual({
      vacuum: true,
      analyze: false,
    })
  })

  it('leaves inserts alone when their threshold is turned off', () => {
    expect(upkeepDue({ ...quiet, insertedSinceVacuum: 1e9 }, { ...defaults, insertThreshold: -1 })).toBe(null)
  })

  it('is an ANALYZE past the rows changed since the last one', () => {
    expect(upkeepDue({ ...quiet, modifiedSinceAnalyze: 1_051 }, defaults)).toEqual({
      vacuum: false,
      analyze: true,
    })
  })

  it('is a VACUUM, whatever changed, once its transaction ids are old enough to freeze', () => {
    expect(upkeepDue({ ...quiet, xidAge: 200_000_001 }, defaults)).toEqual({ vacuum: true, analyze: false })
  })

  it('counts a table never analyzed (reltuples -1) as empty', () => {
    expect(upkeepDue({ ...quiet, reltuples: -1, deadRows: 51, modifiedSinceAnalyze: 51 }, defaults)).toEqual({
      vacuum: true,
      analyze: true,
    })
  })
})

describe('vacuuming where due', () => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(() => database.close())

  const stats = async (table: string) => {
    const { rows } = await database.db.execute<{
      dead: string
      last_vacuum: Date | null
      last_analyze: Date | null
    }>(sql`
      select coalesce(n_dead_tup, 0) as dead, coalesce(last_vacuum, last_autovacuum) as last_vacuum,
        coalesce(last_analyze, last_autoanalyze) as last_analyze
      from pg_stat_all_tables where relid = ${table}::regclass`)
    return rows[0]!
  }

  it('vacuums and analyzes a table whose rows churned, and then leaves it be', async () => {
    // On one connection, so its statistics are counted before the next step reads them; a
    // PostgreSQL server's autovacuum is kept off the table.
    const client = await database.db.$client.connect()
    try {
      await client.query('create table churn (id int primary key, v int) with (autovacuum_enabled = off)')
      await client.query('insert into churn select g, 0 from generate_series(1, 5000) g')
      await client.query('analyze churn')
      await client.query('update churn set v = 1 where id <= 3000')
      await client.query('select pg_stat_force_next_flush()')
      await client.query('select 1')
    } finally {
      client.release()
    }
    expect(Number((await stats('churn')).dead)).toBeGreaterThanOrEqual(3000)

    const done = await vacuumWhereDue(database.db)
    expect(done).toContainEqual(
      expect.objectContaining({ table: 'public.churn', vacuum: true, analyze: true }),
    )
    const after = await stats('churn')
    expect(Number(after.dead)).toBe(0)
    expect(after.last_vacuum).not.toBe(null)
    expect(after.last_analyze).not.toBe(null)

    expect((await vacuumWhereDue(database.db)).map((d) => d.table)).not.toContain('public.churn')
  })

  it('vacuums every table in the first pass after a start, when the statistics know nothing yet', async () => {
    await database.db.execute(sql`create table still (id int) with (autovacuum_enabled = off)`)
    expect((await vacuumWhereDue(database.db)).map((d) => d.table)).not.toContain('public.still')
    expect(await vacuumWhereDue(database.db, { everyTable: true })).toContainEqual(
      expect.objectContaining({ table: 'public.still', vacuum: true }),
    )
    expect((await stats('still')).last_vacuum).not.toBe(null)
  })
})
