// The embedded database on a thread of its own (pglite-thread.ts is the other side). It only
// runs what it is sent: each message is a batch of PostgreSQL protocol messages, run in the order
// received, and the answer is the database's raw reply, written out to the data directory before
// it leaves. Parsing, parameters, transactions and notifications all stay with the caller.
import { readFileSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { pgDump } from '@electric-sql/pglite-tools/pg_dump'
import { pgliteExtensions } from './pglite-extensions'
import { rawReply } from './pglite-raw-reply'
import type { ThreadReply, ThreadRequest, ThreadSettings } from './pglite-thread.protocol'

const port = parentPort
if (!port) throw new Error('pglite-worker.ts runs as a worker thread')

const { dataDir, loadDataDir } = workerData as ThreadSettings
const opening = PGlite.create({
  dataDir,
  loadDataDir: loadDataDir ? new Blob([readFileSync(loadDataDir)]) : undefined,
  extensions: pgliteExtensions,
  relaxedDurability: false,
})

const reply = (message: ThreadReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer)
const failure = (error: unknown) => ({
  message: error instanceof Error ? error.message : String(error),
  stack: error instanceof Error ? error.stack : undefined,
})

opening.then(
  () => reply({ id: 0, ready: true }),
  (error: unknown) => reply({ id: 0, error: failure(error) }),
)

async function run(request: ThreadRequest) {
  try {
    const pg = await opening
    if (request.op === 'exec') {
      // Its own buffer: it moves to the other thread without a copy.
      const data = await rawReply(pg, request.message)
      reply({ id: request.id, data }, [data.buffer as ArrayBuffer])
    } else if (request.op === 'dump') {
      // pg_dump runs on this one connection, inside its own repeatable-read transaction, with
      // nothing else sent meanwhile: a consistent copy. It leaves that read-only transaction open
      // (a pg_dump process would disconnect), with its empty search_path set before it, and drops
      // every prepared statement. The transaction is ended here: the next write would fail in it,
      // and its rollback take back every setting made since, the search_path's repair included,
      // so that every statement after it failed. Then `after` sets the connection up again.
      const file = await pgDump({ pg, args: request.args })
      const data = new Uint8Array(await file.arrayBuffer())
      await pg.exec(`rollback; reset all; ${request.after}`)
      reply({ id: request.id, data }, [data.buffer as ArrayBuffer])
    } else {
      if (!pg.closed) await pg.close()
      reply({ id: request.id, closed: true })
    }
  } catch (error) {
    reply({ id: request.id, error: failure(error) })
  }
}

// One at a time, in the order sent.
let queue = Promise.resolve()
port.on('message', (request: ThreadRequest) => {
  queue = queue.then(() => run(request))
})
