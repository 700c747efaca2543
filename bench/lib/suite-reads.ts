// The hot reads: every data set warmed up with all of its reads, then each read measured on every
// data set in turns, through the app and, where they run, on the least server and as direct SQL.
import { rmSync } from 'node:fs'
import { httpLoad, type LoadResult, sqlLoad } from './load'
import { rssMb } from './processes'
import { type LeastReplay, measureLeast, startLeastReplay } from './suite-least'
import { better, fmt, httpCalls, measureApi, measureSql } from './suite-measure'
import type { SuiteOptions } from './suite-options'
import type { OpenDataset, ReadResult } from './suite-results'

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
export async function measureReads(opened: OpenDataset[], options: SuiteOptions) {
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
