import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import {
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
  messages,
  parse,
  protocol,
  types,
} from '@electric-sql/pglite'
import {
  MAX_NAMED_STATEMENTS,
  type Statement,
  bindValues,
  frames,
  isStalePlan,
  withQuery,
} from './pglite-statements'
import { readResults } from './pglite-replies'
import type { ThreadReply, ThreadRequest, ThreadSettings } from './pglite-thread.protocol'

// The embedded database on a thread of its own (docs/decisions/0121). PGlite runs PostgreSQL
// on the thread that calls it: every query stopped the server from reading requests, writing
// answers and building JSON, and the machine's second core stayed idle. Here PostgreSQL runs on a
// worker thread (pglite-worker.ts) that executes raw protocol messages in the order it gets
// them; this side keeps everything else PGlite does in JavaScript: building the messages,
// reading the replies (pglite-replies.ts, with PGlite's own type parsers and serializers),
// transactions and LISTEN.
//
// Queries are sent as soon as they are asked, without waiting for the ones before to finish:
// the worker has the next one at hand when it ends one, while this thread routes requests and
// builds answers. Each is a named statement, as on a PostgreSQL server connection (see
// pglite-statements.ts for why): parsed and described once, then bound and executed in one
// message, ending in its own Sync so that a failing query leaves the next one untouched. A
// transaction holds the connection from its BEGIN to its COMMIT: queries asked meanwhile wait,
// then go. Each reply is written out to the data directory on the worker before it is sent:
// acknowledged means kept.

const { serialize } = protocol

type Listener = (payload: string) => void

// PostgreSQL folds an unquoted name to lower case, as PGlite's own LISTEN does.
const postgresName = (name: string) =>
  name.startsWith('"') && name.endsWith('"') ? name.slice(1, -1) : name.toLowerCase()

const quoted = (name: string) => `"${postgresName(name).replaceAll('"', '""')}"`

