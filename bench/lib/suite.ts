import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parse } from 'hono/utils/cookie'
import { hashToken, sessionCookieName } from '../../src/server/features/auth'
import { CONNECTION_SETTINGS_SQL, openPostgres } from '../../src/server/db/client'
import { measureFanout } from './fanout'
import { describeFailures } from './markdown'
import { type Execute, httpLoad, type LoadResult, sqlLoad } from './load'
import type { Call, ReadPlan } from './probe'
import {
  pingResponse,
  rssMb,
  type Started,
  startBareReplayServer,
  startBareServer,
  startBareSessionServer,
  startFrameworkServer,
} from './processes'
import { closeDataset, openDataset } from './suite-dataset'
import { better, fmt, httpCalls, measureApi, measureOn, measureSql } from './suite-measure'
import { cpuProfileArgs, type SuiteOptions, type Target } from './suite-options'
import type { DatasetResult, OpenDataset, ReadResult } from './suite-results'
import { measureWrites } from './suite-writes'

// Every read of a data set, mixed call by call (the first call of each read, then the second of
// each, and so on), through its server and, where the direct SQL is measured, through the pool.
async function warmUp(open: OpenDataset, options: SuiteOptions) {
  const seconds = options.warmupSeconds * open.plans.length
  const longest = Math.max(...open.plans.map((plan) => plan.calls.length))
  const mixed = Array.from({ length: longest }, (_, index) =>
    open.plans.flatMap((plan) => (index < plan.calls.length ? [plan.calls[index]!] : [])),
  ).flat()
  const load = { connections: options.connections, seconds }
  await httpLoad(open.server.url, httpCalls(mixed), load)
  if (open.executor)
    await sqlLoad(
      open.executor.execute,
      mixed.map((call) => call.steps),
      load,
    )
}

// Every hot read on every data set, read by read: the data sets take turns, and each read is
// measured twice on each, in one order and then in the reverse order, keeping the better of the
// two. A busy moment on the shared machine then hits each data set and each side (API and direct
// SQL) alike, instead of whichever data set happened to be measured at the time, so the ratios
// the targets set (API to SQL, 100k to 10k) compare like with like.
async function measureReads(opened: OpenDataset[], options: SuiteOptions) {
  const { log } = options
  const keys = opened[0]!.plans.map((plan) => plan.endpoint.key)
  // Before the first measurement, each data set serves all of its reads for a while: the server's
  // compiled code and PostgreSQL's caches are then as warm for the first read as for the last.
  // Without it the first read or two came out slower on whichever data set had just started or
  // just had indexes built, and missed the scale curve.
  for (const open of opened) {
    log(`  warming up ${open.target.label}...`)
    await warmUp(open, options)
  }
  const least = await startLeastReplay(opened[0]!, options)
  try {
    for (const key of keys) await measureRead(opened, key, least, options)
  } finally {
    await least?.server.stop()
    if (least) rmSync(least.dir, { recursive: true, force: true })
  }
  for (const open of opened) open.result.serverRssMb = rssMb(open.server.pid) ?? null
}

type LeastReplay = { open: OpenDataset; server: Started; dir: string }

// The least server for every hot read of the main data set, on PostgreSQL (where the direct SQL
// is measured too): it must answer every call the app answers.
async function startLeastReplay(open: OpenDataset, options: SuiteOptions): Promise<LeastReplay | null> {
  if (!open.executor || open.target.kind !== 'postgres') return null
  const dir = mkdtempSync(path.join(tmpdir(), 'pm-least-'))
  const callsFile = path.join(dir, 'calls.json')
  writeFileSync(callsFile, JSON.stringify(open.plans.flatMap((plan) => plan.calls)))
  const server = await startBareReplayServer({
    headers: (await pingResponse(open.server.url)).headers,
    databaseUrl: open.target.databaseUrl!,
    poolSize: options.poolSize,
    connectionSql: CONNECTION_SETTINGS_SQL,
    callsFile,
    ...(options.cpuProfileDir
      ? { nodeArgs: cpuProfileArgs(options.cpuProfileDir, `least-${open.target.label}`) }
      : {}),
  })
  try {
    for (const plan of open.plans) {
      for (const call of plan.calls.slice(0, 3)) {
        const response = await fetch(`${server.url}${call.path}`, { headers: { cookie: call.cookie } })
        if (!response.ok)
          throw new Error(
            `the least server answered ${plan.endpoint.name} with ${response.status}: ${await response.text()}`,
          )
      }
    }
  } catch (error) {
    await server.stop()
    throw error
  }
  return { open, server, dir }
}

