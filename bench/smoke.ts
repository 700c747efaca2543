// npm run bench:smoke [-- --database-url postgres://...]: the benchmark's machinery on a tiny data
// set in seconds, so it never rots: generate, sign in, call every hot endpoint, EXPLAIN each
// statement with sequential scans disabled (one that remains has no index to use), and on
// PostgreSQL load a few endpoints of the built server with wrk for a second each. Runs on PGlite,
// and on PostgreSQL too with --database-url or TEST_DATABASE_URL (a throwaway database there).
import { parseArgs } from 'node:util'
import pg from 'pg'
import { loadDataset } from './dataset/load'
import { captureSql } from './lib/capture'
import type { Database } from '../src/server/db/client'
import { openEmbeddedRunner, openPostgresRunner, recreateDatabase, type SqlRunner } from './lib/databases'
import { READS, WRITES } from './lib/endpoints'
import { explainSteps } from './lib/explain'
import { IN_PROCESS_ORIGIN, openInProcessApp } from './lib/in-process'
import { type HttpCall, httpLoad } from './lib/load'
import { probeReads, signInAll } from './lib/probe'
import { pingResponse, startAppServer, startBareServer, startFrameworkServer } from './lib/processes'
import { pickSamples } from './lib/samples'
import { checkLeastServer, startLeastServer } from './lib/suite-least'
import { httpCalls } from './lib/suite-measure'
import { runStep } from './lib/mix-load'
import { prepareMixData, undoStep } from './lib/mix-players'
import { sessionCookieName } from '../src/server/features/auth'
import { prepareWrites } from './lib/writes'

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    profiles: { type: 'string', default: '1000' },
  },
})

