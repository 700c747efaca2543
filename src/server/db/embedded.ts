import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { EmbeddedReply, EmbeddedRequest, EmbeddedSettings } from './embedded.protocol'

// The embedded database on a thread of its own (embedded-worker.ts), so that PostgreSQL's work
// and the server's use both cores, served there over the PostgreSQL protocol on a Unix socket:
// the server reaches it as it reaches a PostgreSQL server (client.ts). This side starts the
// thread, and asks it what the protocol does not carry: a dump, and close.

// The socket's name as a PostgreSQL client looks for it in a directory (`host`), for port 5432.
export const SOCKET_PORT = 5432
const SOCKET_NAME = `.s.PGSQL.${SOCKET_PORT}`
// A Unix socket's path has at most 107 bytes on Linux.
const MAX_SOCKET_PATH = 107

// PGlite's WebAssembly, compiled once per process: every embedded database thread the process
// starts gets the compiled module and only instantiates it. A route test file opens a database of
// its own: compiling it again cost about half a second of CPU each time, and V8 keeps the code it
// optimises with the module, so a later file's queries no longer start on unoptimised code.
let compiled: Promise<WebAssembly.Module> | undefined
const pgliteModule = () =>
  (compiled ??= WebAssembly.compile(
    readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm')),
  ))

// Bundled, the server is dist/server/main.js and the worker is built beside it. From source
// (development), the worker is TypeScript: it is compiled as it loads, as the server is, with tsx
// registered on the worker's own thread first. The route tests give a worker built once for the
// whole run (`script`): loading tsx and compiling the worker again on every test file's thread
// cost about a third of a second of CPU per file.
function startWorker(settings: EmbeddedSettings, script: string | undefined): Worker {
  if (script) return new Worker(script, { workerData: settings })
  const here = import.meta.url
  if (!here.endsWith('.ts'))
    return new Worker(new URL('./embedded-worker.js', here), { workerData: settings })
  // The package's ES module entry (what `import` resolves to) beside the CommonJS one.
  const tsx = pathToFileURL(
    createRequire(here)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href
  const worker = new URL('./embedded-worker.ts', here).href
  const source = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(worker)}) })`
  return new Worker(source, { eval: true, workerData: settings })
}

export interface EmbeddedServer {
  // The directory that holds the socket: a PostgreSQL client's `host`.
  socketDir: string
  // A plain SQL dump (pg_dump with `args`) taken between two transactions; `after` then sets the
  // session up again.
  dump(args: string[], after: string): Promise<string>
  // Runs `listener` once if the thread stops while open. Returns a function that removes it.
  onFailure(listener: (error: Error) => void): () => void
  close(): Promise<void>
}

// Starts the thread on `dataDir` (in memory without one; `loadDataDir` a dump to start from). The
// socket is in `dataDir`, or in a temporary directory for a database in memory or a path too long.
export async function startEmbeddedServer(options: {
  dataDir?: string | undefined
  loadDataDir?: string | undefined
  // Where the socket goes (the data directory's parent, DATA_DIR).
  socketDir?: string | undefined
  // The thread's module, built from embedded-worker.ts, instead of the one beside this module.
  workerScript?: string | undefined
}): Promise<EmbeddedServer> {
  // Compiled before the temporary directory is made: a failed compile leaves nothing behind.
  const compiledModule = await pgliteModule()
  let tempDir: string | undefined
  let socketDir = options.socketDir ? path.resolve(options.socketDir) : undefined
  if (!socketDir || path.join(socketDir, SOCKET_NAME).length > MAX_SOCKET_PATH) {
    tempDir = mkdtempSync(path.join(tmpdir(), 'pm-db-'))
    socketDir = tempDir
  }
  const worker = startWorker(
    {
      pgliteModule: compiledModule,
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      socketPath: path.join(socketDir, SOCKET_NAME),
    },
    options.workerScript,
  )
  const pending = new Map<number, (reply: EmbeddedReply) => void>()
  const failureListeners = new Set<(error: Error) => void>()
  let failure: Error | undefined
  let closed = false
  let nextId = 1
  worker.on('message', (reply: EmbeddedReply) => {
    const resolve = pending.get(reply.id)
    pending.delete(reply.id)
    resolve?.(reply)
  })
  const fail = (error: Error) => {
    const first = failure === undefined
    failure ??= error
    for (const resolve of pending.values())
      resolve({ id: -1, error: { message: error.message, stack: error.stack } })
    pending.clear()
    // Stopped by close(): that is its end, not a failure.
    if (first && !closed) for (const listener of failureListeners) listener(error)
  }
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`The embedded database's thread stopped (exit code ${code})`)))
  const ask = async (id: number, request?: EmbeddedRequest) => {
    if (failure) throw failure
    const reply = await new Promise<EmbeddedReply>((resolve) => {
      pending.set(id, resolve)
      if (request) worker.postMessage(request)
    })
    if ('error' in reply) throw new Error(reply.error.message)
    return reply
  }
  const removeTemp = () => {
    if (tempDir) rmSync(tempDir, { recursive: true, force: true })
  }
  try {
    await ask(0)
  } catch (error) {
    closed = true
    await worker.terminate()
    removeTemp()
    throw error
  }
  return {
    socketDir,
    async dump(args, after) {
      const id = nextId++
      const reply = await ask(id, { id, op: 'dump', args, after })
      if (!('dump' in reply)) throw new Error('The embedded database answered out of turn')
      return reply.dump
    },
    onFailure(listener) {
      failureListeners.add(listener)
      return () => {
        failureListeners.delete(listener)
      }
    },
    async close() {
      if (closed) return
      closed = true
      const id = nextId++
      await ask(id, { id, op: 'close' }).catch(() => undefined)
      await worker.terminate()
      removeTemp()
    },
  }
}
