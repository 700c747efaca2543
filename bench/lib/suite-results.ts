// What the suite keeps of each data set: its figures, as report.ts renders them, and, while it is
// being measured, the open data set they are gathered on (suite-dataset.ts opens it).
import type { SqlRunner } from './databases'
import type { WriteKey } from './endpoints'
import type { ExplainedStatement } from './explain'
import type { FanoutResult } from './fanout'
import type { LoadResult, openPgExecutor } from './load'
import type { ReadPlan, SignedIn } from './probe'
import type { Started } from './processes'
import type { Target } from './suite-options'
import type { WriteCalls } from './writes'

export interface ReadResult {
  key: string
  name: string
  statements: number
  api: LoadResult
  // The direct SQL: measured on the main data set only (its target is the main one's).
  sql: LoadResult | null
  // The least server for the read (node:http + pg, the same statements, their rows as JSON):
  // measured on the main PostgreSQL data set only; absent in results written before it was.
  least?: LoadResult | null
  explain: ExplainedStatement[]
}

export interface WriteResult {
  key: WriteKey
  name: string
  // At the run's connections (32 by default).
  api: LoadResult
  // The same write at fewer connections as well (WRITE_SWEEP_CONNECTIONS), the run's first:
  // the most it serves with p99 under the target is its capacity at that bound (report.ts).
  // Absent in results written before it was measured.
  byConnections?: { connections: number; api: LoadResult }[]
  explain: ExplainedStatement[]
}

export interface DatasetResult {
  label: string
  kind: Target['kind']
  tables: Record<string, number>
  reads: ReadResult[]
  // framework: Hono alone with one route; absent in results written before it was measured.
  floor: { app: LoadResult; framework?: LoadResult; bare: LoadResult } | null
  // The session read three ways, measured in turns: the app, the least Node server that can
  // answer it (node:http and pg), and its direct SQL.
  leastServer: { app: LoadResult; bare: LoadResult; sql: LoadResult } | null
  writes: WriteResult[]
  fanout: FanoutResult | null
  serverRssMb: number | null
}

// A data set open for measuring: its server running, its reads planned and EXPLAINed, and its
// result filled in as it is measured.
export interface OpenDataset {
  target: Target
  result: DatasetResult
  // PostgreSQL only: the PGlite runner is closed while the server has the data directory.
  runner: SqlRunner | undefined
  runStarted: Date
  plans: ReadPlan[]
  // Each read's statements, EXPLAINed (by endpoint key).
  explains: Map<string, ExplainedStatement[]>
  server: Started
  // PostgreSQL: the direct SQL runs through this pool; PGlite: it ran before the server started.
  executor: Awaited<ReturnType<typeof openPgExecutor>> | undefined
  sqlResults: Map<string, LoadResult>
  signedIn: SignedIn
  writeCalls: WriteCalls | undefined
  writeExplains: Map<WriteKey, ExplainedStatement[]>
}