const started = performance.now()
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`
const profiles = Number(values.profiles)
const problems: string[] = []

// PGlite always; PostgreSQL too when a server is given (or the test suite's TEST_DATABASE_URL).
const serverUrl = values['database-url'] ?? process.env.TEST_DATABASE_URL
for (const kind of serverUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
  await smoke(kind)
}

async function smoke(kind: 'pglite' | 'postgres') {
  let runner: SqlRunner & { database?: Database }
  let dropDatabase: (() => Promise<void>) | undefined
  let smokeUrl = ''
  if (kind === 'postgres' && serverUrl) {
    // A throwaway database on the same server.
    const parsed = new URL(serverUrl)
    parsed.pathname = `/pm_bench_smoke_${process.pid}`
    smokeUrl = parsed.toString()
    await recreateDatabase(smokeUrl)
    runner = await openPostgresRunner(smokeUrl)
    dropDatabase = async () => {
      const admin = new URL(smokeUrl)
      admin.pathname = '/postgres'
      const client = new pg.Client({ connectionString: admin.toString() })
      await client.connect()
      await client.query(`drop database if exists "pm_bench_smoke_${process.pid}" with (force)`)
      await client.end()
    }
    console.log(`Smoke benchmark on PostgreSQL (pm_bench_smoke_${process.pid})`)
  } else {
    runner = await openEmbeddedRunner()
    console.log('Smoke benchmark on PGlite (in memory)')
  }
  const report = (line: string) => problems.push(`${kind}: ${line}`)

  const app = await openInProcessApp(
    runner.database ? { database: runner.database } : { databaseUrl: smokeUrl, poolSize: 4 },
  )
  try {
    await loadDataset(runner, { profiles, playDates: profiles * 2 })
    console.log(`  data set: ${profiles} players, ${profiles * 2} PlayDates (${seconds()})`)
    for (const problem of await datasetProblems(runner)) report(`data set: ${problem}`)
    const signedIn = await signInAll(app, await pickSamples(runner, 3))

    const plans = await probeReads(app, signedIn, READS)
    for (const plan of plans) {
      const explained = await explainSteps(runner, plan.calls[0]!.steps, { strict: true })
      const scans = explained.flatMap((e) => e.seqScans.map((s) => `${s.table} in ${e.sql.slice(0, 100)}`))
      for (const scan of scans) report(`${plan.endpoint.name}: sequential scan of ${scan}`)
      console.log(
        `  ${scans.length ? 'SEQ SCAN' : 'ok      '} ${plan.endpoint.name} (${explained.length} statements)`,
      )
    }

    const writes = await prepareWrites(runner, signedIn, 50)
    for (const write of WRITES) {
      for (let round = 0; round < 2; round++) {
        const call = writes[write.key](IN_PROCESS_ORIGIN)
        const { result, steps } = await captureSql(() =>
          app.request(call.path, {
            method: 'POST',
            cookie: call.headers.cookie,
            body: JSON.parse(call.body ?? '{}'),
          }),
        )
        if (result.status >= 300) report(`${write.name} answered ${result.status}: ${await result.text()}`)
        if (round > 0) continue
        const explained = await explainSteps(runner, steps, { strict: true })
        const scans = explained.flatMap((e) => e.seqScans.map((s) => `${s.table} in ${e.sql.slice(0, 100)}`))
        for (const scan of scans) report(`${write.name}: sequential scan of ${scan}`)
        console.log(
          `  ${scans.length ? 'SEQ SCAN' : 'ok      '} ${write.name} (${explained.length} statements)`,
        )
      }
    }

    const ping = await app.request('/api/ping')
    if (ping.status !== 200) report(`GET /api/ping answered ${ping.status}`)

    // The load generator against the built server (PostgreSQL only: the PGlite data set lives in
    // this process): a second of two reads and of a write, every answer a success.
    if (kind === 'postgres') {
      const server = await startAppServer({ databaseUrl: smokeUrl, poolSize: 4 })
      try {
        const load = { connections: 4, seconds: 1, serverPid: server.pid }
        const runs: Array<[string, HttpCall[]]> = [
          ...plans
            .filter((plan) => ['session', 'play-dates-available'].includes(plan.endpoint.key))
            .map((plan): [string, HttpCall[]] => [plan.endpoint.name, httpCalls(plan.calls)]),
          ['Send a chat message', Array.from({ length: 2000 }, () => writes['chat-message'](server.url))],
        ]
        for (const [name, calls] of runs) {
          let result = await httpLoad(server.url, calls, load)
          // On a busy machine a second can end before the first answer: one longer try then.
          if (result.requests === 0) result = await httpLoad(server.url, calls, { ...load, seconds: 5 })
          const fine = result.requests > 0 && result.errors === 0 && Number.isFinite(result.p50)
          if (!fine) report(`${name} over HTTP: ${result.requests} answered, ${result.errors} errors`)
          console.log(
            `  ${fine ? 'ok      ' : 'FAILED  '} ${name} over HTTP (wrk: ${result.requests} requests)`,
          )
        }
        // The mixed workload (bench/lib/mix.ts): a few players with their event streams, every
        // kind of action for a few seconds, every answer a success or a 409.
        const since = new Date().toISOString()
        // Sessions for every player, so the creators of open PlayDates can accept applications.
        const data = await prepareMixData(runner, profiles, sessionCookieName(true))
        const mix = await runStep({
          instances: [{ url: server.url, pid: server.pid }],
          data,
          players: 30,
          thinkSeconds: 0.5,
          warmupSeconds: 1,
          seconds: 2,
        })
        await undoStep(runner, since, data.snapshot)
        const kinds = Object.keys(mix.byKind).length
        const mixFine = mix.requests > 0 && mix.errors === 0 && mix.streams.opened === 30 && kinds >= 9
        if (!mixFine)
          report(
            `the mix: ${mix.requests} requests of ${kinds} kinds, ${mix.errors} errors, ` +
              `${mix.streams.opened}/30 streams (${mix.errorSamples.join('; ')})`,
          )
        console.log(
          `  ${mixFine ? 'ok      ' : 'FAILED  '} the mix, 30 players with their streams (${mix.requests} requests of ${kinds} kinds)`,
        )
        // The least server for the session read answers each player as the app does.
        const session = plans.find((plan) => plan.endpoint.key === 'session')!
        const least = await startLeastServer(server.url, session, { databaseUrl: smokeUrl, poolSize: 4 })
        try {
          await checkLeastServer(server.url, least.url, session.calls)
          const result = await httpLoad(least.url, httpCalls(session.calls), {
            ...load,
            serverPid: least.pid,
          })
          const fine = result.requests > 0 && result.errors === 0
          if (!fine) report(`node:http + pg: ${result.requests} answered, ${result.errors} errors`)
          console.log(
            `  ${fine ? 'ok      ' : 'FAILED  '} node:http + pg, the session read (wrk: ${result.requests} requests)`,
          )
        } catch (error) {
          report(`node:http + pg: ${(error as Error).message}`)
        } finally {
          await least.stop()
        }
        // The floor's two other servers answer the ping with the app's body and headers.
        const response = await pingResponse(server.url)
        for (const [name, start] of [
          ['Hono alone', startFrameworkServer],
          ['bare node:http', startBareServer],
        ] as const) {
          const other = await start(response)
          try {
            const answer = await pingResponse(other.url)
            const same =
              answer.body === response.body &&
              JSON.stringify(answer.headers) === JSON.stringify(response.headers)
            if (!same) report(`${name}: the ping differs from the app's: ${JSON.stringify(answer)}`)
            const result = await httpLoad(other.url, [{ path: '/api/ping', headers: {} }], {
              ...load,
              serverPid: other.pid,
            })
            const fine = same && result.requests > 0 && result.errors === 0
            if (result.requests === 0 || result.errors > 0)
              report(`${name}: ${result.requests} answered, ${result.errors} errors`)
            console.log(
              `  ${fine ? 'ok      ' : 'FAILED  '} ${name}, the ping (wrk: ${result.requests} requests)`,
            )
          } finally {
            await other.stop()
          }
        }
      } finally {
        await server.stop()
      }
    }
  } finally {
    await app.close()
    await runner.close()
    await dropDatabase?.()
  }
}

if (problems.length) {
  console.error(`\nbench:smoke failed (${seconds()}):\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  process.exit(1)
}
console.log(`bench:smoke passed in ${seconds()}`)

// What the generated data must hold: nothing dated later than now (a benchmark run removes what
// was created after it started), and one accepted application for each matched or played PlayDate.
async function datasetProblems(runner: SqlRunner) {
  const DATED: Array<[table: string, columns: string[]]> = [
    ['profiles', ['created_at', 'updated_at']],
    ['connections', ['created_at', 'updated_at']],
    ['play_dates', ['created_at', 'updated_at']],
    ['play_date_requests', ['created_at', 'updated_at']],
    ['play_date_messages', ['created_at']],
    ['notifications', ['created_at']],
  ]
  const checks: Array<[string, string]> = [
    ...DATED.map(([table, columns]): [string, string] => [
      `${table} dated later than now`,
      `select count(*)::int as count from ${table} where ${columns.map((c) => `${c} > now()`).join(' or ')}`,
    ]),
    [
      'matched or played PlayDates without exactly one accepted application',
      `select count(*)::int as count from play_dates d where d.status in ('matched', 'completed')
         and (select count(*) from play_date_requests r where r.play_date_id = d.id and r.status = 'accepted') <> 1`,
    ],
  ]
  const problems: string[] = []
  for (const [name, query] of checks) {
    const [row] = await runner.rows<{ count: number }>(query)
    if (row?.count) problems.push(`${row.count} ${name}`)
  }
  return problems
}
