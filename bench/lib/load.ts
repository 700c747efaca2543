import autocannon from 'autocannon'
import pg from 'pg'
import { applyConnectionSettings } from '../../src/server/db/client'
import type { CapturedSteps } from './capture'
import { cpuMs, postgresCpuMs } from './processes'

export interface LoadResult {
  requests: number
  errors: number
  rps: number
  p50: number
  p95: number
  p99: number
  max: number
  // CPU time the server process used per answered request (user + system), when known.
  serverCpuUs?: number
  // For the direct SQL: CPU time the benchmark's own `pg` client used per call; for the API, the
  // load generator's (autocannon, in the benchmark's process) per request.
  clientCpuUs?: number
  // CPU time the local PostgreSQL processes used per request or call, when they are visible.
  databaseCpuUs?: number
}

// CPU per completed request, from a reading before and after (ms), in µs.
const perRequest = (before: number | undefined, after: number | undefined, requests: number) =>
  before !== undefined && after !== undefined && requests > 0
    ? Math.round(((after - before) * 1000) / requests)
    : undefined

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]!
}

const round = (value: number) => Math.round(value * 100) / 100

export function summarize(latencies: number[], errors: number, seconds: number): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b)
  return {
    requests: latencies.length,
    errors,
    rps: Math.round(latencies.length / seconds),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
  }
}

export interface HttpCall {
  method?: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
}

// autocannon at a fixed number of connections; each request takes the next call from `next`.
// Latencies are taken from its response events (sub-millisecond precision); a non-2xx answer
// counts as an error.
export async function httpLoad(
  baseUrl: string,
  next: () => HttpCall,
  options: { connections: number; seconds: number; serverPid?: number | undefined },
): Promise<LoadResult> {
  const latencies: number[] = []
  let errors = 0
  const cpuBefore = cpuMs(options.serverPid)
  const databaseBefore = postgresCpuMs()
  const loadBefore = process.cpuUsage()
  const started = performance.now()
  let finish: (result: autocannon.Result) => void = () => undefined
  let fail: (error: unknown) => void = () => undefined
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve
    fail = reject
  })
  const instance = autocannon(
    {
      url: baseUrl,
      connections: options.connections,
      duration: options.seconds,
      requests: [
        {
          setupRequest: (request) => {
            const call = next()
            return {
              ...request,
              method: call.method ?? 'GET',
              path: call.path,
              headers: { ...call.headers, 'accept-encoding': 'gzip' },
              ...(call.body === undefined ? {} : { body: call.body }),
            }
          },
        },
      ],
    },
    (error, result) => (error ? fail(error) : finish(result)),
  )
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime)
    else errors++
  })
  const result = await done
  errors += result.errors + result.timeouts
  const summary = summarize(latencies, errors, (performance.now() - started) / 1000)
  const loadCpu = process.cpuUsage(loadBefore)
  const answered = latencies.length + errors
  const serverCpuUs = perRequest(cpuBefore, cpuMs(options.serverPid), answered)
  if (serverCpuUs !== undefined) summary.serverCpuUs = serverCpuUs
  const databaseCpuUs = perRequest(databaseBefore, postgresCpuMs(), answered)
  if (databaseCpuUs !== undefined) summary.databaseCpuUs = databaseCpuUs
  if (answered > 0) summary.clientCpuUs = Math.round((loadCpu.user + loadCpu.system) / answered)
  return summary
}

export type Execute = (text: string, values: unknown[], name?: string) => Promise<unknown>

// The captured statements of an endpoint replayed straight to the database at the same
// concurrency (through a pool as large as the server's): the database's share of the API time.
export async function sqlLoad(
  execute: Execute,
  calls: CapturedSteps[],
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  const latencies: number[] = []
  let errors = 0
  const deadline = performance.now() + options.seconds * 1000
  const started = performance.now()
  let turn = 0
  const databaseBefore = postgresCpuMs()
  const cpuBefore = process.cpuUsage()
  const worker = async () => {
    while (performance.now() < deadline) {
      const steps = calls[turn++ % calls.length]!
      const begun = performance.now()
      try {
        for (const step of steps) await Promise.all(step.map((s) => execute(s.text, s.values, s.name)))
        latencies.push(performance.now() - begun)
      } catch {
        errors++
      }
    }
  }
  await Promise.all(Array.from({ length: options.connections }, worker))
  const cpu = process.cpuUsage(cpuBefore)
  const databaseCpuUs = perRequest(databaseBefore, postgresCpuMs(), latencies.length + errors)
  const summary = summarize(latencies, errors, (performance.now() - started) / 1000)
  if (latencies.length > 0) summary.clientCpuUs = Math.round((cpu.user + cpu.system) / latencies.length)
  if (databaseCpuUs !== undefined) summary.databaseCpuUs = databaseCpuUs
  return summary
}

export async function openPgExecutor(databaseUrl: string, poolSize: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize })
  // The server's connection settings (generic plans, no parallel workers): the same plans.
  applyConnectionSettings(pool)
  // Open the pool's connections first, as the server has them open.
  const clients = await Promise.all(Array.from({ length: poolSize }, () => pool.connect()))
  for (const client of clients) client.release()
  const execute: Execute = (text, values, name) =>
    pool.query({ text, values, rowMode: 'array', ...(name ? { name } : {}) })
  return { execute, close: () => pool.end() }
}
