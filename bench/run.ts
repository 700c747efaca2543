// npm run bench -- [--profiles 100000] [--compare 10000] [--scale] [--pglite] [--duration 5]
//   [--no-mix | --mix-only] [--mix-seconds 20] [--no-streams | --streams-only] ...
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { databaseUrlFor, datasetLabel } from './lib/databases'
import { READS } from './lib/endpoints'
import { MIX_CONFIGS, type MixConfigKey, type MixResult, measureMix } from './lib/mix'
import { DEFAULT_ALONE_ACTIONS_PER_SECOND } from './lib/mix-alone'
import { writeMixProfileReport } from './lib/mix-profile-report'
import { THINK_SECONDS } from './lib/mix-model'
import {
  consoleTable,
  describeCommit,
  describeMachine,
  evaluate,
  type Report,
  RESULTS_DIR,
  writeMixResults,
  writeResults,
} from './lib/report'
import { writeProfileReport } from './lib/profile-report'
import { measureSubs, writeSubsResults } from './lib/subs'
import { runSuites } from './lib/suite'
import type { ProfileWindow, SuiteOptions, Target } from './lib/suite-options'
import { ROOT } from './lib/processes'
import { measureNearMe, NEAR_ME_TARGET_P99_MS, writeNearMeReport } from './lib/near-me'
import {
  idleStreamsChecks,
  type IdleStreamsConfig,
  type IdleStreamsResult,
  measureIdleStreams,
  writeIdleStreamsResults,
} from './lib/idle-streams'
import { defaultPoolSize } from '../src/server/env'

const { values } = parseArgs({
  options: {
    profiles: { type: 'string', default: '100000' },
    compare: { type: 'string', default: '10000' },
    scale: { type: 'boolean', default: false },
    pglite: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '32' },
    players: { type: 'string', default: '32' },
    'pool-size': { type: 'string', default: String(defaultPoolSize()) },
    'cpu-prof': { type: 'string' },
    'profile-report': { type: 'string' },
    'sse-clients': { type: 'string', default: '2000' },
    'sse-rate': { type: 'string', default: '200' },
    only: { type: 'string' },
    'no-writes': { type: 'boolean', default: false },
    'no-fanout': { type: 'boolean', default: false },
    'no-floor': { type: 'boolean', default: false },
    'no-pglite-beside': { type: 'boolean', default: false },
    'no-save': { type: 'boolean', default: false },
    'no-near': { type: 'boolean', default: false },
    'no-mix': { type: 'boolean', default: false },
    'mix-only': { type: 'boolean', default: false },
    'no-subs': { type: 'boolean', default: false },
    'subs-only': { type: 'boolean', default: false },
    'mix-profiles': { type: 'string', default: '10000' },
    'mix-configs': { type: 'string', default: Object.keys(MIX_CONFIGS).join(',') },
    'mix-steps': { type: 'string', default: '250,500,1000,2000,4000,8000,16000' },
    'mix-bisections': { type: 'string', default: '2' },
    'mix-seconds': { type: 'string', default: '20' },
    'mix-warmup': { type: 'string', default: '30' },
    'mix-think': { type: 'string', default: String(THINK_SECONDS) },
    'mix-alone-seconds': { type: 'string', default: '10' },
    'mix-alone-rate': { type: 'string' },
    'no-mix-alone': { type: 'boolean', default: false },
    'mix-data-dir': { type: 'string' },
    'mix-database-url': { type: 'string' },
    'database-url': { type: 'string' },
    'mix-cpu-prof': { type: 'string' },
    'mix-cpu-prof-players': { type: 'string' },
    'mix-node-args': { type: 'string' },
    'mix-server-env': { type: 'string' },
    'no-streams': { type: 'boolean', default: false },
    'streams-only': { type: 'boolean', default: false },
    streams: { type: 'string', default: '10000' },
    'streams-seconds': { type: 'string', default: '180' },
    'streams-configs': { type: 'string', default: 'pglite,postgres' },
    'streams-database-url': { type: 'string' },
    'streams-node-args': { type: 'string' },
    render: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})

