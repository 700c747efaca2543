import { sql } from 'drizzle-orm'
import { type Db, rowsOf } from '../db/client'

// Counting attempts is the job of the rate limit counters, refused or not: they never
// count as a write of the request.
const IGNORED_TABLES = new Set(['rate_limits'])

// Every table of the app, found at run time so a table added later is watched too.
export async function appTables(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
    order by table_name
  `)
  return rowsOf(result)
    .map((row) => String(row.name))
    .filter((name) => !IGNORED_TABLES.has(name))
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

// Row count of every table: cheap enough to take around each of thousands of requests.
export async function rowCounts(db: Db, tables: string[]): Promise<Record<string, number>> {
  const columns = tables.map((name) => `(select count(*) from ${quote(name)})::int as ${quote(name)}`)
  const [row] = rowsOf(await db.execute(sql.raw(`select ${columns.join(', ')}`)))
  return Object.fromEntries(tables.map((name) => [name, Number(row?.[name])]))
}

// Row count and a checksum of every row of every table: also sees an update in place.
export async function tableChecksums(db: Db, tables: string[]): Promise<Record<string, string>> {
  const parts = tables.map(
    (name) =>
      `select '${name}' as name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from ${quote(name)} t`,
  )
  const rows = rowsOf(await db.execute(sql.raw(parts.join(' union all '))))
  return Object.fromEntries(rows.map((row) => [String(row.name), String(row.sum)]))
}

// The tables whose value differs between two snapshots.
export function changedTables<T>(before: Record<string, T>, after: Record<string, T>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...names].filter((name) => before[name] !== after[name])
}

// Counts every row written (inserted, updated or deleted) in the given tables from now on, in
// the writing transaction itself: a write rolled back is not counted. One tiny read tells
// whether a request wrote anything, which thousands of generated requests can afford.
export async function installWriteCounter(db: Db, tables: string[]) {
  await db.execute(sql.raw('create table security_write_counter (n bigint not null)'))
  await db.execute(sql.raw('insert into security_write_counter values (0)'))
  await db.execute(
    sql.raw(`create function security_count_write() returns trigger language plpgsql as $$
      begin update security_write_counter set n = n + 1; return null; end $$`),
  )
  for (const name of tables) {
    await db.execute(
      sql.raw(
        `create trigger security_count_write after insert or update or delete on ${quote(name)} ` +
          'for each row execute function security_count_write()',
      ),
    )
  }
  return async () => {
    const [row] = rowsOf(await db.execute(sql.raw('select n from security_write_counter')))
    return Number(row?.n)
  }
}
