import { type ChildProcess, spawn } from 'node:child_process'
import { defaultPoolSize } from '../../src/server/env'
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createServer } from 'node:net'
import {
  buildServerBundle,
  SERVER_BUNDLE_ENV,
  SERVER_BUNDLE_FLAGS,
  SERVER_BUNDLE_SCRIPT,
} from '../../scripts/server-bundle'

export const ROOT = new URL('../../', import.meta.url).pathname

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

// The monotonic clock that CPU profiles (node --cpu-prof) stamp their samples with, in µs.
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n)

// Resident memory of a process in MB, from /proc (Linux).
export function rssMb(pid: number | undefined): number | undefined {
  if (!pid) return undefined
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Math.round(Number(match[1]) / 1024) : undefined
  } catch {
    return undefined
  }
}

export interface Started {
  url: string
  pid: number | undefined
  output: () => string
  stop: () => Promise<void>
}

async function waitFor(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output()}`)
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs} ms:\n${output()}`)
}

function launch(args: string[], env: Record<string, string>, readyPath: string, port: number) {
  // The output (the request log too) goes to a file, as a deployment would collect it.
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'pm-bench-')), 'server.log')
  const fd = openSync(logFile, 'w')
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', fd, fd],
  })
  closeSync(fd)
  const tail = () => {
    try {
      return readFileSync(logFile, 'utf8').slice(-4000)
    } catch {
      return ''
    }
  }
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
    rmSync(path.dirname(logFile), { recursive: true, force: true })
  }
  return { child, url, output: tail, stop, ready: `${url}${readyPath}` }
}

export interface AppServerOptions {
  databaseUrl?: string | undefined
  dataDir?: string | undefined
  poolSize?: number
  logLevel?: string
  env?: Record<string, string>
  // Extra flags for node itself (a CPU profile, for instance).
  nodeArgs?: string[]
}

// The app as it runs in production (`npm start`): one Node process running the server's bundle,
// built once per benchmark run from the current sources.
export async function startAppServer(options: AppServerOptions): Promise<Started> {
  buildServerBundle(ROOT)
  const port = await freePort()
  const env: Record<string, string> = {
    ...SERVER_BUNDLE_ENV,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: 'false',
    // Every benchmark user signs in from one address.
    RATE_LIMIT_FACTOR: '0',
    LOG_LEVEL: options.logLevel ?? 'info',
    DATABASE_POOL_SIZE: String(options.poolSize ?? defaultPoolSize()),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATABASE_URL: '' }),
    ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
    ...options.env,
  }
  // The caller's flags after npm start's own, so that a flag given can also turn one of those off.
  const args = [...SERVER_BUNDLE_FLAGS, ...(options.nodeArgs ?? []), SERVER_BUNDLE_SCRIPT]
  const server = launch(args, env, '/api/health', port)
  await waitFor(server.ready, server.child, server.output, 120_000)
  return { url: server.url, pid: server.child.pid, output: server.output, stop: server.stop }
}

// The floor: Node's own http module answering with the given body and headers.
export async function startBareServer(response: {
  body: string
  headers: Record<string, string>
}): Promise<Started> {
  return launchBare({ BODY: response.body, HEADERS: JSON.stringify(response.headers) })
}

// The least server for the session read: the app's session statement, the values the app sent
// with it, and where among them the hash of the session token goes.
export interface BareSessionOptions {
  headers: Record<string, string>
  databaseUrl: string
  poolSize: number
  connectionSql: string
  statement: { text: string; values: unknown[]; name?: string | undefined }
  tokenHashIndex: number
  cookieName: string
}

