import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import {
  type Database,
  migrationsFolder,
  openEmbedded,
  openEmbeddedInMemory,
  openPostgres,
  pgliteExtensions,
} from '../../src/server/db/client'

// Benchmark databases live on the local PostgreSQL server unless told otherwise; each data set
// size has its own database so a run can compare them.
export const DEFAULT_SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export const sizeLabel = (count: number) =>
  count >= 1_000_000 && count % 1_000_000 === 0
    ? `${count / 1_000_000}m`
    : count >= 1000 && count % 1000 === 0
      ? `${count / 1000}k`
      : String(count)

export function datasetLabel(profiles: number, playDates: number) {
  const base = sizeLabel(profiles)
  return playDates === profiles * 2 ? base : `${base}_${sizeLabel(playDates)}pd`
}

export function databaseUrlFor(label: string, server = DEFAULT_SERVER) {
  const url = new URL(server)
  url.pathname = `/pm_bench_${label}`
  return url.toString()
}

export const databaseNameOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1))

function serverUrlOf(url: string) {
  const parsed = new URL(url)
  parsed.pathname = '/postgres'
  return parsed.toString()
}

// Drops and creates a benchmark database (only names starting with pm_bench_).
export async function recreateDatabase(url: string) {
  const name = databaseNameOf(url)
  if (!name.startsWith('pm_bench_')) throw new Error(`refusing to recreate ${name}: not a pm_bench_ database`)
  const client = new pg.Client({ connectionString: serverUrlOf(url) })
  await client.connect()
  try {
    await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`)
    await client.query(`create database ${pg.escapeIdentifier(name)}`)
  } finally {
    await client.end()
  }
}

export async function databaseExists(url: string) {
  const client = new pg.Client({ connectionString: serverUrlOf(url) })
  await client.connect()
  try {
    const result = await client.query('select 1 from pg_database where datname = $1', [databaseNameOf(url)])
    return result.rowCount === 1
  } finally {
    await client.end()
  }
}

// The few calls the tools need, the same on a PostgreSQL server and on PGlite.
export interface SqlRunner {
  kind: 'postgres' | 'pglite'
  exec(sql: string): Promise<void>
  rows<T>(sql: string, params?: unknown[]): Promise<T[]>
  close(): Promise<void>
}

export async function openPostgresRunner(url: string, migrate = true): Promise<SqlRunner> {
  if (migrate) await (await openPostgres(url, 1)).close()
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  return {
    kind: 'postgres',
    async exec(sql) {
      await client.query(sql)
    },
    async rows<T>(sql: string, params: unknown[] = []) {
      return (await client.query(sql, params)).rows as T[]
    },
    close: () => client.end(),
  }
}

// A PGlite data directory laid out like the server's DATA_DIR (DATA_DIR/pglite); empty for an
// in-memory database.
export async function openPgliteRunner(dataDir?: string): Promise<SqlRunner & { client: PGlite }> {
  let client: PGlite
  if (dataDir) {
    const dir = path.resolve(dataDir, 'pglite')
    mkdirSync(dir, { recursive: true })
    client = await PGlite.create({ dataDir: dir, extensions: pgliteExtensions })
  } else {
    client = await PGlite.create({ extensions: pgliteExtensions })
  }
  await migrate(drizzle({ client }), { migrationsFolder })
  return {
    kind: 'pglite',
    client,
    async exec(sql) {
      await client.exec(sql)
    },
    async rows<T>(sql: string, params: unknown[] = []) {
      return (await client.query<T>(sql, params)).rows
    },
    async close() {
      if (!client.closed) await client.close()
    },
  }
}

// The embedded database as the server opens it (its thread, served over its socket, through the
// app's pool), in `dataDir` laid out like DATA_DIR, or in memory without one: for the app in the
// benchmark's process and the SQL beside it.
export async function openEmbeddedRunner(
  dataDir?: string,
  poolSize?: number,
): Promise<SqlRunner & { database: Database }> {
  const database = dataDir
    ? await openEmbedded(dataDir, 'the benchmark', poolSize)
    : await openEmbeddedInMemory({ poolSize })
  const pool = poolOf(database)
  let closing: Promise<void> | undefined
  return {
    kind: 'pglite',
    database,
    async exec(sql) {
      await pool.query(sql)
    },
    async rows<T>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as T[]
    },
    close: () => (closing ??= database.close()),
  }
}

// The pool a Database's queries run on (Drizzle's node-postgres driver keeps it as `$client`).
export const poolOf = (database: Database) => (database.db as unknown as { $client: pg.Pool }).$client
