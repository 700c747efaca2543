// The data sets the suite measures: each generated when it is missing, opened for measuring (its
// reads planned and EXPLAINed, its server started) and closed again, with what the run wrote
// removed, so every run starts from the same data set.
import type { Database } from '../../src/server/db/client'
import { fillHomeAreas, loadDataset } from '../dataset/load'
import { DESCRIBED_TABLES } from '../dataset/tables'
import { captureSql } from './capture'
import {
  databaseExists,
  openEmbeddedRunner,
  openPgliteRunner,
  poolOf,
  openPostgresRunner,
  recreateDatabase,
  type SqlRunner,
} from './databases'
import { WRITES, type WriteKey } from './endpoints'
import { type ExplainedStatement, explainSteps } from './explain'
import { IN_PROCESS_ORIGIN, openInProcessApp } from './in-process'
import { type Execute, type LoadResult, openPgExecutor } from './load'
import { probeReads, signInAll } from './probe'
import { startAppServer } from './processes'
import { pickSamples } from './samples'
import { fmt, measureSql } from './suite-measure'
import { cpuProfileArgs, type SuiteOptions, type Target } from './suite-options'
import type { DatasetResult, OpenDataset } from './suite-results'
import { WRITE_SWEEP_CONNECTIONS, WRITES_PER_SECOND_BOUND } from './suite-writes'
import { prepareWrites } from './writes'

// The data set of a target, generated first when it is missing; a runner open on it.
// On PGlite the runner is the embedded database as the server opens it (`database`).
export async function ensureDataset(
  target: Target,
  log: (line: string) => void,
  poolSize?: number,
): Promise<SqlRunner & { database?: Database }> {
  if (target.kind === 'pglite') {
    const loader = await openPgliteRunner(target.dataDir)
    const [row] = await loader.rows<{ count: number }>('select count(*)::int as count from profiles')
    if ((row?.count ?? 0) === 0) {
      log(`Generating the ${target.label} data set in PGlite (${target.dataDir})...`)
      await loadDataset(loader, { profiles: target.profiles, playDates: target.playDates, log })
    } else await fillMissingHomeAreas(loader, log)
    await loader.close()
    return openEmbeddedRunner(target.dataDir, poolSize)
  }
  const url = target.databaseUrl!
  if (await databaseExists(url)) {
    const runner = await openPostgresRunner(url)
    const [row] = await runner.rows<{ count: number }>('select count(*)::int as count from profiles')
    if ((row?.count ?? 0) > 0) {
      await fillMissingHomeAreas(runner, log)
      return runner
    }
    await runner.close()
  }
  log(`Generating the ${target.label} data set (npm run bench:data)...`)
  await recreateDatabase(url)
  const runner = await openPostgresRunner(url)
  await loadDataset(runner, { profiles: target.profiles, playDates: target.playDates, log })
  return runner
}

// A data set made before its players had home areas gets them (dataset/load.ts, fillHomeAreas).
async function fillMissingHomeAreas(runner: SqlRunner, log: (line: string) => void) {
  const filled = await fillHomeAreas(runner)
  if (filled > 0) {
    log(`  home areas given to ${filled.toLocaleString('en-US')} players of the data set`)
    await runner.exec('vacuum analyze profiles')
  }
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

// Opens a data set for measuring: sign in, record and EXPLAIN each endpoint's SQL (and the
// writes' SQL, when asked), then start the built server on it. PGlite serves one process, so
// its direct SQL is measured here, before the server opens the data directory.
export async function openDataset(
  target: Target,
  options: SuiteOptions & { writes: boolean; sql: boolean },
): Promise<OpenDataset> {
  const { log } = options
  const runner = await ensureDataset(target, log, options.poolSize)
  const tables: Record<string, number> = {}
  for (const table of DESCRIBED_TABLES) {
    const [row] = await runner.rows<{ count: number }>(`select count(*)::int as count from ${table}`)
    tables[table] = row?.count ?? 0
  }
  const [{ started: runStarted } = { started: new Date() }] = await runner.rows<{ started: Date }>(
    'select now() as started',
  )

  const pglite = runner.database
  const app = await openInProcessApp(
    pglite ? { database: pglite } : { databaseUrl: target.databaseUrl!, poolSize: options.poolSize },
  )
  const result: DatasetResult = {
    label: target.label,
    kind: target.kind,
    tables,
    reads: [],
    floor: null,
    leastServer: null,
    writes: [],
    fanout: null,
    serverRssMb: null,
  }
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

    const writeCalls = options.writes
      ? await prepareWrites(
          runner,
          signedIn,
          // The main data set's writes also run at fewer connections (measureMain).
          (options.sql ? 1 + WRITE_SWEEP_CONNECTIONS.length : 1) *
            (options.warmupSeconds + options.seconds) *
            WRITES_PER_SECOND_BOUND,
        )
      : undefined
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
    if (pglite && options.sql) {
      // As the app runs them: named statements on the app's pool.
      const pool = poolOf(pglite)
      const execute: Execute = (text, values) => pool.query({ text, values, rowMode: 'array' })
      for (const plan of plans) {
        const measured = await measureSql(plan, execute, options)
        sqlResults.set(plan.endpoint.key, measured)
        log(`  SQL  ${plan.endpoint.name}: ${fmt(measured)}`)
      }
      await app.close()
      await runner.close()
    } else {
      await app.close()
      // The server opens the data directory next: PGlite serves one process.
      if (pglite) await runner.close()
    }

    const server = await startAppServer({
      databaseUrl: target.kind === 'postgres' ? target.databaseUrl : undefined,
      dataDir: target.dataDir,
      poolSize: options.poolSize,
      ...(options.cpuProfileDir
        ? { nodeArgs: cpuProfileArgs(options.cpuProfileDir, `app-${target.label}`) }
        : {}),
    })
    const executor =
      pglite || !options.sql ? undefined : await openPgExecutor(target.databaseUrl!, options.poolSize)
    return {
      target,
      result,
      runner: pglite ? undefined : runner,
      runStarted,
      plans,
      explains,
      server,
      executor,
      sqlResults,
      signedIn,
      writeCalls,
      writeExplains,
    }
  } catch (error) {
    await app.close().catch(() => undefined)
    if (!pglite) {
      await cleanUp(runner, runStarted).catch(() => undefined)
      await runner.close().catch(() => undefined)
    }
    throw error
  }
}

export async function closeDataset(open: OpenDataset) {
  await open.executor?.close().catch(() => undefined)
  await open.server.stop()
  const runner = open.runner ?? (await openPgliteRunner(open.target.dataDir))
  await cleanUp(runner, open.runStarted)
  await runner.close()
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
  // Vacuumed now, so the deleted rows do not wake autovacuum in the middle of the next run.
  await runner.exec(
    'vacuum analyze connections, notifications, play_date_requests, play_date_messages, sessions',
  )
}