const measureLeast = (least: LeastReplay, plan: ReadPlan, options: SuiteOptions, warm: boolean) =>
  measureOn('least', least.server, least.open.target.label, plan, options, warm)

async function measureRead(
  opened: OpenDataset[],
  key: string,
  least: LeastReplay | null,
  options: SuiteOptions,
) {
  const { log } = options
  const best = new Map<OpenDataset, { api?: LoadResult; sql?: LoadResult; least?: LoadResult }>()
  for (const [pass, order] of [opened, [...opened].reverse()].entries()) {
    for (const open of order) {
      const plan = open.plans.find((p) => p.endpoint.key === key)
      if (!plan) continue
      const kept = best.get(open) ?? {}
      if (open.executor)
        kept.sql = better(kept.sql, await measureSql(plan, open.executor.execute, options, pass === 0))
      kept.api = better(kept.api, await measureApi(open, plan, options, pass === 0))
      if (least?.open === open)
        kept.least = better(kept.least, await measureLeast(least, plan, options, pass === 0))
      best.set(open, kept)
    }
  }
  for (const [open, kept] of best) {
    const plan = open.plans.find((p) => p.endpoint.key === key)!
    const read: ReadResult = {
      key,
      name: plan.endpoint.name,
      statements: plan.calls[0]!.steps.flat().length,
      api: kept.api!,
      sql: kept.sql ?? open.sqlResults.get(key) ?? null,
      least: kept.least ?? null,
      explain: open.explains.get(key) ?? [],
    }
    open.result.reads.push(read)
    log(
      `  ${open.target.label} ${read.name}: API ${fmt(read.api)}` +
        (read.least ? ` | least server ${fmt(read.least)}` : '') +
        (read.sql ? ` | SQL ${fmt(read.sql)}` : ''),
    )
  }
}

