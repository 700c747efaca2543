import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { datasetSteps } from '../dataset/dataset'
import { fillHomeAreas } from '../dataset/load'
import { hashToken, sessionCookieName } from '../../src/server/features/auth'
import {
  databaseNameOf,
  databaseUrlFor,
  openPgliteRunner,
  openPostgresRunner,
  recreateDatabase,
  type SqlRunner,
} from './databases'
import { cpuMs, postgresCpu, postgresCpuSince, rssMb, startAppServer } from './processes'
import { RESULTS_DIR } from './report'

// Idle players cost nothing (issue 58, docs/decisions/0161): N signed-in players each hold an
// event stream and do nothing else for a while; the server's CPU over that while (% of one core,
// from /proc) and its memory. On a database of its own with only players and their sessions, so
// that what is measured is the streams: a fresh PGlite directory, or pm_bench_streams on the
// local PostgreSQL server.

export const IDLE_STREAMS_TARGETS = { cpuPercent: 5, rssMb: 500 } as const

export type IdleStreamsConfig = 'pglite' | 'postgres'

export interface IdleStreamsResult {
  config: IdleStreamsConfig
  streams: number
  opened: number
  // Streams that ended during the idle window (none should).
  dropped: number
  openSeconds: number
  idleSeconds: number
  // Server process CPU over the idle window, % of one core, and per stream per minute.
  cpuPercent: number
  // The same, in each SLICE_SECONDS of the window, in order: the garbage collections that follow
  // the opening show as a few busy slices among quiet ones.
  cpuSlices: number[]
  cpuMsPerStreamMinute: number
  // The PostgreSQL backends of the bench database, % of one core (PostgreSQL only).
  postgresCpuPercent: number | null
  // Comment lines (heartbeats) the clients received during the window.
  heartbeats: number
  rssBeforeMb: number | null
  rssOpenMb: number | null
  rssEndMb: number | null
  rssPeakMb: number | null
}

const SLICE_SECONDS = 5
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// Players and one session each, straight in the database (signing thousands in would measure
// argon2): the data set's players, a few more than asked since some of them are paused.
async function createPlayers(runner: SqlRunner, count: number) {
  const [profilesStep] = datasetSteps({
    profiles: Math.ceil(count * 1.01) + 10,
    playDates: 0,
    passwordHash: 'x',
  })
  await runner.exec('set session_replication_role = replica')
  await runner.exec(profilesStep!.sql)
  await runner.exec('set session_replication_role = origin')
  // As sign-up sets them: the server's one-time backfill then has no one to work on.
  await fillHomeAreas(runner)
  const players = await runner.rows<{ id: string }>(
    'select id from profiles where not is_paused order by id limit $1',
    [count],
  )
  const tokens = players.map(() => randomBytes(32).toString('base64url'))
  for (let start = 0; start < players.length; start += 1000) {
    await runner.rows(
      `insert into sessions (token_hash, profile_id, expires_at, user_agent)
       select hash, profile_id, now() + interval '7 days', 'bench idle streams'
       from unnest($1::text[], $2::uuid[]) as s(hash, profile_id)`,
      [
        tokens.slice(start, start + 1000).map(hashToken),
        players.slice(start, start + 1000).map((player) => player.id),
      ],
    )
  }
  return tokens
}

interface OpenStreams {
  opened: number
  dropped: () => number
  heartbeats: () => number
  close: () => void
}

