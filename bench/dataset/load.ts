import { firstHomeArea } from '../../src/domain/profiles/home-area.rules'
import { hashPassword } from '../../src/server/features/auth'
import { homePlaceOf } from '../../src/server/lib/geodata'
import type { SqlRunner } from '../lib/databases'
import { BENCH_PASSWORD, datasetSteps } from './dataset'
import { LOADED_TABLES } from './tables'

export interface LoadOptions {
  profiles: number
  playDates: number
  log?: (line: string) => void
}

export interface TableCount {
  table: string
  rows: number
}

const seconds = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`

// Fills an empty, migrated database. Secondary indexes are dropped for the load and built again
// afterwards from their own definitions (building once is much faster than updating per row).
export async function loadDataset(runner: SqlRunner, options: LoadOptions): Promise<TableCount[]> {
  const log = options.log ?? (() => undefined)
  const [existing] = await runner.rows<{ count: number }>('select count(*)::int as count from profiles')
  if ((existing?.count ?? 0) > 0) throw new Error('the database already has players: use an empty one')

  const passwordHash = await hashPassword(BENCH_PASSWORD)
  if (passwordHash.includes("'")) throw new Error('unexpected quote in the password hash')
  const started = performance.now()

  await runner.exec(`set session_replication_role = replica`)
  await runner.exec(`set maintenance_work_mem = '${runner.kind === 'pglite' ? '64MB' : '256MB'}'`)
  if (runner.kind === 'postgres') await runner.exec('set synchronous_commit = off')

  const indexes = await runner.rows<{ name: string; definition: string }>(
    `select quote_ident(c.relname) as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i
     join pg_class c on c.oid = i.indexrelid
     join pg_namespace ns on ns.oid = c.relnamespace
     where ns.nspname = 'public'
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
  )
  for (const index of indexes) await runner.exec(`drop index ${index.name}`)

  for (const step of datasetSteps({ ...options, passwordHash })) {
    const stepStarted = performance.now()
    await runner.exec(step.sql)
    log(`  ${step.name.padEnd(50)} ${seconds(stepStarted)}`)
  }

  const areasStarted = performance.now()
  await fillHomeAreas(runner)
  log(`  ${'home areas'.padEnd(50)} ${seconds(areasStarted)}`)

  const indexStarted = performance.now()
  for (const index of indexes) await runner.exec(index.definition)
  log(`  ${`indexes (${indexes.length})`.padEnd(50)} ${seconds(indexStarted)}`)

  await runner.exec('set session_replication_role = origin')
  const analyzeStarted = performance.now()
  await runner.exec('vacuum analyze')
  log(`  ${'vacuum analyze'.padEnd(50)} ${seconds(analyzeStarted)}`)
  log(`  ${'total'.padEnd(50)} ${seconds(started)}`)

  const counts: TableCount[] = []
  for (const table of LOADED_TABLES) {
    const [row] = await runner.rows<{ count: number }>(`select count(*)::int as count from ${table}`)
    counts.push({ table, rows: row?.count ?? 0 })
  }
  return counts
}

// Each player's home area (state and region), as sign-up sets it from their home
// (docs/decisions/0181): the data set is a database of today's players, so the server's one-time
// backfill for players who signed up before finds no one. Without it, every step of the mix ran a
// few of its batches (a search of the ZIP areas for each of 500 homes, in one transaction) and
// removed the jobs that would go on with them: blocks of hundreds of milliseconds on the
// server's main thread, with the embedded database's one session held meanwhile. Also run on a
// data set made before this step was.
export async function fillHomeAreas(runner: SqlRunner): Promise<number> {
  const rows = await runner.rows<{
    id: string
    zipCode: string | null
    homeLatitude: number | null
    homeLongitude: number | null
  }>(
    `select id, zip_code as "zipCode", home_latitude as "homeLatitude", home_longitude as "homeLongitude"
     from profiles where home_state is null and (zip_code is not null or home_latitude is not null)`,
  )
  const areas = rows.flatMap((row) => {
    const area = firstHomeArea(homePlaceOf(row))
    return area.homeState && area.homeRegion ? [{ id: row.id, ...area }] : []
  })
  for (let start = 0; start < areas.length; start += 5000) {
    const batch = areas.slice(start, start + 5000)
    await runner.rows(
      `update profiles p set home_state = a.state, home_region = a.region
       from unnest($1::uuid[], $2::text[], $3::text[]) as a(id, state, region) where p.id = a.id`,
      [batch.map((a) => a.id), batch.map((a) => a.homeState), batch.map((a) => a.homeRegion)],
    )
  }
  return areas.length
}