// The main data set's other measurements: the framework floor, the writes and the event fan-out.
async function measureMain(open: OpenDataset, options: SuiteOptions) {
  const { log } = options
  const { result, server, target } = open
  const base = server.url
  if (options.floor) {
    const response = await pingResponse(base)
    const bare = await startBareServer(response)
    const framework = await startFrameworkServer(response)
    try {
      const ping = [{ path: '/api/ping', headers: {} }]
      const load = { connections: options.connections, seconds: options.seconds }
      const warm = { connections: options.connections, seconds: options.warmupSeconds }
      const sides = [
        { url: base, pid: server.pid, runs: [] as LoadResult[] },
        { url: framework.url, pid: framework.pid, runs: [] as LoadResult[] },
        { url: bare.url, pid: bare.pid, runs: [] as LoadResult[] },
      ]
      for (const side of sides) await httpLoad(side.url, ping, warm)
      // In turns, twice, each side keeping its better run: other work on the machine hits all
      // three alike.
      for (let round = 0; round < 2; round++)
        for (const side of sides)
          side.runs.push(await httpLoad(side.url, ping, { ...load, serverPid: side.pid }))
      const best = (runs: LoadResult[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a))
      const [app, alone, node] = sides.map((side) => best(side.runs)) as [LoadResult, LoadResult, LoadResult]
      result.floor = { app, framework: alone, bare: node }
      log(`  GET /api/ping: ${fmt(app)} | Hono alone: ${fmt(alone)} | bare node:http: ${fmt(node)}`)
    } finally {
      await framework.stop()
      await bare.stop()
    }
  }

  const session = open.plans.find((plan) => plan.endpoint.key === 'session')
  if (options.floor && session && open.executor) {
    result.leastServer = await measureLeastServer(open, session, open.executor.execute, options)
    const least = result.leastServer
    log(`  Session read: app ${fmt(least.app)} | node:http + pg ${fmt(least.bare)} | SQL ${fmt(least.sql)}`)
  }

  await measureWrites(open, options, true)

  if (options.fanout && target.kind === 'postgres') {
    const database = await openPostgres(target.databaseUrl!, 4)
    try {
      result.fanout = await measureFanout({
        baseUrl: base,
        serverPid: server.pid,
        runner: open.runner!,
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
      if (f.connected < f.clients)
        log(`  Fan-out streams that did not open: ${describeFailures(f.openFailures)}`)
    } finally {
      await database.close()
    }
  }
}

// The session read on the app, on the least server that can answer it and as direct SQL, in
// turns, twice, each keeping its better run.
async function measureLeastServer(
  open: OpenDataset,
  session: ReadPlan,
  execute: Execute,
  options: SuiteOptions,
) {
  const bare = await startLeastServer(open.server.url, session, {
    databaseUrl: open.target.databaseUrl!,
    poolSize: options.poolSize,
  })
  try {
    await checkLeastServer(open.server.url, bare.url, session.calls)
    const calls = httpCalls(session.calls)
    const load = { connections: options.connections, seconds: options.seconds }
    const warm = { connections: options.connections, seconds: options.warmupSeconds }
    await httpLoad(bare.url, calls, warm)
    let kept: { app?: LoadResult; bare?: LoadResult; sql?: LoadResult } = {}
    for (let pass = 0; pass < 2; pass++) {
      kept = {
        app: better(kept.app, await measureApi(open, session, options, false)),
        bare: better(kept.bare, await httpLoad(bare.url, calls, { ...load, serverPid: bare.pid })),
        sql: better(kept.sql, await measureSql(session, execute, options, false)),
      }
    }
    return { app: kept.app!, bare: kept.bare!, sql: kept.sql! }
  } finally {
    await bare.stop()
  }
}

// The least server for the session read, on the app's statement and the values it sent.
export async function startLeastServer(
  appUrl: string,
  session: ReadPlan,
  database: { databaseUrl: string; poolSize: number },
) {
  const [first] = session.calls
  const statements = first!.steps.flat()
  if (statements.length !== 1) throw new Error(`the session read ran ${statements.length} statements, not 1`)
  const cookieName = sessionCookieName(true)
  // Read as the app reads it (hono's cookie parser), so its hash is the one the app sent.
  const token = parse(first!.cookie, cookieName)[cookieName] ?? ''
  const statement = statements[0]!
  const tokenHashIndex = statement.values.indexOf(hashToken(token))
  if (tokenHashIndex < 0) throw new Error('the session statement was not sent the hash of the session token')
  return startBareSessionServer({
    ...database,
    headers: (await pingResponse(appUrl)).headers,
    connectionSql: CONNECTION_SETTINGS_SQL,
    statement,
    tokenHashIndex,
    cookieName,
  })
}

// The least server must answer each player with the player the app answers with.
export async function checkLeastServer(appUrl: string, bareUrl: string, calls: Call[]) {
  const userOf = async (url: string, call: Call) => {
    const response = await fetch(`${url}${call.path}`, { headers: { cookie: call.cookie } })
    const body = (await response.json()) as { user?: { id?: string } | null }
    return response.ok ? body.user?.id : undefined
  }
  for (const call of calls.slice(0, 3)) {
    const [app, bare] = [await userOf(appUrl, call), await userOf(bareUrl, call)]
    if (!app || app !== bare)
      throw new Error(`the session of ${app ?? 'nobody'} was answered with ${bare ?? 'nobody'}`)
  }
}

// The whole run: every data set opened (each with its own server), the hot reads measured on all
// of them in turns, then the main data set's floor, writes and fan-out. Writes run on the main
// data set, and on the PGlite data set with the PostgreSQL one of its size it is measured beside
// (`beside`); the others stay as generated.
export async function runSuites(
  main: Target,
  others: Target[],
  options: SuiteOptions,
  beside: Target | null = null,
): Promise<DatasetResult[]> {
  const besidePostgres = beside
    ? [main, ...others].find((other) => other.kind === 'postgres' && other.profiles === beside.profiles)
    : undefined
  const opened: OpenDataset[] = []
  try {
    for (const [index, target] of [main, ...others, ...(beside ? [beside] : [])].entries()) {
      const role = index === 0 ? 'Main data set' : target === beside ? 'Beside PostgreSQL' : 'Scale curve'
      options.log(`${role}: ${target.label} on ${target.kind}`)
      const writes = options.writes && (index === 0 || target === beside || target === besidePostgres)
      opened.push(await openDataset(target, { ...options, writes, sql: index === 0 }))
    }
    options.log('Hot reads, the data sets in turns:')
    await measureReads(opened, options)
    await measureMain(opened[0]!, options)
    for (const open of opened.slice(1)) await measureWrites(open, options)
    return opened.map((open) => open.result)
  } finally {
    for (const open of opened) await closeDataset(open)
  }
}