if (values.help) {
  console.log(`Measures the API against the same SQL, the framework floor, the scale curve, the writes,
the real-time fan-out and the query plans; writes bench/results/latest.json and latest.md.

  --profiles N       main data set (default 100000); generated first when missing
  --compare N        smaller data set for the scale curve (default 10000; 0 to skip)
  --scale            also 1,000,000 PlayDates on the main player count
  --pglite           the main data set on PGlite (embedded) instead of PostgreSQL
  --data-dir DIR     PGlite data directory of the main data set (default bench/.data/pglite-<size>)
  --database-url URL PostgreSQL database of the main data set (default pm_bench_<size> on the local server)
  --duration S       seconds per measurement (default 5), --warmup S (default 1)
  --connections N    concurrent connections (default 32), --players N signed-in players (32)
  --pool-size N      server database pool (default the server's: 3 per CPU core; the direct SQL uses the same)
  --sse-clients N    event streams for the fan-out (default 2000), --sse-rate N notifications/s
  --cpu-prof DIR     write CPU profiles of the app server and the least server (node --cpu-prof)
                     into DIR, and from them bench/results/profiles/where-the-time-goes.md with a
                     flame graph per read (into DIR with --no-save); latest.md is left as it is
  --profile-report DIR  only write that report again from the profiles a --cpu-prof run left in DIR
                     (or the mix's, from a --mix-cpu-prof run)
  --only a,b         only these reads (keys: ${READS.map((r) => r.key).join(', ')})
  --no-writes, --no-fanout, --no-floor (the no-database endpoint against bare node:http),
  --no-pglite-beside (the --compare data set on PGlite beside PostgreSQL, every read and write),
  --no-save (print only)
  --no-near          skip Available by distance at 200,000 PlayDates (bench/lib/near-me.ts, its own
                     data set; alone: npm run bench:near)
  --render           measure nothing: write latest.md again from latest.json (its targets checked
                     again, bench/notes.md as it is now)

Subs on the main data set (bench/lib/subs.ts, docs/decisions/0138): the sub candidates' read
(indexes, p99 < 50 ms) and a wave of 50 offers (< 1 s); writes bench/results/subs.md.
  --no-subs, --subs-only    skip it, or run only it

Capacity on a realistic mix (runs by default; bench/lib/mix.ts, docs/decisions/0117):
  --no-mix, --mix-only      skip it, or run only it (its report then goes to bench/results/mix.md)
  --mix-profiles N          its data set, on PGlite and PostgreSQL alike (default 10000)
  --mix-configs a,b         of pglite, postgres, postgres-2 (default all three, in turns)
  --mix-steps a,b,...       active players per step (default 250,500,1000,2000,4000,8000,16000),
  --mix-bisections N        then N steps between the last pass and the first fail (default 2)
  --mix-seconds S           measured seconds per step (default 20), --mix-warmup S (default 30)
  --mix-think S             mean think time between a player's actions (default ${THINK_SECONDS})
  --mix-alone-seconds S     after each configuration's steps, each action alone on fresh servers
                            (warmed with the whole mix, no streams): seconds per action (default 10)
  --mix-alone-rate N        its actions a second (default the capacity step's, or
                            ${DEFAULT_ALONE_ACTIONS_PER_SECOND} when no step passed)
  --no-mix-alone            skip it (the report then leaves out the goal on CPU per action)
  --mix-data-dir DIR        its PGlite data directory (default bench/.data/pglite-<size>)
  --mix-database-url URL    its PostgreSQL database (default pm_bench_<size> on the local server)
  --mix-cpu-prof DIR        run the steps' servers with node --cpu-prof (profiles into DIR), and
                            write bench/results/profiles/where-the-time-goes-mix.md with a flame
                            graph per step (into DIR with --no-save); latest.md is left as it is
  --mix-cpu-prof-players a,b  profile only the steps of these many players (default every step)
  --mix-node-args "FLAGS"   more flags for node in every server of the mix (space-separated)
  --mix-server-env "K=V ..." more environment for every server of the mix (space-separated), e.g.
                            a malloc setting (MALLOC_MMAP_THRESHOLD_=32768) priced in turns

Idle streams (bench/lib/idle-streams.ts, docs/decisions/0161): signed-in players each holding
an event stream and doing nothing; the server's CPU (< 5% of one core) and RSS (< 500 MB) over
the window, on a database of its own; writes bench/results/idle-streams.md.
  --no-streams, --streams-only   skip it, or run only it
  --streams N               streams (default 10000), --streams-seconds S idle window (default 180)
  --streams-configs a,b     of pglite, postgres (default both)
  --streams-database-url URL  its PostgreSQL database (default pm_bench_streams on the local server)
  --streams-node-args "FLAGS"  more flags for node in its servers (space-separated; after npm start's own,
                            so --streams-node-args=--no-optimize-for-size prices that setting)

The README links to bench/results/latest.md; it carries no figures of its own.`)
  process.exit(0)
}

