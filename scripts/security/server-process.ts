import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { buildServerBundle, SERVER_BUNDLE_ARGS } from '../server-bundle'

// The real server as a separate process, as `npm start` runs it (its bundle, built once per run
// from the current sources), for the durability, load and scan scripts.

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

export interface RunningServer {
  baseUrl: string
  process: ChildProcess
  output: () => string
  // SIGKILL: no shutdown code runs, like a crash or a power cut of the process.
  kill(): Promise<void>
  // SIGTERM: the graceful stop.
  stop(): Promise<void>
}

export interface SpawnedServer {
  baseUrl: string
  process: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

// The server process, started and not waited for (also for a check that expects it refused).
export async function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  buildServerBundle(repoRoot)
  const port = Number(env.PORT ?? (await freePort()))
  const baseUrl = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, SERVER_BUNDLE_ARGS, {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += String(chunk)))
  child.stderr?.on('data', (chunk) => (output += String(chunk)))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { baseUrl, process: child, output: () => output, exited }
}

// Waits for the server's health to answer 200: up to `timeoutMs` (a fresh embedded database takes a
// few seconds to make, and a machine running other checks can take ten times longer), each probe
// bounded so that one that hangs does not hold the wait past it.
export async function startServer(env: Record<string, string>, timeoutMs = 120_000): Promise<RunningServer> {
  const { baseUrl, process: child, output, exited } = await spawnServer(env)
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output()}`)
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) })
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the server did not answer within ${timeoutMs} ms:\n${output()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }

  return {
    baseUrl,
    process: child,
    output,
    async kill() {
      child.kill('SIGKILL')
      await exited
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

// A database of its own on the PostgreSQL server of `serverUrl`, dropped by `drop()`.
export async function createScratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists "${name}" with (force)`)
      await dropper.end()
    },
  }
}