// The least any Node server can do for the session read: node:http and pg, nothing on top.
export async function startBareSessionServer(options: BareSessionOptions): Promise<Started> {
  return launchBare({
    HEADERS: JSON.stringify(options.headers),
    DATABASE_URL: options.databaseUrl,
    POOL_SIZE: String(options.poolSize),
    CONNECTION_SQL: options.connectionSql,
    SESSION_SQL: options.statement.text,
    SESSION_VALUES: JSON.stringify(options.statement.values),
    TOKEN_HASH_INDEX: String(options.tokenHashIndex),
    ...(options.statement.name ? { SESSION_STATEMENT: options.statement.name } : {}),
    SESSION_COOKIE: options.cookieName,
  })
}

// The least server for every hot read: each call's statements, as the app ran them, replayed
// through node:http and pg (bare-server.mjs, CALLS_FILE).
export async function startBareReplayServer(options: {
  headers: Record<string, string>
  databaseUrl: string
  poolSize: number
  connectionSql: string
  callsFile: string
  nodeArgs?: string[]
}): Promise<Started> {
  return launchBare(
    {
      HEADERS: JSON.stringify(options.headers),
      DATABASE_URL: options.databaseUrl,
      POOL_SIZE: String(options.poolSize),
      CONNECTION_SQL: options.connectionSql,
      CALLS_FILE: options.callsFile,
    },
    'bench/lib/bare-server.mjs',
    options.nodeArgs,
  )
}

// The framework alone (Hono on @hono/node-server, one route) answering the same body with the
// same headers.
export async function startFrameworkServer(response: {
  body: string
  headers: Record<string, string>
}): Promise<Started> {
  return launchBare(
    { BODY: response.body, HEADERS: JSON.stringify(response.headers) },
    'bench/lib/framework-server.mjs',
  )
}

async function launchBare(
  env: Record<string, string>,
  script = 'bench/lib/bare-server.mjs',
  nodeArgs: string[] = [],
): Promise<Started> {
  const port = await freePort()
  const server = launch([...nodeArgs, script], { PORT: String(port), ...env }, '/api/ping', port)
  await waitFor(server.ready, server.child, server.output, 30_000)
  return { url: server.url, pid: server.child.pid, output: server.output, stop: server.stop }
}

// What the app answers to GET /api/ping, without the per-request and per-connection headers.
export async function pingResponse(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/ping`)
  const skip = new Set([
    'date',
    'connection',
    'keep-alive',
    'content-length',
    'transfer-encoding',
    'x-request-id',
  ])
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (!skip.has(name)) headers[name] = value
  })
  return { body: await response.text(), headers }
}

// CPU time (ms) each local PostgreSQL process (the server's backends and its background workers)
// has used so far, by process id, from /proc; undefined when no such process is visible
// (PGlite, a remote server, not Linux). Given a database, only the backends connected to it: on a
// machine where other work uses the same PostgreSQL server, its backends are left out.
export function postgresCpu(database?: string): Map<number, number> | undefined {
  const usage = new Map<number, number>()
  let entries: string[]
  try {
    entries = readdirSync('/proc')
  } catch {
    return undefined
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue
      // A backend's title: "postgres: 15/main: <user> <database> <client> <state>".
      if (database && !readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${database} `)) continue
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')
      usage.set(Number(entry), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100)
    } catch {
      // the process ended meanwhile
    }
  }
  return usage.size > 0 ? usage : undefined
}

// The PostgreSQL CPU time (ms) used since an earlier reading: what each process still running
// added, and all of what a new one used. A process that ended in between (an idle connection
// another pool closed) drops out rather than taking its earlier total off the sum.
export function postgresCpuSince(
  before: Map<number, number> | undefined,
  database?: string,
): number | undefined {
  const after = postgresCpu(database)
  if (!before || !after) return undefined
  let ms = 0
  for (const [pid, used] of after) ms += used - (before.get(pid) ?? 0)
  return ms
}

// CPU time (user + system) a process has used so far, in ms (Linux /proc).
export function cpuMs(pid: number | undefined): number | undefined {
  if (!pid) return undefined
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    const ticks = Number(fields[11]) + Number(fields[12])
    return (ticks * 1000) / 100
  } catch {
    return undefined
  }
}
