import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { SettingsClient } from '../../src/server/db/client'
import type { CapturedSteps } from './capture'
import { cpuMs, postgresCpu, postgresCpuSince } from './processes'

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
  // load generator's (wrk) per request.
  clientCpuUs?: number
  // CPU time the local PostgreSQL processes used per request or call, when they are visible.
  databaseCpuUs?: number
}

// CPU per completed request, from the CPU time a run used (ms), in µs.
const perRequestOf = (spentMs: number | undefined, requests: number) =>
  spentMs !== undefined && requests > 0 ? Math.round((spentMs * 1000) / requests) : undefined

// The same, from a reading before and after the run (ms).
const perRequest = (before: number | undefined, after: number | undefined, requests: number) =>
  perRequestOf(before !== undefined && after !== undefined ? after - before : undefined, requests)

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]!
}

export const round = (value: number) => Math.round(value * 100) / 100

// p50, p95, p99 and the slowest of some latencies (ms).
export function latencyPercentiles(latencies: readonly number[]) {
  const sorted = [...latencies].sort((a, b) => a - b)
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
  }
}

export function summarize(latencies: number[], errors: number, seconds: number): LoadResult {
  return {
    requests: latencies.length,
    errors,
    rps: Math.round(latencies.length / seconds),
    ...latencyPercentiles(latencies),
  }
}

export interface HttpCall {
  method?: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
}

// Lua source for a string: printable ASCII as is, every other byte as a decimal escape.
function luaString(value: string) {
  let out = '"'
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte)
    out +=
      byte >= 0x20 && byte < 0x7f && char !== '"' && char !== '\\'
        ? char
        : `\\${String(byte).padStart(3, '0')}`
  }
  return `${out}"`
}

function luaCalls(calls: HttpCall[]) {
  const entries = calls.map((call) => {
    const headers = Object.entries({ ...call.headers, 'accept-encoding': 'gzip' })
      .map(([name, value]) => `[${luaString(name)}]=${luaString(value)}`)
      .join(',')
    const body = call.body === undefined ? 'nil' : luaString(call.body)
    return `{method=${luaString(call.method ?? 'GET')},path=${luaString(call.path)},headers={${headers}},body=${body}}`
  })
  return `return {\n${entries.join(',\n')}\n}\n`
}

const WRK_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'wrk.lua')

interface WrkSummary {
  requests: number
  durationUs: number
  connect: number
  read: number
  write: number
  status: number
  timeout: number
  p50: number
  p95: number
  p99: number
  max: number
}

// wrk (C, one thread) at a fixed number of connections; each connection sends `calls` in turn,
// starting over at the end. Its own CPU is read from the shell that ran it (`times`), so the
// table can show what the load generator cost. Any answer of 400 or above, and any socket
// error or timeout, counts as an error.
export async function httpLoad(
  baseUrl: string,
  calls: HttpCall[],
  options: { connections: number; seconds: number; serverPid?: number | undefined },
): Promise<LoadResult> {
  const folder = mkdtempSync(path.join(tmpdir(), 'pm-wrk-'))
  const file = path.join(folder, 'requests.lua')
  writeFileSync(file, luaCalls(calls))
  const cpuBefore = cpuMs(options.serverPid)
  const databaseBefore = postgresCpu()
  const command = [
    'wrk',
    '--threads 1',
    `--connections ${options.connections}`,
    `--duration ${options.seconds}s`,
    '--timeout 10s',
    `--script '${WRK_SCRIPT}'`,
    `'${baseUrl}'`,
    '--',
    `'${file}'`,
  ].join(' ')
  try {
    const output = await new Promise<string>((resolve, reject) => {
      execFile('bash', ['-c', `${command} && times`], { maxBuffer: 1 << 20 }, (error, stdout, stderr) =>
        error ? reject(new Error(`wrk failed: ${stderr || error.message}`)) : resolve(stdout),
      )
    })
    const line = output.split('\n').find((l) => l.startsWith('WRK_RESULT '))
    if (!line) throw new Error(`wrk printed no result:\n${output}`)
    const wrk = JSON.parse(line.slice('WRK_RESULT '.length)) as WrkSummary
    const errors = wrk.connect + wrk.read + wrk.write + wrk.status + wrk.timeout
    const ms = (us: number) => Math.round(us / 10) / 100
    const summary: LoadResult = {
      requests: wrk.requests - wrk.status,
      errors,
      rps: Math.round((wrk.requests - wrk.status) / (wrk.durationUs / 1e6)),
      p50: ms(wrk.p50),
      p95: ms(wrk.p95),
      p99: ms(wrk.p99),
      max: ms(wrk.max),
    }
    const answered = wrk.requests
    const serverCpuUs = perRequest(cpuBefore, cpuMs(options.serverPid), answered)
    if (serverCpuUs !== undefined) summary.serverCpuUs = serverCpuUs
    const databaseCpuUs = perRequestOf(postgresCpuSince(databaseBefore), answered)
    if (databaseCpuUs !== undefined) summary.databaseCpuUs = databaseCpuUs
    const childTimes = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/.exec(output.trim())
    if (childTimes && answered > 0) {
      const seconds =
        Number(childTimes[1]) * 60 +
        Number(childTimes[2]) +
        Number(childTimes[3]) * 60 +
        Number(childTimes[4])
      summary.clientCpuUs = Math.round((seconds * 1e6) / answered)
    }
    return summary
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
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
  const databaseBefore = postgresCpu()
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
  const databaseCpuUs = perRequestOf(postgresCpuSince(databaseBefore), latencies.length + errors)
  const summary = summarize(latencies, errors, (performance.now() - started) / 1000)
  if (latencies.length > 0) summary.clientCpuUs = Math.round((cpu.user + cpu.system) / latencies.length)
  if (databaseCpuUs !== undefined) summary.databaseCpuUs = databaseCpuUs
  return summary
}

export async function openPgExecutor(databaseUrl: string, poolSize: number) {
  // The server's connection settings (generic plans, no parallel workers): the same plans.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    idleTimeoutMillis: 0,
    Client: SettingsClient,
  })
  // Open the pool's connections first, as the server has them open.
  const clients = await Promise.all(Array.from({ length: poolSize }, () => pool.connect()))
  for (const client of clients) client.release()
  const execute: Execute = (text, values, name) =>
    pool.query({ text, values, rowMode: 'array', ...(name ? { name } : {}) })
  return { execute, close: () => pool.end() }
}
