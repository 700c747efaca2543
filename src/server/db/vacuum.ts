import { sql } from 'drizzle-orm'
import type { Db } from './client'

// The embedded database runs PostgreSQL as its one session, with no autovacuum beside it: without
// this, the tables that churn (jobs, sessions, notifications, the mail outbox, rate limits) would
// keep every dead row, the planner the statistics of the last ANALYZE, and the transaction ids
// would run towards wraparound, where PostgreSQL stops taking writes. The maintenance loop asks
// the tables' statistics now and then and does what autovacuum would do, by autovacuum's own
// settings and thresholds, one table per statement so requests go on between them
// (docs/decisions/0189). A PostgreSQL server's autovacuum does this itself.

export interface TableActivity {
  // Schema-qualified and quoted, as PostgreSQL's format('%I.%I') gives it.
  table: string
  // The planner's row count from the last VACUUM or ANALYZE; -1 when never analyzed.
  reltuples: number
  deadRows: number
  insertedSinceVacuum: number
  modifiedSinceAnalyze: number
  // age(relfrozenxid): transactions since the table's rows were last frozen.
  xidAge: number
}

// Autovacuum's settings, read from the database (postgresql.conf's defaults unless changed).
export interface AutovacuumSettings {
  vacuumThreshold: number
  vacuumScaleFactor: number
  insertThreshold: number
  insertScaleFactor: number
  analyzeThreshold: number
  analyzeScaleFactor: number
  freezeMaxAge: number
}

export interface Upkeep {
  vacuum: boolean
  analyze: boolean
}

// What autovacuum would do to one table: VACUUM when its dead rows (or rows inserted since the
// last VACUUM, or its transaction ids' age) pass their thresholds, ANALYZE when the rows changed
// since the last ANALYZE do. Null when neither.
export function upkeepDue(t: TableActivity, s: AutovacuumSettings): Upkeep | null {
  const rows = Math.max(t.reltuples, 0)
  const vacuum =
    t.deadRows > s.vacuumThreshold + s.vacuumScaleFactor * rows ||
    (s.insertThreshold >= 0 && t.insertedSinceVacuum > s.insertThreshold + s.insertScaleFactor * rows) ||
    t.xidAge > s.freezeMaxAge
  const analyze = t.modifiedSinceAnalyze > s.analyzeThreshold + s.analyzeScaleFactor * rows
  return vacuum || analyze ? { vacuum, analyze } : null
}

interface ActivityRow extends Record<string, unknown> {
  table: string
  reltuples: number
  dead_rows: string
  inserted_since_vacuum: string
  modified_since_analyze: string
  xid_age: number
}

interface SettingsRow extends Record<string, unknown> {
  vacuum_threshold: number
  vacuum_scale_factor: number
  insert_threshold: number
  insert_scale_factor: number
  analyze_threshold: number
  analyze_scale_factor: number
  freeze_max_age: number
}

const setting = (name: string) => sql.raw(`current_setting('${name}')::float8`)

export async function readAutovacuumSettings(db: Db): Promise<AutovacuumSettings> {
  const [row] = (
    await db.execute<SettingsRow>(sql`
      select ${setting('autovacuum_vacuum_threshold')} as vacuum_threshold,
        ${setting('autovacuum_vacuum_scale_factor')} as vacuum_scale_factor,
        ${setting('autovacuum_vacuum_insert_threshold')} as insert_threshold,
        ${setting('autovacuum_vacuum_insert_scale_factor')} as insert_scale_factor,
        ${setting('autovacuum_analyze_threshold')} as analyze_threshold,
        ${setting('autovacuum_analyze_scale_factor')} as analyze_scale_factor,
        ${setting('autovacuum_freeze_max_age')} as freeze_max_age`)
  ).rows
  return {
    vacuumThreshold: row!.vacuum_threshold,
    vacuumScaleFactor: row!.vacuum_scale_factor,
    insertThreshold: row!.insert_threshold,
    insertScaleFactor: row!.insert_scale_factor,
    analyzeThreshold: row!.analyze_threshold,
    analyzeScaleFactor: row!.analyze_scale_factor,
    freezeMaxAge: row!.freeze_max_age,
  }
}

// Every ordinary table of the database, the system catalogs included (autovacuum's own list:
// TOAST tables are vacuumed with theirs, temporary tables by their session).
export async function readTableActivity(db: Db): Promise<TableActivity[]> {
  const { rows } = await db.execute<ActivityRow>(sql`
    select format('%I.%I', n.nspname, c.relname) as "table",
      c.reltuples::float8 as reltuples,
      coalesce(s.n_dead_tup, 0) as dead_rows,
      coalesce(s.n_ins_since_vacuum, 0) as inserted_since_vacuum,
      coalesce(s.n_mod_since_analyze, 0) as modified_since_analyze,
      age(c.relfrozenxid)::float8 as xid_age
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_stat_all_tables s on s.relid = c.oid
    where c.relkind in ('r', 'm') and c.relpersistence = 'p'
    order by n.nspname, c.relname`)
  return rows.map((r) => ({
    table: r.table,
    reltuples: r.reltuples,
    deadRows: Number(r.dead_rows),
    insertedSinceVacuum: Number(r.inserted_since_vacuum),
    modifiedSinceAnalyze: Number(r.modified_since_analyze),
    xidAge: r.xid_age,
  }))
}

export interface UpkeepDone extends Upkeep {
  table: string
  ms: number
}

// Vacuums and analyzes the tables that are due, one statement each. The statistics it reads start
// from nothing each time the embedded database opens (its dead rows before are not counted), so
// the first pass after a start (`everyTable`) vacuums every table: a VACUUM skips the pages left
// all-visible by the last one, so it costs what the changes since then left to do.
export async function vacuumWhereDue(db: Db, { everyTable = false } = {}) {
  const settings = await readAutovacuumSettings(db)
  const done: UpkeepDone[] = []
  for (const activity of await readTableActivity(db)) {
    const due = upkeepDue(activity, settings)
    const upkeep = everyTable ? { vacuum: true, analyze: due?.analyze ?? false } : due
    if (!upkeep) continue
    const started = performance.now()
    // The name is the catalog's, quoted by format('%I.%I').
    const command = upkeep.vacuum ? (upkeep.analyze ? 'vacuum (analyze)' : 'vacuum') : 'analyze'
    await db.execute(sql.raw(`${command} ${activity.table}`))
    done.push({ table: activity.table, ...upkeep, ms: Math.round(performance.now() - started) })
  }
  return done
}
