// npm run bench -- [--profiles 100000] [--compare 10000] [--scale] [--pglite] [--duration 5] ...
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { databaseUrlFor, datasetLabel } from './lib/databases'
import { READS } from './lib/endpoints'
import { consoleTable, describeMachine, evaluate, type Report, writeResults } from './lib/report'
import { runSuites, type SuiteOptions, type Target } from './lib/suite'
import { ROOT } from './lib/processes'
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
    'sse-clients': { type: 'string', default: '2000' },
    'sse-rate': { type: 'string', default: '200' },
    only: { type: 'string' },
    'no-writes': { type: 'boolean', default: false },
    'no-fanout': { type: 'boolean', default: false },
    'no-save': { type: 'boolean', default: false },
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
  --duration S       seconds per measurement (default 5), --warmup S (default 1)
  --connections N    concurrent connections (default 32), --players N signed-in players (32)
  --pool-size N      server database pool (default the server's: 3 per CPU core; the direct SQL uses the same)
  --sse-clients N    event streams for the fan-out (default 2000), --sse-rate N notifications/s
  --cpu-prof DIR     write a CPU profile of the app server (node --cpu-prof) into DIR
  --only a,b         only these reads (keys: ${READS.map((r) => r.key).join(', ')})
  --no-writes, --no-fanout, --no-save (print only)

The README links to bench/results/latest.md; it carries no figures of its own.`)
  process.exit(0)
}

const num = (name: keyof typeof values) => Number(values[name])
const loadAverageStart = os.loadavg()
const profiles = num('profiles')
const compare = num('compare')
const only = values.only?.split(',').map((s) => s.trim())
const reads = only ? READS.filter((r) => only.includes(r.key)) : READS
if (reads.length === 0) throw new Error(`--only matched no read: ${values.only}`)

const target = (count: number, playDates: number, kind: Target['kind'], dataDir?: string): Target => {
  const label = datasetLabel(count, playDates)
  return kind === 'pglite'
    ? {
        label,
        kind,
        profiles: count,
        playDates,
        dataDir: dataDir ?? path.join(ROOT, 'bench/.data', `pglite-${label}`),
      }
    : { label, kind, profiles: count, playDates, databaseUrl: databaseUrlFor(label) }
}

// --data-dir is the main data set's; the others keep a directory each.
const main = target(profiles, profiles * 2, values.pglite ? 'pglite' : 'postgres', values['data-dir'])
const extra: Target[] = []
if (compare > 0) extra.push(target(compare, compare * 2, main.kind))
if (values.scale) extra.push(target(profiles, 1_000_000, main.kind))

const base: Omit<SuiteOptions, 'writes' | 'floor' | 'fanout'> = {
  connections: num('connections'),
  seconds: num('duration'),
  warmupSeconds: num('warmup'),
  poolSize: num('pool-size'),
  cpuProfileDir: values['cpu-prof'],
  players: num('players'),
  reads,
  log: console.log,
}

let postgres: string | null = null
if (main.kind === 'postgres') {
  const client = new pg.Client({ connectionString: databaseUrlFor('x').replace(/pm_bench_x$/, 'postgres') })
  await client.connect()
  postgres = `PostgreSQL ${(await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version}`
  await client.end()
}

const datasets = await runSuites(main, extra, {
  ...base,
  writes: !values['no-writes'],
  floor: true,
  fanout: values['no-fanout'] ? null : { clients: num('sse-clients'), ratePerSecond: num('sse-rate') },
})

const draft: Omit<Report, 'checks'> = {
  generatedAt: new Date().toISOString(),
  command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
  machine: describeMachine(postgres, loadAverageStart),
  settings: {
    connections: base.connections,
    seconds: base.seconds,
    poolSize: base.poolSize,
    players: base.players,
  },
  main: main.label,
  compare: extra.map((t) => t.label),
  datasets,
}
const report: Report = { ...draft, checks: evaluate(draft) }

console.log(`\n${consoleTable(report)}\n`)
for (const check of report.checks)
  console.log(`${check.pass ? 'met    ' : 'NOT MET'}  ${check.target}: ${check.measured}`)
if (!values['no-save']) {
  writeResults(report)
  console.log('\nWrote bench/results/latest.json and bench/results/latest.md')
}
