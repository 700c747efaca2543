// The whole run of the suite (runSuites) over its data sets, and the main data set's measurements
// besides its reads: the framework floor, the session read on the least server, the writes and
// the event fan-out. The parts are in suite-dataset.ts, suite-reads.ts, suite-least.ts and
// suite-writes.ts; what they share in suite-measure.ts, suite-options.ts and suite-results.ts.
import { sessionCookieName } from '../../src/server/features/auth'
import { openPostgres } from '../../src/server/db/client'
import { measureFanout } from './fanout'
import { describeFailures } from './markdown'
import { httpLoad, type LoadResult } from './load'
import { pingResponse, startBareServer, startFrameworkServer } from './processes'
import { closeDataset, openDataset } from './suite-dataset'
import { measureLeastServer } from './suite-least'
import { fmt } from './suite-measure'
import type { SuiteOptions, Target } from './suite-options'
import { measureReads } from './suite-reads'
import type { DatasetResult, OpenDataset } from './suite-results'
import { measureWrites } from './suite-writes'

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
