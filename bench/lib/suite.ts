import { openPostgres } from '../../src/server/db/client'
import { sessionCookieName } from '../../src/server/middleware/session'
import { loadDataset } from '../dataset/load'
import { captureSql, recordPglite } from './capture'
import {
  databaseExists,
  openPgliteRunner,
  openPostgresRunner,
  recreateDatabase,
  type SqlRunner,
} from './databases'
import { type ReadEndpoint, WRITES, type WriteKey } from './endpoints'
import { type ExplainedStatement, explainSteps } from './explain'
import { type FanoutResult, measureFanout } from './fanout'
import { IN_PROCESS_ORIGIN, openInProcessApp } from './in-process'
import { type Execute, httpLoad, type LoadResult, openPgExecutor, sqlLoad } from './load'
import { probeReads, type ReadPlan, signInAll } from './probe'
import { pingResponse, rssMb, startAppServer, startBareServer } from './processes'
import { pickSamples } from './samples'
import { prepareWrites } from './writes'

export interface Target {
  label: string
  kind: 'postgres' | 'pglite'
  profiles: number
  playDates: number
  databaseUrl?: string
  dataDir?: string
}

export interface SuiteOptions {
  connections: number
  seconds: number
  warmupSeconds: number
  poolSize: number
  players: number
  reads: ReadEndpoint[]
  writes: boolean
  floor: boolean
  fanout: { clients: number; ratePerSecond: number } | null
  log: (line: string) => void
}

export interface ReadResult {
  key: string
  name: string
  statements: number
  api: LoadResult
  sql: LoadResult
  explain: ExplainedStatement[]
}

export interface WriteResult {
  key: WriteKey
  name: string
  api: LoadResult
  explain: ExplainedStatement[]
}

export interface DatasetResult {
  label: string
  kind: Target['kind']
  tables: Record<string, number>
  reads: ReadResult[]
  floor: { app: LoadResult; bare: LoadResult } | null
  writes: WriteResult[]
  fanout: FanoutResult | null
  serverRssMb: number | null
}

const TABLES = [
  'profiles',
  'connections',
  'play_dates',
  'play_date_requests',
  'play_date_messages',
  'notifications',
]

async function ensureDataset(target: Target, log: (line: string) => void) {
  if (target.kind === 'pglite') {
    const runner = await openPgliteRunner(target.dataDir)
    const [row] = await runner.rows<{ count: number }>('select count(*)::int as count from profiles')
    if ((row?.count ?? 0) === 0) {
      log(`Generating the ${target.label} data set in PGlite (${target.dataDir})...`)
      await loadDataset(runner, { profiles: target.profiles, playDates: target.playDates, log })
    }
    return runner
  }
  const url = target.databaseUrl!
  if (await databaseExists(url)) {
    const runner = await openPostgresRunner(url)
    const [row] = await runner.rows<{ count: number }>('select count(*)::int as count from profiles')
    if ((row?.count ?? 0) > 0) return runner
    await runner.close()
  }
  log(`Generating the ${target.label} data set (npm run bench:data)...`)
  await recreateDatabase(url)
  const runner = await openPostgresRunner(url)
  await loadDataset(runner, { profiles: target.profiles, playDates: target.playDates, log })
  return runner
}

const mergeExplains = (lists: ExplainedStatement[][]) => {
  const merged = new Map<string, ExplainedStatement>()
  for (const statement of lists.flat()) {
    const known = merged.get(statement.sql)
    if (!known) merged.set(statement.sql, { ...statement, seqScans: [...statement.seqScans] })
    else {
      known.ms = Math.max(known.ms ?? 0, statement.ms ?? 0)
      for (const scan of statement.seqScans) {
        if (!known.seqScans.some((s) => s.table === scan.table)) known.seqScans.push(scan)
      }
    }
  }
  return [...merged.values()]
}

const fmt = (r: LoadResult) =>
  `p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.rps} req/s` +
  (r.serverCpuUs ? `, ${r.serverCpuUs} µs server CPU/req` : '') +
  (r.clientCpuUs ? `, ${r.clientCpuUs} µs client CPU/req` : '') +
  (r.databaseCpuUs ? `, ${r.databaseCpuUs} µs database CPU/req` : '') +
  (r.errors ? `, ${r.errors} errors` : '')