// What a --mix-cpu-prof run leaves beside its profiles: the mix's result and the run's description.
const MIX_RUN_FILE = 'mix-run.json'

// The report of a profiled run, from what it left in its directory (the profiles, the measured
// windows and the run's description).
function profileReport(profileDir: string, outDir: string) {
  if (existsSync(path.join(profileDir, MIX_RUN_FILE))) {
    const run = JSON.parse(readFileSync(path.join(profileDir, MIX_RUN_FILE), 'utf8')) as {
      header: string
      mix: MixResult
    }
    mkdirSync(outDir, { recursive: true })
    const written = writeMixProfileReport({ mix: run.mix, outDir, root: ROOT, header: run.header })
    console.log(`Wrote ${path.relative(ROOT, written)} and its flame graphs`)
    return
  }
  const run = JSON.parse(readFileSync(path.join(profileDir, 'profile-run.json'), 'utf8')) as {
    header: string
    windows: ProfileWindow[]
    pglite?: boolean
  }
  mkdirSync(outDir, { recursive: true })
  const written = writeProfileReport({
    profileDir,
    windows: run.windows,
    outDir,
    root: ROOT,
    header: run.header,
    ...(run.pglite ? { suffix: '-pglite', database: 'the embedded database, PGlite' } : {}),
  })
  console.log(`Wrote ${path.relative(ROOT, written)} and its flame graphs`)
}

if (values['profile-report']) {
  const dir = path.resolve(values['profile-report'])
  profileReport(dir, values['no-save'] ? dir : path.join(RESULTS_DIR, 'profiles'))
  process.exit(0)
}

if (values.render) {
  const saved = JSON.parse(readFileSync(path.join(RESULTS_DIR, 'latest.json'), 'utf8')) as Report
  const { checks: _checks, ...draft } = saved
  writeResults({ ...draft, checks: evaluate(draft) })
  console.log('Wrote bench/results/latest.json and bench/results/latest.md from latest.json')
  process.exit(0)
}