// One connection per player, opened in bursts; resolves once every stream has said 'ready' (or
// failed).
async function openStreams(baseUrl: string, tokens: string[], log: (line: string) => void) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity })
  const cookie = sessionCookieName(true)
  const requests: http.ClientRequest[] = []
  const counts = { heartbeats: 0, dropped: 0 }
  let closing = false
  const problems = new Set<string>()
  const open = (token: string) =>
    new Promise<boolean>((resolve) => {
      let isReady = false
      const fail = (reason: string) => {
        if (closing) return
        if (isReady) counts.dropped += 1
        else if (problems.size < 5) problems.add(reason)
        resolve(false)
      }
      const request = http.get(
        `${baseUrl}/api/events`,
        { agent, headers: { cookie: `${cookie}=${token}`, accept: 'text/event-stream' } },
        (response) => {
          if (response.statusCode !== 200) {
            fail(`answered ${response.statusCode}`)
            response.resume()
            return
          }
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => {
            if (!isReady && chunk.includes('"ready"')) {
              isReady = true
              resolve(true)
            }
            counts.heartbeats += chunk.split(': heartbeat').length - 1
          })
          response.on('end', () => fail('ended'))
        },
      )
      request.on('error', (error) => fail(error.message))
      requests.push(request)
    })
  const started = performance.now()
  // Opened in bursts, each once the one before is open, as players arrive.
  const settled: boolean[] = []
  for (let start = 0; start < tokens.length; start += 250) {
    settled.push(...(await Promise.all(tokens.slice(start, start + 250).map(open))))
    if (start % 2000 === 0) log(`    ${settled.length} streams open`)
  }
  for (const problem of problems) log(`    stream failed: ${problem}`)
  return {
    openSeconds: round((performance.now() - started) / 1000),
    streams: {
      opened: settled.filter(Boolean).length,
      dropped: () => counts.dropped,
      heartbeats: () => counts.heartbeats,
      close: () => {
        closing = true
        for (const request of requests) request.destroy()
        agent.destroy()
      },
    } satisfies OpenStreams,
  }
}

export async function measureIdleStreams(options: {
  config: IdleStreamsConfig
  streams: number
  seconds: number
  databaseUrl?: string | undefined
  // More flags for node (a V8 setting to compare, say).
  nodeArgs?: string[] | undefined
  log: (line: string) => void
}): Promise<IdleStreamsResult> {
  const { config, log } = options
  log(`Idle streams on ${config}: ${options.streams.toLocaleString('en-US')} players`)
  const dataDir = config === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'pm-bench-streams-')) : undefined
  const databaseUrl = config === 'postgres' ? (options.databaseUrl ?? databaseUrlFor('streams')) : undefined
  if (databaseUrl) await recreateDatabase(databaseUrl)
  const runner = dataDir ? await openPgliteRunner(dataDir) : await openPostgresRunner(databaseUrl!)
  let tokens: string[]
  try {
    tokens = await createPlayers(runner, options.streams)
  } finally {
    // The server owns a PGlite directory alone.
    await runner.close()
  }
  const server = await startAppServer({ dataDir, databaseUrl, logLevel: 'warn', nodeArgs: options.nodeArgs })
  let streams: OpenStreams | undefined
  try {
    const rssBefore = rssMb(server.pid) ?? null
    const opening = await openStreams(server.url, tokens, log)
    streams = opening.streams
    log(`    ${streams.opened} streams open in ${opening.openSeconds} s; settling`)
    if (streams.opened < tokens.length) log(`    the server's last words:\n${server.output().slice(-4000)}`)
    await sleep(5000)
    const rssOpen = rssMb(server.pid) ?? null
    const database = databaseUrl ? databaseNameOf(databaseUrl) : undefined
    const postgresBefore = database ? postgresCpu(database) : undefined
    const cpuBefore = cpuMs(server.pid) ?? 0
    const heartbeatsBefore = streams.heartbeats()
    const droppedBefore = streams.dropped()
    let rssPeak = rssOpen ?? 0
    const cpuSlices: number[] = []
    let slice = { at: performance.now(), cpu: cpuBefore }
    const started = performance.now()
    while (performance.now() - started < options.seconds * 1000) {
      await sleep(1000)
      rssPeak = Math.max(rssPeak, rssMb(server.pid) ?? 0)
      const now = performance.now()
      if (now - slice.at >= SLICE_SECONDS * 1000 - 50) {
        const cpu = cpuMs(server.pid) ?? slice.cpu
        cpuSlices.push(round(((cpu - slice.cpu) / (now - slice.at)) * 100, 1))
        slice = { at: now, cpu }
      }
    }
    const elapsedMs = performance.now() - started
    const cpu = (cpuMs(server.pid) ?? 0) - cpuBefore
    const postgresMs = database ? postgresCpuSince(postgresBefore, database) : undefined
    const result: IdleStreamsResult = {
      config,
      streams: options.streams,
      opened: streams.opened,
      dropped: streams.dropped() - droppedBefore,
      openSeconds: opening.openSeconds,
      idleSeconds: round(elapsedMs / 1000, 1),
      cpuPercent: round((cpu / elapsedMs) * 100),
      cpuSlices,
      cpuMsPerStreamMinute: round((cpu / Math.max(1, streams.opened) / elapsedMs) * 60_000, 4),
      postgresCpuPercent: postgresMs === undefined ? null : round((postgresMs / elapsedMs) * 100),
      heartbeats: streams.heartbeats() - heartbeatsBefore,
      rssBeforeMb: rssBefore,
      rssOpenMb: rssOpen,
      rssEndMb: rssMb(server.pid) ?? null,
      rssPeakMb: rssPeak || null,
    }
    log(
      `    idle ${result.idleSeconds} s: server CPU ${result.cpuPercent}% of one core` +
        `${result.postgresCpuPercent === null ? '' : `, PostgreSQL ${result.postgresCpuPercent}%`}, ` +
        `RSS ${result.rssEndMb} MB (peak ${result.rssPeakMb}), ${result.heartbeats} heartbeats, ${result.dropped} dropped; ` +
        `CPU every ${SLICE_SECONDS} s: ${cpuSlices.join(' ')}`,
    )
    return result
  } finally {
    streams?.close()
    await server.stop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  }
}