// One data set: sign in, record and EXPLAIN each endpoint's SQL, then load the API and the same
// SQL at the same concurrency; then the framework floor, the writes and the event fan-out.
export async function runSuite(target: Target, options: SuiteOptions): Promise<DatasetResult> {
  const { log } = options
  let runner: SqlRunner & { client?: unknown } = await ensureDataset(target, log)
  const tables: Record<string, number> = {}
  for (const table of TABLES) {
    const [row] = await runner.rows<{ count: number }>(`select count(*)::int as count from ${table}`)
    tables[table] = row?.count ?? 0
  }
  const [{ started: runStarted } = { started: new Date() }] = await runner.rows<{ started: Date }>(
    'select now() as started',
  )

  const pglite =
    target.kind === 'pglite' ? (runner as Awaited<ReturnType<typeof openPgliteRunner>>) : undefined
  if (pglite) recordPglite(pglite.client)
  const app = await openInProcessApp(
    pglite ? { pglite: pglite.client } : { databaseUrl: target.databaseUrl!, poolSize: options.poolSize },
  )
  const result: DatasetResult = {
    label: target.label,
    kind: target.kind,
    tables,
    reads: [],
    floor: null,
    writes: [],
    fanout: null,
    serverRssMb: null,
  }
  let stopServer: (() => Promise<void>) | undefined
  try {
    const samples = await pickSamples(runner, options.players)
    const signedIn = await signInAll(app, samples)
    log(`${target.label}: ${signedIn.players.length} players and ${signedIn.admins.length} admins signed in`)
    const plans = await probeReads(app, signedIn, options.reads)
    const explains = new Map<string, ExplainedStatement[]>()
    for (const plan of plans) {
      const lists = []
      for (const call of plan.calls.slice(0, 3)) lists.push(await explainSteps(runner, call.steps))
      explains.set(plan.endpoint.key, mergeExplains(lists))
    }

    const writeCalls = options.writes ? await prepareWrites(runner, signedIn, 40_000) : undefined
    const writeExplains = new Map<WriteKey, ExplainedStatement[]>()
    if (writeCalls) {
      for (const write of WRITES) {
        const call = writeCalls[write.key](IN_PROCESS_ORIGIN)
        const cookie = call.headers.cookie
        const { result: response, steps } = await captureSql(() =>
          app.request(call.path, { method: 'POST', cookie, body: JSON.parse(call.body ?? '{}') }),
        )
        if (response.status >= 300)
          throw new Error(`${write.name} answered ${response.status}: ${await response.text()}`)
        writeExplains.set(write.key, await explainSteps(runner, steps))
      }
    }

    const sqlResults = new Map<string, LoadResult>()
    const measureSql = async (plan: ReadPlan, execute: Execute) => {
      const calls = plan.calls.map((c) => c.steps)
      await sqlLoad(execute, calls, { connections: options.connections, seconds: options.warmupSeconds })
      const measured = await sqlLoad(execute, calls, {
        connections: options.connections,
        seconds: options.seconds,
      })
      sqlResults.set(plan.endpoint.key, measured)
      return measured
    }

    // PGlite serves one process: the SQL runs before the server opens the data directory.
    if (pglite) {
      const execute: Execute = (text, values) => pglite.client.query(text, values, { rowMode: 'array' })
      for (const plan of plans) log(`  SQL  ${plan.endpoint.name}: ${fmt(await measureSql(plan, execute))}`)
      await app.close()
      await runner.close()
    } else {
      await app.close()
    }

    const server = await startAppServer({
      databaseUrl: target.kind === 'postgres' ? target.databaseUrl : undefined,
      dataDir: target.dataDir,
      poolSize: options.poolSize,
    })
    stopServer = server.stop
    const base = server.url
    const executor = pglite ? undefined : await openPgExecutor(target.databaseUrl!, options.poolSize)
    try {
      for (const plan of plans) {
        const sql = executor ? await measureSql(plan, executor.execute) : sqlResults.get(plan.endpoint.key)!
        let turn = 0
        const next = () => {
          const call = plan.calls[turn++ % plan.calls.length]!
          return { path: call.path, headers: { cookie: call.cookie } }
        }
        await httpLoad(base, next, { connections: options.connections, seconds: options.warmupSeconds })
        const api = await httpLoad(base, next, {
          connections: options.connections,
          seconds: options.seconds,
          serverPid: server.pid,
        })
        log(`  ${plan.endpoint.name}: API ${fmt(api)} | SQL ${fmt(sql)}`)
        result.reads.push({
          key: plan.endpoint.key,
          name: plan.endpoint.name,
          statements: plan.calls[0]!.steps.flat().length,
          api,
          sql,
          explain: explains.get(plan.endpoint.key) ?? [],
        })
      }
    } finally {
      await executor?.close()
    }
    result.serverRssMb = rssMb(server.pid) ?? null

    if (options.floor) {
      const bare = await startBareServer(await pingResponse(base))
      try {
        const ping = () => ({ path: '/api/ping', headers: {} })
        const load = { connections: options.connections, seconds: options.seconds }
        const warm = { connections: options.connections, seconds: options.warmupSeconds }
        await httpLoad(base, ping, warm)
        await httpLoad(bare.url, ping, warm)
        // Alternate, and keep each side's better run: other work on the machine hits both alike.
        const onApp = { ...load, serverPid: server.pid }
        const onBare = { ...load, serverPid: bare.pid }
        const appRuns = [await httpLoad(base, ping, onApp)]
        const bareRuns = [await httpLoad(bare.url, ping, onBare)]
        appRuns.push(await httpLoad(base, ping, onApp))
        bareRuns.push(await httpLoad(bare.url, ping, onBare))
        const best = (runs: LoadResult[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a))
        result.floor = { app: best(appRuns), bare: best(bareRuns) }
        log(`  GET /api/ping: ${fmt(result.floor.app)} | bare node:http: ${fmt(result.floor.bare)}`)
      } finally {
        await bare.stop()
      }
    }

    if (writeCalls) {
      for (const write of WRITES) {
        const next = () => writeCalls[write.key](base)
        await httpLoad(base, next, { connections: options.connections, seconds: options.warmupSeconds })
        const api = await httpLoad(base, next, {
          connections: options.connections,
          seconds: options.seconds,
          serverPid: server.pid,
        })
        log(`  ${write.name}: API ${fmt(api)}`)
        result.writes.push({
          key: write.key,
          name: write.name,
          api,
          explain: writeExplains.get(write.key) ?? [],
        })
      }
    }

    if (options.fanout && target.kind === 'postgres') {
      const database = await openPostgres(target.databaseUrl!, 4)
      try {
        result.fanout = await measureFanout({
          baseUrl: base,
          serverPid: server.pid,
          runner,
          database,
          clients: options.fanout.clients,
          ratePerSecond: options.fanout.ratePerSecond,
          cookieName: sessionCookieName(true),
        })
        const f = result.fanout
        log(
          `  Fan-out: ${f.connected}/${f.clients} streams, ${f.delivered}/${f.notifications} delivered, ` +
            `p50 ${f.p50} ms, p95 ${f.p95} ms, p99 ${f.p99} ms (from the start of the write: p50 ${f.endToEndP50} ms, p99 ${f.endToEndP99} ms), RSS ${f.rssPeakMb} MB`,
        )
      } finally {
        await database.close()
      }
    }
  } finally {
    await stopServer?.()
    await app.close().catch(() => undefined)
    if (pglite) runner = await openPgliteRunner(target.dataDir)
    await cleanUp(runner, runStarted)
    await runner.close()
  }
  return result
}

// What the run wrote is removed again, so every run starts from the same data set.
async function cleanUp(runner: SqlRunner, since: Date) {
  const at = since.toISOString()
  for (const table of [
    'play_date_requests',
    'play_date_messages',
    'notifications',
    'connections',
    'sessions',
  ]) {
    await runner.rows(`delete from ${table} where created_at >= $1`, [at])
  }
  await runner.exec('analyze connections, notifications, play_date_requests, play_date_messages, sessions')
}
