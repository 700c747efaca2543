// The embedded database's thread (embedded.ts is the other side): PGlite, served to this
// process's connections over the PostgreSQL protocol on a Unix socket by
// @electric-sql/pglite-socket's handler, with SessionQueue sharing its one session. Besides the
// protocol it answers two requests: a dump, and close.
import { chmodSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket'
import { pgDump } from '@electric-sql/pglite-tools/pg_dump'
import { pgliteExtensions } from './pglite-extensions'
import { SessionQueue } from './session-queue'
import type { EmbeddedReply, EmbeddedRequest, EmbeddedSettings } from './embedded.protocol'

const port = parentPort
if (!port) throw new Error('embedded-worker.ts runs as a worker thread')

const { pgliteModule, dataDir, loadDataDir, socketPath } = workerData as EmbeddedSettings
const reply = (message: EmbeddedReply) => port.postMessage(message)
const failure = (error: unknown) => ({
  message: error instanceof Error ? error.message : String(error),
  stack: error instanceof Error ? error.stack : undefined,
})

// PostgreSQL's shared buffers: PGlite holds them in its WebAssembly memory, resident in the
// server's from the start. PostgreSQL's default, 128MB, was about 100 MB of the server's memory
// before its first request on the bench's 10,000-player data set, and a quarter of it reads as
// fast: what misses them is in the system's page cache (docs/decisions/0172).
const SHARED_BUFFERS = '32MB'

// Every write settles only once it reached the data directory: acknowledged means kept. The
// settings are given at every start, over the data directory's postgresql.conf, so that a directory
// made before takes them too (PGlite's `postgresqlconf` would write that file anew, initdb's
// settings lost).
const opening = PGlite.create({
  pgliteWasmModule: pgliteModule,
  dataDir,
  loadDataDir: loadDataDir ? new Blob([readFileSync(loadDataDir)]) : undefined,
  extensions: pgliteExtensions,
  relaxedDurability: false,
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
})

const server = createServer((socket) => {
  void opening.then((db) => {
    const handler = new PGLiteSocketHandler({
      queryQueue: queueOf(db) as unknown as ConstructorParameters<
        typeof PGLiteSocketHandler
      >[0]['queryQueue'],
      closeOnDetach: true,
    })
    return handler.attach(socket)
  })
})

let queue: SessionQueue | undefined
const queueOf = (db: PGlite) => (queue ??= new SessionQueue(db))

opening
  .then(
    (db) =>
      new Promise<void>((resolve, reject) => {
        queueOf(db)
        rmSync(socketPath, { force: true })
        server.once('error', reject)
        server.listen(socketPath, () => {
          // PGlite asks no password: only this user may connect.
          chmodSync(socketPath, 0o600)
          resolve()
        })
      }),
  )
  .then(
    () => reply({ id: 0, ready: true }),
    (error: unknown) => reply({ id: 0, error: failure(error) }),
  )

async function run(request: EmbeddedRequest) {
  try {
    const db = await opening
    if (request.op === 'dump') {
      // pg_dump runs on the session between two transactions, with nothing else running: a
      // consistent copy. It leaves its read-only transaction open (a pg_dump process would
      // disconnect) with its empty search_path: ended here, then `after` sets the session up.
      // Its closing DEALLOCATE ALL drops the connections' prepared statements too, which their
      // clients still hold as prepared: each is prepared again as it was.
      const data = await queueOf(db).exclusive(async () => {
        const { rows: statements } = await db.query<{
          name: string
          statement: string
          types: string[]
          fromSql: boolean
        }>(
          'select name, statement, parameter_types::text[] as types, from_sql as "fromSql" from pg_prepared_statements',
        )
        const file = await pgDump({ pg: db, args: request.args })
        await db.exec(`rollback; reset all; ${request.after}`)
        for (const { name, statement, types, fromSql } of statements) {
          // A statement prepared in SQL (as these are, from the second dump on) is its PREPARE.
          const parameters = types.length > 0 ? ` (${types.join(', ')})` : ''
          await db.exec(
            fromSql ? statement : `prepare "${name.replaceAll('"', '""')}"${parameters} as ${statement}`,
          )
        }
        return file.text()
      })
      reply({ id: request.id, dump: data })
    } else {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      if (!db.closed) await db.close()
      rmSync(socketPath, { force: true })
      reply({ id: request.id, closed: true })
    }
  } catch (error) {
    reply({ id: request.id, error: failure(error) })
  }
}

port.on('message', (request: EmbeddedRequest) => void run(request))
