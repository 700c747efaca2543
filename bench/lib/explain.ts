import pg from 'pg'
import { CONNECTION_SETTINGS, CONNECTION_SETTINGS_SQL } from '../../src/server/db/client'
import type { CapturedSteps } from './capture'
import type { SqlRunner } from './databases'

// Tables that grow with the number of players; a sequential scan of one of them on a hot path
// is a finding.
export const GROWING_TABLES = new Set([
  'profiles',
  'passwords',
  'sessions',
  'connections',
  'play_dates',
  'play_date_requests',
  'play_date_messages',
  'notifications',
  'partner_lists',
  'partner_list_entries',
  'signup_codes',
  'audit_log',
  'players',
  'auth_tokens',
  'mail_outbox',
])
// On the full data sets only tables at least this big count as large.
export const LARGE_TABLE_ROWS = 10_000

export interface SeqScan {
  table: string
  // Rows in the table, and rows the scan read (EXPLAIN ANALYZE only; a LIMIT may stop it early).
  rows: number
  read: number | null
}

export interface ExplainedStatement {
  sql: string
  seqScans: SeqScan[]
  // Execution time of one run (reads only; writes are planned, not run).
  ms: number | null
}

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Actual Rows'?: number
  'Actual Loops'?: number
  'Rows Removed by Filter'?: number
  Plans?: PlanNode[]
}

function seqScansOf(node: PlanNode, found: Array<{ table: string; read: number | null }> = []) {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) {
    const read =
      node['Actual Rows'] === undefined
        ? null
        : (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1)
    found.push({ table: node['Relation Name'], read })
  }
  for (const child of node.Plans ?? []) seqScansOf(child, found)
  return found
}

const SKIP = /^\s*(begin|commit|rollback|set|savepoint|release)\b|pg_notify\(/i
// A read runs under EXPLAIN ANALYZE; a statement that writes (a `with` whose CTEs insert, update
// or delete included) is only explained, never run twice.
const isRead = (sql: string) =>
  /^\s*(select|with)\b/i.test(sql) &&
  !/\bfor (update|share|no key update)\b/i.test(sql) &&
  !/\b(insert\s+into|delete\s+from|update\s+\S+\s+set)\b/i.test(sql)

export const shortSql = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 160)

// A captured value written as an SQL literal of unknown type, which PostgreSQL casts to the type
// of the parameter it fills.
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString())
  if (Array.isArray(value)) {
    const items = value.map((item) =>
      item === null ? 'NULL' : `"${String(item).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
    )
    return pg.escapeLiteral(`{${items.join(',')}}`)
  }
  if (typeof value === 'object') return pg.escapeLiteral(JSON.stringify(value))
  return pg.escapeLiteral(String(value))
}

// The plan the server runs. Its connections, PostgreSQL's and PGlite's, plan each named statement
// once for any values (CONNECTION_SETTINGS): the statement is prepared and its generic plan
// explained, since an EXPLAIN given the values plans for those values.
async function explainJson(
  runner: SqlRunner,
  statement: { text: string; values: unknown[] },
  analyze: boolean,
) {
  const options = `${analyze ? 'analyze, ' : ''}format json`
  await runner.exec(`prepare pm_explained as ${statement.text}`)
  try {
    const args = statement.values.length ? `(${statement.values.map(literal).join(', ')})` : ''
    const [row] = await runner.rows<{ 'QUERY PLAN': unknown }>(
      `explain (${options}) execute pm_explained${args}`,
    )
    return row?.['QUERY PLAN']
  } finally {
    await runner.exec('deallocate pm_explained')
  }
}

// EXPLAIN of every statement an endpoint ran, as the server plans it (ANALYZE for reads). `strict` plans with sequential
// scans disabled, so on a tiny data set a sequential scan remains only where no index can answer.
export async function explainSteps(
  runner: SqlRunner,
  steps: CapturedSteps,
  options: { strict?: boolean } = {},
): Promise<ExplainedStatement[]> {
  const sizes = new Map(
    (
      await runner.rows<{ relname: string; rows: number }>(
        `select relname, greatest(reltuples, 0)::bigint::int as rows from pg_class
         where relkind = 'r' and relnamespace = 'public'::regnamespace`,
      )
    ).map((row) => [row.relname, Number(row.rows)]),
  )
  const results: ExplainedStatement[] = []
  if (options.strict) await runner.exec('set enable_seqscan = off')
  await runner.exec(CONNECTION_SETTINGS_SQL)
  try {
    for (const statement of steps.flat()) {
      if (SKIP.test(statement.text)) continue
      const read = isRead(statement.text)
      const raw = await explainJson(runner, statement, read)
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{
        Plan: PlanNode
        'Execution Time'?: number
      }>
      const top = plan[0]!
      // Large: a scan that read at least LARGE_TABLE_ROWS rows, or (not run) of a table that big.
      const seqScans = seqScansOf(top.Plan)
        .filter((scan) => GROWING_TABLES.has(scan.table))
        .map((scan) => ({ ...scan, rows: sizes.get(scan.table) ?? 0 }))
        .filter((scan) => options.strict || (scan.read ?? scan.rows) >= LARGE_TABLE_ROWS)
      results.push({
        sql: shortSql(statement.text),
        seqScans,
        ms: top['Execution Time'] === undefined ? null : Math.round(top['Execution Time'] * 100) / 100,
      })
    }
  } finally {
    if (options.strict) await runner.exec('reset enable_seqscan')
    for (const name of Object.keys(CONNECTION_SETTINGS)) await runner.exec(`reset ${name}`)
  }
  return results
}
