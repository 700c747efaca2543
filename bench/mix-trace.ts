// What a traced mix step's slowest requests had in common (bench/notes.md, "Where a step's slowest
// requests wait"): `node --import tsx bench/mix-trace.ts CLIENT.jsonl SERVER.jsonl`, the files of
// a step run with PM_BENCH_MIX_TRACE=CLIENT.jsonl and --mix-server-env
// "PM_BENCH_TRACE_FILE=SERVER.jsonl" (bench/lib/mix-load.ts, bench/lib/loop-probe.mjs). It prints
// the latencies the load generator and the server saw, when the slow requests came (by quarter
// second of the window), and what the server went through in the slowest quarters: its CPU, its
// loop, its pool's queue, its heap, garbage collections and slow statements.
import { readFileSync } from 'node:fs'

type Line = Record<string, number | string | undefined> & { at: number }
const read = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line)

const [clientFile, serverFile] = process.argv.slice(2)
if (!clientFile || !serverFile) {
  console.error('usage: node --import tsx bench/mix-trace.ts CLIENT.jsonl SERVER.jsonl')
  process.exit(2)
}
const client = read(clientFile)
const step = client.findLast((line) => line.from !== undefined) as Line & { from: number; to: number }
const within = (line: Line) => line.at >= step.from && line.at <= step.to
const requests = client.filter((line) => line.k !== undefined && within(line))
const server = read(serverFile).filter(within)
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN
}
const describe = (values: number[]) =>
  `${values.length} requests, p50 ${percentile(values, 0.5)} ms, p99 ${percentile(values, 0.99)} ms, most ${Math.max(...values)} ms`
const QUARTER = 250
const quarterOf = (line: Line) => Math.floor((line.at - step.from) / QUARTER)
const seconds = (line: Line) => ((line.at - step.from) / 1000).toFixed(1)

console.log(`Step of ${step.players} players, ${((step.to - step.from) / 1000).toFixed(0)} s measured`)
console.log(`Load generator: ${describe(requests.map((line) => Number(line.ms)))}`)
console.log(
  `Server: ${describe(server.filter((line) => line.r && line.r !== '/api/events').map((l) => Number(l.ms)))}`,
)
const samples = server.filter((line) => line.w)
const scavenges = samples.reduce((sum, line) => sum + Number(line.scavenges ?? 0), 0)
const heaps = samples.map((line) => Number(line.heap))
console.log(
  `Heap ${Math.min(...heaps)} to ${Math.max(...heaps)} MB; ${((scavenges * 10) / Math.max(1, samples.length)).toFixed(1)} scavenges a second`,
)
const slowMs = 100
const slow = new Map<number, number>()
for (const line of requests)
  if (Number(line.ms) >= slowMs) slow.set(quarterOf(line), (slow.get(quarterOf(line)) ?? 0) + 1)
const slowCount = [...slow.values()].reduce((a, b) => a + b, 0)
console.log(`\n${slowCount} requests of ${slowMs} ms or more, by quarter second of the window (s: count):`)
console.log(
  [...slow]
    .sort((a, b) => a[0] - b[0])
    .map(([q, n]) => `${((q * QUARTER) / 1000).toFixed(2)}: ${n}`)
    .join(', '),
)

const worst = new Set(
  [...slow]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([q]) => q),
)
console.log(
  '\nThe server around the three slowest quarters (every 100 ms: CPU ms, loop busy, pool queue, heap MB):',
)
for (const quarter of [...worst].sort((a, b) => a - b)) {
  const near = (line: Line) => Math.abs(quarterOf(line) - quarter) <= 4
  console.log(`\n  around ${((quarter * QUARTER) / 1000).toFixed(2)} s`)
  for (const line of server.filter((l) => l.w && near(l)))
    console.log(
      `    ${seconds(line)} s  cpu ${line.cpu}  busy ${line.elu}  queue ${line.queue}  heap ${line.heap}`,
    )
  for (const line of server.filter((l) => l.gc !== undefined && near(l)))
    console.log(`    ${seconds(line)} s  garbage collection (kind ${line.gc}) ${line.ms} ms`)
  for (const line of server.filter((l) => l.q && near(l)))
    console.log(`    ${seconds(line)} s  statement ${line.ms} ms: ${String(line.q).slice(0, 100)}`)
}