const num = (name: keyof typeof values) => Number(values[name])
const list = (name: keyof typeof values) =>
  String(values[name])
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
const subsOnly = values['subs-only']
const streamsOnly = values['streams-only']
const runMix = !values['no-mix'] && !subsOnly && !streamsOnly
const runSuite = !values['mix-only'] && !subsOnly && !streamsOnly
const runSubs = !values['no-subs'] && !values['mix-only'] && !streamsOnly
const runStreams = !values['no-streams'] && !values['mix-only'] && !subsOnly
const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`
const mixConfigs = list('mix-configs') as MixConfigKey[]
for (const key of mixConfigs)
  if (!(key in MIX_CONFIGS)) throw new Error(`--mix-configs: unknown configuration ${key}`)
const loadAverageStart = os.loadavg()
const profiles = num('profiles')
const compare = num('compare')
const only = values.only?.split(',').map((s) => s.trim())
const reads = only ? READS.filter((r) => only.includes(r.key)) : READS
if (reads.length === 0) throw new Error(`--only matched no read: ${values.only}`)

const target = (
  count: number,
  playDates: number,
  kind: Target['kind'],
  dataDir?: string,
  databaseUrl?: string,
): Target => {
  const label = datasetLabel(count, playDates)
  return kind === 'pglite'
    ? {
        label,
        kind,
        profiles: count,
        playDates,
        dataDir: dataDir ?? path.join(ROOT, 'bench/.data', `pglite-${label}`),
      }
    : { label, kind, profiles: count, playDates, databaseUrl: databaseUrl ?? databaseUrlFor(label) }
}

// --data-dir and --database-url are the main data set's; the others keep a directory or database each.
const main = target(
  profiles,
  profiles * 2,
  values.pglite ? 'pglite' : 'postgres',
  values['data-dir'],
  values['database-url'],
)
const extra: Target[] = []
// A --compare of the main data set's size is the main data set itself (one database): measured once.
if (compare > 0 && compare !== profiles) extra.push(target(compare, compare * 2, main.kind))
if (values.scale) extra.push(target(profiles, 1_000_000, main.kind))
// The embedded database beside PostgreSQL, read by read and write by write: the --compare data
// set on PGlite (the mix's data directory when of the same size), against the same on PostgreSQL.
const beside: Target | null =
  main.kind === 'postgres' && compare > 0 && !values['no-pglite-beside']
    ? { ...target(compare, compare * 2, 'pglite'), label: `${datasetLabel(compare, compare * 2)} PGlite` }
    : null

const base: Omit<SuiteOptions, 'writes' | 'floor' | 'fanout'> = {
  connections: num('connections'),
  seconds: num('duration'),
  warmupSeconds: num('warmup'),
  poolSize: num('pool-size'),
  cpuProfileDir: values['cpu-prof'] ? path.resolve(values['cpu-prof']) : undefined,
  profileWindows: values['cpu-prof'] ? ([] as ProfileWindow[]) : undefined,
  players: num('players'),
  reads,
  log: console.log,
}

let postgres: string | null = null
const mixOnPostgres = runMix && mixConfigs.some((key) => MIX_CONFIGS[key].kind === 'postgres')
if ((runSuite && main.kind === 'postgres') || mixOnPostgres) {
  const client = new pg.Client({ connectionString: databaseUrlFor('x').replace(/pm_bench_x$/, 'postgres') })
  await client.connect()
  postgres = `PostgreSQL ${(await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version}`
  await client.end()
}

const commit = describeCommit()
const datasets = runSuite
  ? await runSuites(
      main,
      extra,
      {
        ...base,
        writes: !values['no-writes'],
        floor: !values['no-floor'],
        fanout: values['no-fanout'] ? null : { clients: num('sse-clients'), ratePerSecond: num('sse-rate') },
      },
      beside,
    )
  : []
const mixProfileDir = values['mix-cpu-prof'] ? path.resolve(values['mix-cpu-prof']) : undefined
const mix = runMix
  ? await measureMix({
      profiles: num('mix-profiles'),
      configs: mixConfigs,
      steps: list('mix-steps').map(Number),
      bisections: num('mix-bisections'),
      thinkSeconds: num('mix-think'),
      warmupSeconds: num('mix-warmup'),
      seconds: num('mix-seconds'),
      aloneSeconds: values['no-mix-alone'] ? 0 : num('mix-alone-seconds'),
      aloneRate: values['mix-alone-rate'] ? num('mix-alone-rate') : undefined,
      poolSize: base.poolSize,
      dataDir: values['mix-data-dir'],
      databaseUrl: values['mix-database-url'],
      cpuProfileDir: mixProfileDir,
      cpuProfilePlayers: values['mix-cpu-prof-players']
        ? list('mix-cpu-prof-players').map(Number)
        : undefined,
      nodeArgs: values['mix-node-args']?.split(/\s+/).filter(Boolean),
      serverEnv: Object.fromEntries(
        (values['mix-server-env']?.split(/\s+/).filter(Boolean) ?? []).map((pair) => {
          const at = pair.indexOf('=')
          if (at < 1) throw new Error(`--mix-server-env takes NAME=VALUE pairs, not ${pair}`)
          return [pair.slice(0, at), pair.slice(at + 1)]
        }),
      ),
      log: console.log,
    })
  : null

// Idle streams: each configuration on a server of its own, started for it.
if (runStreams) {
  const results: IdleStreamsResult[] = []
  for (const config of list('streams-configs')) {
    if (config !== 'pglite' && config !== 'postgres') throw new Error(`--streams-configs: unknown ${config}`)
    results.push(
      await measureIdleStreams({
        config: config as IdleStreamsConfig,
        streams: num('streams'),
        seconds: num('streams-seconds'),
        databaseUrl: values['streams-database-url'],
        nodeArgs: values['streams-node-args']?.split(/\s+/).filter(Boolean),
        log: console.log,
      }),
    )
  }
  console.log('')
  for (const check of idleStreamsChecks(results))
    console.log(`${check.pass ? 'met    ' : 'NOT MET'}  ${check.target}: ${check.measured}`)
  if (!values['no-save']) {
    const cpus = os.cpus()
    writeIdleStreamsResults(
      results,
      command,
      `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`,
    )
    console.log('Wrote bench/results/idle-streams.md')
  }
}
if (streamsOnly) process.exit(0)

if (runSubs) {
  const subs = await measureSubs(main, { poolSize: base.poolSize, log: console.log })
  console.log('')
  for (const check of subs.checks)
    console.log(`${check.pass ? 'met    ' : 'NOT MET'}  ${check.target}: ${check.measured}`)
  if (!values['no-save']) {
    writeSubsResults(subs, command)
    console.log('Wrote bench/results/subs.md')
  }
}
if (subsOnly) process.exit(0)

const draft: Omit<Report, 'checks'> = {
  generatedAt: new Date().toISOString(),
  command,
  ...(commit ? { commit } : {}),
  machine: describeMachine(postgres, loadAverageStart),
  settings: {
    connections: base.connections,
    seconds: base.seconds,
    poolSize: base.poolSize,
    players: base.players,
  },
  main: runSuite ? main.label : '',
  compare: runSuite ? extra.map((t) => t.label) : [],
  ...(runSuite && beside ? { beside: beside.label } : {}),
  datasets,
  mix,
}
const report: Report = { ...draft, checks: evaluate(draft) }

console.log(`\n${consoleTable(report)}\n`)
for (const check of report.checks)
  console.log(`${check.pass ? 'met    ' : 'NOT MET'}  ${check.target}: ${check.measured}`)
// A profiled run's figures carry the profiler's cost: they do not replace latest.md.
if (!values['no-save'] && !base.cpuProfileDir && !mixProfileDir) {
  if (values['mix-only']) {
    writeMixResults(report)
    console.log('\nWrote bench/results/mix.md')
  } else {
    writeResults(report)
    console.log('\nWrote bench/results/latest.json and bench/results/latest.md')
  }
}
if (base.cpuProfileDir && base.profileWindows?.length) {
  const m = report.machine
  const header =
    `Generated by \`${report.command}\` on ${report.generatedAt.slice(0, 16).replace('T', ' ')} UTC` +
    `${report.commit ? ` at commit ${report.commit}` : ''}. ${m.cpus} CPU (${m.cpuModel}), Node ${m.node}, ` +
    `${m.postgres ?? 'PGlite'}; load average ${m.loadAverageStart.join(' / ')} at the start, ` +
    `${m.loadAverageEnd.join(' / ')} at the end. ${base.connections} connections, ${base.seconds} s per ` +
    'measurement (each read measured twice on each server).'
  writeFileSync(
    path.join(base.cpuProfileDir, 'profile-run.json'),
    JSON.stringify({ header, windows: base.profileWindows, pglite: main.kind === 'pglite' }),
  )
  profileReport(
    base.cpuProfileDir,
    values['no-save'] ? base.cpuProfileDir : path.join(RESULTS_DIR, 'profiles'),
  )
}