// Bundled, the server is dist/server/main.js and the worker is built beside it. From source
// (development, tests), the worker is TypeScript: it is compiled as it loads, as the server is,
// with tsx registered on the worker's own thread first.
function startWorker(settings: ThreadSettings): Worker {
  const here = import.meta.url
  if (!here.endsWith('.ts')) return new Worker(new URL('./pglite-worker.js', here), { workerData: settings })
  // The package's ES module entry (what `import` resolves to) beside the CommonJS one.
  const tsx = pathToFileURL(
    createRequire(here)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href
  const worker = new URL('./pglite-worker.ts', here).href
  const source = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(worker)}) })`
  return new Worker(source, { eval: true, workerData: settings })
}

export class PGliteThread {
  readonly serializers: Record<number | string, (value: unknown) => string> = { ...types.serializers }
  readonly parsers: Record<number | string, (value: string, typeId?: number) => unknown> = {
    ...types.parsers,
  }
  #worker: Worker
  #nextId = 1
  #pending = new Map<number, { resolve: (reply: ThreadReply) => void; reject: (error: Error) => void }>()
  #failure: Error | undefined
  #failureListeners = new Set<(error: Error) => void>()
  #closed = false
  #listeners = new Map<string, Set<Listener>>()
  // Held by a transaction from its BEGIN to its end: nothing else is sent meanwhile.
  #held: Promise<void> | null = null
  // Named statements by text, most recently used last; and those being described.
  #statements = new Map<string, Statement>()
  #describing = new Map<string, Promise<Statement>>()
  #nextStatement = 0
  #toClose: string[] = []
  readonly maxStatements: number

  private constructor(worker: Worker, maxStatements: number) {
    this.#worker = worker
    this.maxStatements = maxStatements
    worker.on('message', (reply: ThreadReply) => {
      const pending = this.#pending.get(reply.id)
      if (!pending) return
      this.#pending.delete(reply.id)
      pending.resolve(reply)
    })
    const fail = (error: Error) => {
      const first = this.#failure === undefined
      this.#failure ??= error
      for (const { reject } of this.#pending.values()) reject(error)
      this.#pending.clear()
      // Stopped by close(): that is its end, not a failure.
      if (first && !this.#closed) for (const listener of this.#failureListeners) listener(error)
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`The embedded database's thread stopped (exit code ${code})`)))
  }

  // Starts the thread and opens the database in `settings.dataDir` (in memory without one).
  // `onWorker` is handed the thread as it starts (a test stops it as a crash would).
  static async open(
    settings: ThreadSettings,
    options: { maxStatements?: number; onWorker?: (worker: Worker) => void } = {},
  ): Promise<PGliteThread> {
    const worker = startWorker(settings)
    options.onWorker?.(worker)
    const thread = new PGliteThread(worker, options.maxStatements ?? MAX_NAMED_STATEMENTS)
    const opened = await thread.#ask(0, () => undefined)
    if ('error' in opened) {
      await worker.terminate()
      throw new Error(opened.error.message)
    }
    await thread.#initArrayTypes()
    return thread
  }

  get closed() {
    return this.#closed
  }

  // Runs `listener` once if the thread stops while open (an error in it, or its exit): every query
  // from then on fails. Returns a function that removes the listener.
  onFailure(listener: (error: Error) => void) {
    this.#failureListeners.add(listener)
    return () => {
      this.#failureListeners.delete(listener)
    }
  }

  // As PGlite: the array types' parsers and serializers, from the database's own catalogue.
  async #initArrayTypes() {
    const { rows } = await this.query<{ oid: number; typarray: number }>(`
      select b.oid, b.typarray
      from pg_catalog.pg_type a
      left join pg_catalog.pg_type b on b.oid = a.typelem
      where a.typcategory = 'A'
      group by b.oid, b.typarray
      order by b.oid
    `)
    for (const { oid, typarray } of rows) {
      this.serializers[typarray] = (value) => types.arraySerializer(value, this.serializers[oid], typarray)
      this.parsers[typarray] = (value) => types.arrayParser(value, this.parsers[oid]!, typarray)
    }
  }

  #ask(id: number, send: () => void): Promise<ThreadReply> {
    if (this.#failure) return Promise.reject(this.#failure)
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      send()
    })
  }

  // Sends protocol messages now; answers the database's raw reply.
  async #send(parts: Uint8Array[]): Promise<Uint8Array> {
    if (this.#closed) throw new Error('PGlite is closed')
    const closing = this.#toClose.map((name) => serialize.close({ type: 'S', name }))
    this.#toClose = []
    // Made for this message alone: moved to the worker, not copied.
    const message = frames([...closing, ...parts])
    const id = this.#nextId++
    const reply = await this.#ask(id, () => {
      const request: ThreadRequest = { id, op: 'exec', message }
      this.#worker.postMessage(request, [message.buffer as ArrayBuffer])
    })
    if ('error' in reply) throw new Error(reply.error.message)
    if (!('data' in reply)) throw new Error('The embedded database answered out of turn')
    return reply.data
  }

  // Notifications go to their channel's listeners, each in a microtask of its own.
  #notify = (channel: string, payload: string) => {
    for (const listener of this.#listeners.get(channel) ?? []) queueMicrotask(() => listener(payload))
  }

  // A reply as PGlite's parser reads it, message by message (a statement's description, a
  // COMMIT): the first error is thrown once the whole reply is read, and notifications go to
  // their listeners.
  #messages(data: Uint8Array): messages.BackendMessage[] {
    const results: messages.BackendMessage[] = []
    let databaseError: messages.DatabaseError | undefined
    new protocol.Parser().parse(data, (message) => {
      if (databaseError) return
      if (message instanceof messages.DatabaseError) databaseError = message
      else if (message instanceof messages.NotificationResponseMessage)
        this.#notify(message.channel, message.payload)
      results.push(message)
    })
    if (databaseError) throw databaseError
    return results
  }

  // A reply's result sets, as PGlite's `parseResults` makes them (pglite-replies.ts).
  #results(data: Uint8Array, options: QueryOptions | undefined): Results[] {
    return readResults(data, this.parsers, options, this.#notify)
  }

  // Whether the caller must wait: a transaction holds the connection, and `inside` is not it.
  // Checked in the same turn as the caller sends, so that nothing it sends goes after a BEGIN
  // that is not its own.
  #mustWait(inside: boolean): Promise<void> | null {
    return inside ? null : this.#held
  }

  #describe(text: string, options?: QueryOptions): Promise<Statement> {
    let describing = this.#describing.get(text)
    if (!describing) {
      const name = `pm_${(this.#nextStatement++).toString(36)}`
      describing = this.#send([
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ])
        .then((reply) => {
          const statement = { name, paramTypes: parse.parseDescribeStatementResults(this.#messages(reply)) }
          this.#statements.set(text, statement)
          if (this.#statements.size > this.maxStatements) {
            const [oldestText, oldest] = this.#statements.entries().next().value as [string, Statement]
            this.#statements.delete(oldestText)
            this.#toClose.push(oldest.name)
          }
          return statement
        })
        .finally(() => this.#describing.delete(text))
      this.#describing.set(text, describing)
    }
    return describing
  }

  // One statement with its parameters, as a named statement.
  async #query<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inside: boolean,
  ): Promise<Results<T>> {
    for (;;) {
      const held = this.#mustWait(inside)
      if (held) {
        await held
        continue
      }
      const statement = this.#statements.get(text)
      if (!statement) {
        // Described, then looked up again: the connection may have been taken meanwhile.
        await this.#describe(text, options).catch((error: unknown) => {
          throw withQuery(error, text, params, options)
        })
        continue
      }
      // Most recently used last: the map's first entry is the one to close.
      this.#statements.delete(text)
      this.#statements.set(text, statement)
      try {
        const values = bindValues(statement, params, options, this.serializers)
        const reply = await this.#send([
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ])
        return this.#results(reply, options)[0] as Results<T>
      } catch (error) {
        if (isStalePlan(error) && this.#statements.get(text) === statement) {
          this.#statements.delete(text)
          this.#toClose.push(statement.name)
        }
        throw withQuery(error, text, params, options)
      }
    }
  }

  // Statements without parameters, one or several (the simple protocol).
  async #exec(sql: string, options: QueryOptions | undefined, inside: boolean): Promise<Results[]> {
    for (let held = this.#mustWait(inside); held; held = this.#mustWait(inside)) await held
    try {
      const reply = await this.#send([serialize.query(sql), serialize.sync()])
      return this.#results(reply, options)
    } catch (error) {
      throw withQuery(error, sql, [], options)
    }
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(text, params, options, false)
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(sql, options, false)
  }

  // As PGlite's: BEGIN, the callback, then COMMIT, or ROLLBACK if it throws. A COMMIT that
  // PostgreSQL answers with ROLLBACK (a statement inside failed) fails the transaction.
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    while (this.#held) await this.#held
    let release!: () => void
    this.#held = new Promise((resolve) => (release = resolve))
    let closed = false
    const open = () => {
      if (closed) throw new Error('Transaction is closed')
    }
    const tx = {
      query: async <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
        open()
        return this.#query<R>(text, params, options, true)
      },
      exec: async (sql: string, options?: QueryOptions) => {
        open()
        return this.#exec(sql, options, true)
      },
      rollback: async () => {
        open()
        closed = true
        await this.#exec('rollback', undefined, true)
      },
      get closed() {
        return closed
      },
    } as unknown as Transaction
    try {
      await this.#exec('begin', undefined, true)
      const result = await callback(tx)
      if (!closed) {
        closed = true
        const replies = this.#messages(await this.#send([serialize.query('commit'), serialize.sync()]))
        const rolledBack = replies.some(
          (message) => message instanceof messages.CommandCompleteMessage && message.text === 'ROLLBACK',
        )
        if (rolledBack) throw new Error('The transaction was rolled back: a statement in it failed')
      }
      return result
    } catch (error) {
      if (!closed) {
        closed = true
        await this.#exec('rollback', undefined, true).catch(() => undefined)
      }
      throw error
    } finally {
      this.#held = null
      release()
    }
  }

  async listen(channel: string, listener: Listener): Promise<() => Promise<void>> {
    const name = postgresName(channel)
    let set = this.#listeners.get(name)
    if (!set) {
      set = new Set()
      this.#listeners.set(name, set)
      await this.exec(`listen ${quoted(channel)}`)
    }
    set.add(listener)
    return async () => {
      set.delete(listener)
      if (set.size === 0 && this.#listeners.get(name) === set) {
        this.#listeners.delete(name)
        if (!this.#closed) await this.exec(`unlisten ${quoted(channel)}`)
      }
    }
  }

  // A plain SQL dump of the database (pg_dump, with `args`), taken with nothing else running;
  // `after` is run once it is done, to set the connection up again. Every named statement is
  // prepared again afterwards: pg_dump drops them.
  async dump(args: string[], after: string): Promise<string> {
    while (this.#held) await this.#held
    let release!: () => void
    this.#held = new Promise((resolve) => (release = resolve))
    try {
      const id = this.#nextId++
      const reply = await this.#ask(id, () =>
        this.#worker.postMessage({ id, op: 'dump', args, after } satisfies ThreadRequest),
      )
      if ('error' in reply) throw new Error(reply.error.message)
      if (!('data' in reply)) throw new Error('The embedded database answered out of turn')
      return new TextDecoder().decode(reply.data)
    } finally {
      this.#statements.clear()
      this.#toClose = []
      this.#held = null
      release()
    }
  }

  async close() {
    if (this.#closed) return
    while (this.#held) await this.#held
    this.#closed = true
    const id = this.#nextId++
    await this.#ask(id, () => this.#worker.postMessage({ id, op: 'close' } satisfies ThreadRequest))
    await this.#worker.terminate()
  }
}

// The thread as the PGlite instance the ORM takes.
export async function openPgliteThread(settings: ThreadSettings): Promise<PGlite> {
  return (await PGliteThread.open(settings)) as unknown as PGlite
}