export function idleStreamsChecks(results: IdleStreamsResult[]) {
  return results.flatMap((r) => {
    const count = r.streams.toLocaleString('en-US')
    return [
      {
        target: `${r.config}: ${count} idle streams, server CPU < ${IDLE_STREAMS_TARGETS.cpuPercent}% of one core`,
        measured: `${r.cpuPercent}% (${r.opened.toLocaleString('en-US')} open, ${r.dropped} dropped)`,
        pass: r.opened === r.streams && r.dropped === 0 && r.cpuPercent < IDLE_STREAMS_TARGETS.cpuPercent,
      },
      {
        target: `${r.config}: ${count} idle streams, server RSS < ${IDLE_STREAMS_TARGETS.rssMb} MB`,
        measured: `${r.rssPeakMb} MB peak (${r.rssBeforeMb} MB before the streams)`,
        pass: (r.rssPeakMb ?? Infinity) < IDLE_STREAMS_TARGETS.rssMb,
      },
    ]
  })
}

export function writeIdleStreamsResults(results: IdleStreamsResult[], command: string, machine: string) {
  const lines = [
    '# Idle streams',
    '',
    `Generated by \`${command}\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${machine} ` +
      '(bench/lib/idle-streams.ts, docs/decisions/0161-an-idle-stream-costs-nothing.md). Each signed-in ' +
      'player holds one event stream and does nothing; the server is started as `npm start` runs it, ' +
      'on a database holding only the players and their sessions.',
    '',
    '| Target | Measured | Met |',
    '| --- | --- | --- |',
    ...idleStreamsChecks(results).map(
      (c) => `| ${c.target} | ${c.measured} | ${c.pass ? 'yes' : '**no**'} |`,
    ),
    '',
    '| Database | Streams | Opened in | Idle for | Server CPU | 5 s slices: median / busiest | PostgreSQL CPU | CPU per stream-minute | Heartbeats | RSS before | RSS open | RSS peak |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.config} | ${r.opened.toLocaleString('en-US')} | ${r.openSeconds} s | ${r.idleSeconds} s | ${r.cpuPercent}% | ` +
        `${median(r.cpuSlices)}% / ${Math.max(0, ...r.cpuSlices)}% | ` +
        `${r.postgresCpuPercent === null ? '–' : `${r.postgresCpuPercent}%`} | ${r.cpuMsPerStreamMinute} ms | ` +
        `${r.heartbeats.toLocaleString('en-US')} | ${r.rssBeforeMb} MB | ${r.rssOpenMb} MB | ${r.rssPeakMb} MB |`,
    ),
    '',
    'CPU is % of one core over the idle window (user + system time of the server process from ' +
      '/proc, every thread, the embedded database included; PostgreSQL: its backends for the bench ' +
      `database), and in each ${SLICE_SECONDS} s of it. What the numbers mean and what changed: ` +
      'bench/notes.md, "Idle streams".',
    '',
    ...results.map((r) => `- ${r.config}, CPU every ${SLICE_SECONDS} s: ${r.cpuSlices.join(', ')}`),
    '',
  ]
  writeFileSync(path.join(RESULTS_DIR, 'idle-streams.md'), lines.join('\n'))
}