if (mixProfileDir && mix) {
  const m = report.machine
  const header =
    `Generated by \`${report.command}\` on ${report.generatedAt.slice(0, 16).replace('T', ' ')} UTC` +
    `${report.commit ? ` at commit ${report.commit}` : ''}. ${m.cpus} CPU (${m.cpuModel}), Node ${m.node}, ` +
    `${m.postgres ?? 'PGlite'}; load average ${m.loadAverageStart.join(' / ')} at the start, ` +
    `${m.loadAverageEnd.join(' / ')} at the end. ${mix.settings.seconds} s measured per step, ` +
    `${mix.settings.warmupSeconds} s of warm-up, a mean think time of ${mix.settings.thinkSeconds} s.`
  writeFileSync(path.join(mixProfileDir, MIX_RUN_FILE), JSON.stringify({ header, mix }))
  profileReport(mixProfileDir, values['no-save'] ? mixProfileDir : path.join(RESULTS_DIR, 'profiles'))
}

// Available by distance from home at 200,000 PlayDates (docs/decisions/0158): on PostgreSQL, on a
// data set of its own; writes bench/results/near-me.md.
if (!values['no-near'] && !values['mix-only'] && !base.cpuProfileDir) {
  console.log('\nNear me: Available by distance from home')
  const near = await measureNearMe()
  for (const read of near.results) {
    const met = read.indexUsed && read.p99 < NEAR_ME_TARGET_P99_MS
    console.log(
      `${met ? 'met    ' : 'NOT MET'}  ${read.name}: near index ${read.indexUsed ? 'used' : 'not used'}, p99 ${read.p99} ms`,
    )
  }
  if (!values['no-save'])
    await writeNearMeReport(near, `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}`)
}
