import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { MIGRATIONS_DIR } from '../paths'
import * as schema from './schema'
import { pgliteExtensions } from './pglite-extensions'
import { type EmbeddedServer, SOCKET_PORT, startEmbeddedServer } from './embedded'
import { ExactCache } from './exact-cache'
import { lockDataDir } from './data-dir-lock'
import { DUMP_ARGS } from './backup'
import type { UnreadCountOutput } from '../../domain/notifications/notification.schema'
import { type Db, openDb } from './handles'
import { PreparedQueries } from './prepared'

export type { AfterCommitBatch, AfterCommitStep, BeforeCommitBatch, Db, DbOrTx, Schema, Tx } from './handles'

export type DatabaseKind = 'pglite' | 'postgres'

export type Listener = (payload: string) => void

// A kept session lookup: the auth feature's row, which that feature declares in full
// (features/auth/sessions.ts); this layer knows of it the player's id (the group a change to the
// player forgets).
export interface CachedSession {
  id: string
}

export interface Database {
  db: Db
  kind: DatabaseKind
  // LISTEN on a channel; resolves to an unsubscribe function.
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>
  // Runs `handler` each time LISTEN is back after its connection was lost: notifications sent
  // in between were missed. Returns a function that removes the handler.
  onListenResumed(handler: () => void): () => void
  // Runs `handler` with the error of a step that failed after its transaction committed (see
  // `tx.afterCommit`): the write stands, so the request does not fail. Returns a function that
  // removes the handler. With no handler, the error is written to standard error.
  onAfterCommitError(handler: (error: unknown) => void): () => void
  // The session lookups this process read, where it alone owns the data (the embedded database):
  // each forgotten at the commit of a change to its session or its player (docs/decisions/0119,
  // 0192). Null on a PostgreSQL server, which other instances write to.
  sessionCache: ExactCache<CachedSession> | null
  // Each player's unread count, the same way: forgotten at the commit of any change to their
  // notifications (docs/decisions/0122). Null on a PostgreSQL server.
  unreadCache: ExactCache<UnreadCountOutput> | null
  // Runs `handler` when the database can no longer serve this process: the embedded database's
  // thread stopped (an error in it, its memory), which cannot be restarted under the requests and
  // transactions it had. A PostgreSQL server's connections are opened again by the pool: never.
  // Returns a function that removes the handler.
  onFatal(handler: (error: Error) => void): () => void
  // A plain SQL dump of the embedded database, consistent, taken while it serves (backup.ts).
  // Absent on a PostgreSQL server (pg_dump is its tool).
  dump?: () => Promise<string>
  close(): Promise<void>
}

// The embedded database's session cache: the connection setting that makes the triggers of
// migration 0027 notify, their channel, and how many sessions are kept at most.
export const SESSION_CACHE_SETTING_SQL = `set picklematch.session_cache = 'on'`
export const SESSIONS_CHANGED_CHANNEL = 'picklematch_sessions_changed'
export const SESSION_CACHE_MAX = 10_000
// Migration 0028's channel: its payload is the player whose notifications changed, or empty for
// everyone.
export const NOTIFICATIONS_CHANGED_CHANNEL = 'picklematch_notifications_changed'
export const UNREAD_CACHE_MAX = 10_000

// A step that failed after its transaction committed (handles.ts) is reported to the handlers of
// `onAfterCommitError`, or to standard error when there are none.
function afterCommitErrorReporter() {
  const handlers = new Set<(error: unknown) => void>()
  return {
    report(error: unknown) {
      if (handlers.size === 0) console.error('a step after a commit failed', error)
      for (const handler of handlers) handler(error)
    },
    add(handler: (error: unknown) => void) {
      handlers.add(handler)
      return () => {
        handlers.delete(handler)
      }
    },
  }
}

export const migrationsFolder = MIGRATIONS_DIR

export { pgliteExtensions }

// The connection that carries LISTEN is named, so operators (and tests) can find it.
export const LISTEN_APPLICATION_NAME = 'picklematch-listen'

// Migrations from several instances at once on one server: one at a time.
const MIGRATION_LOCK = 728_443_001

// Every statement with parameters goes out as a named prepared statement, so each connection
// parses and plans it once and PostgreSQL can reuse the plan: planning cost more than running
// most hot reads (docs/decisions/0040-performance-at-scale.md). The names are bounded: a
// statement whose text varies without end (a list of n ids) stops getting new names at the cap.
const MAX_NAMED_STATEMENTS = 500
const statementNames = new Map<string, string>()

function statementName(text: string) {
  let name = statementNames.get(text)
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `pm_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`
    statementNames.set(text, name)
  }
  return name
}

// Each pooled connection plans its named statements once, for any values (a generic plan),
// instead of PostgreSQL's default of planning again for the values of each call whenever it
// guesses the values matter: planning cost more than running most hot reads. The statements are
// written so that their generic plans read the right indexes (statuses written out where a
// partial index or a status index needs them), and `npm run bench` explains the generic plans.
// A query never fans out to parallel workers: on a server shared by many short requests, the
// workers' start-up costs more than they save. Nor is a query compiled to machine code (JIT): a
// generic plan takes a `LIMIT` sent as a value for a tenth of the table, its cost then passed
// PostgreSQL's JIT threshold, and a page that ran in 1 ms spent 20 ms compiling on every call
// (docs/decisions/0044-generic-plans.md).
export const CONNECTION_SETTINGS = {
  plan_cache_mode: 'force_generic_plan',
  max_parallel_workers_per_gather: '0',
  jit: 'off',
} as const

// The settings as one statement.
export const CONNECTION_SETTINGS_SQL = Object.entries(CONNECTION_SETTINGS)
  .map(([name, value]) => `set ${name} = ${pg.escapeLiteral(value)}`)
  .join('; ')

// A connection that applies the settings as it connects, before the pool hands it out: the pool
// waits for `connect`, so the settings run before anything the connection is asked to run (pg
// no longer lets a query be sent while another runs). Should they fail, the connection keeps
// the server's defaults: slower plans, same answers.
export class SettingsClient extends pg.Client {
  override connect(): Promise<pg.Client>
  override connect(callback: ((error: Error) => void) | ((error: null, client: pg.Client) => void)): void
  override connect(
    callback?: ((error: Error) => void) | ((error: null, client: pg.Client) => void),
  ): Promise<pg.Client> | void {
    // A failed connection fails; failed settings leave the defaults.
    const ready = super.connect().then((client) =>
      super.query(CONNECTION_SETTINGS_SQL).then(
        () => client,
        () => client,
      ),
    )
    if (!callback) return ready
    const done = callback as (error: Error | null, client?: pg.Client) => void
    ready.then((client) => done(null, client), done)
  }
}

// A query whose answer does not come (a network cut: the server cannot cancel what it never
// sees) leaves its connection waiting for ever: it is closed, so the pool drops it.
const isReadTimeout = (error: unknown) => error instanceof Error && error.message === 'Query read timeout'
// Closes a connection under its client, which then reports it ended.
const dropConnection = (client: pg.Client) =>
  (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()

// On the embedded database every connection shares its one session, and with it the session's
// prepared statements: each connection suffixes the names of its own, so that two never prepare
// the same name. Harmless on a PostgreSQL server.
let nextConnection = 0

// PostgreSQL keeps the first 63 bytes of a name: a name too long with its suffix goes by its hash,
// so that two never meet once cut.
const MAX_NAME = 63
const suffixed = (name: string, suffix: string) =>
  name.length + suffix.length <= MAX_NAME
    ? name + suffix
    : `pm_${createHash('sha1').update(name).digest('hex').slice(0, 32)}${suffix}`

class PreparingClient extends SettingsClient {
  // Set on the embedded database's pool (see above).
  static suffixNames = false
  readonly #suffix = `_${(nextConnection++).toString(36)}`
  // The queries the transactions that held this connection prepared (prepared.ts): they go with
  // the connection when the pool drops it.
  readonly preparedQueries = new PreparedQueries()

  override query(...args: unknown[]): never {
    const result = this.#query(args)
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(undefined, (error: unknown) => {
        if (isReadTimeout(error)) dropConnection(this)
      })
    return result
  }

  #query(args: unknown[]): never {
    const [config, values] = args
    if (config && typeof config === 'object' && !('submit' in config)) {
      const query = config as pg.QueryConfig
      const suffix = (this.constructor as typeof PreparingClient).suffixNames ? this.#suffix : ''
      // Drizzle passes the values as the second argument.
      if (query.name) {
        if (suffix) args[0] = { ...query, name: suffixed(query.name, suffix) }
      } else if (query.values?.length || (Array.isArray(values) && values.length)) {
        const name = statementName(query.text)
        if (name) args[0] = { ...query, name: name + suffix }
      }
    }
    return (super.query as (...a: unknown[]) => never)(...args)
  }
}

class EmbeddedClient extends PreparingClient {
  static override suffixNames = true
}

// Pooled connections stay open while idle (pg closes them after 10 s by default): the first
// request after a quiet spell otherwise paid for a new connection, its settings and every
// statement it runs prepared again, about 15 ms on this machine's loopback and more over a
// network. Each connection is replaced after an hour, so no backend keeps its prepared
// statements and their plans for ever.
const POOL_IDLE = { idleTimeoutMillis: 0, maxLifetimeSeconds: 60 * 60 }

// A database out of reach answers 503 in seconds instead of holding requests (and /api/health)
// for minutes (docs/decisions/0145): a connection is made within 5 s, the server cancels a
// statement after 10 s, and an answer that has not come 12 s after its question (a network cut,
// which the server cannot see) fails here, and its connection is dropped.
export const POOL_TIMEOUTS = {
  connectionTimeoutMillis: 5_000,
  statement_timeout: 10_000,
  query_timeout: 12_000,
}

export function openPostgres(url: string, poolSize = 10): Promise<Database> {
  return openPool({ connectionString: url }, poolSize)
}

// A PostgreSQL server, or the embedded database served over the protocol (embedded.ts): one code
// path for queries, transactions, prepared statements, LISTEN and errors on both.
async function openPool(
  connection: pg.ClientConfig,
  poolSize: number,
  embedded?: EmbeddedServer,
): Promise<Database> {
  const pool = new pg.Pool({
    ...connection,
    max: poolSize,
    ...(embedded
      ? {
          // One session that no network can cut, and a backup may hold for a while: no read or
          // statement timeouts; and connections kept for good, as their prepared statements are the
          // session's.
          Client: EmbeddedClient,
          idleTimeoutMillis: 0,
          connectionTimeoutMillis: POOL_TIMEOUTS.connectionTimeoutMillis,
        }
      : { Client: PreparingClient, ...POOL_IDLE, ...POOL_TIMEOUTS }),
  })
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  })
  const afterCommitErrors = afterCommitErrorReporter()
  const db = openDb(pool, {
    // The pool's connections are PreparingClients (above).
    queriesOf: (connection) => (connection as unknown as PreparingClient).preparedQueries,
    report: afterCommitErrors.report,
  })

  // Migrations on a connection of their own, without the pool's timeouts: one may wait for another
  // instance's, and one may take a while.
  const lockClient = new pg.Client(connection)
  await lockClient.connect()
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder })
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
    await lockClient.end()
  }

  // One dedicated connection carries every LISTEN of this process. If it drops, it is opened
  // again (every second until it succeeds) and every channel is listened to again.
  let listenClient: pg.Client | undefined
  let connecting: Promise<pg.Client> | undefined
  let closed = false
  const listeners = new Map<string, Set<Listener>>()
  const resumeHandlers = new Set<() => void>()
  let hasListened = false
  const notify = (message: pg.Notification) => {
    for (const listener of listeners.get(message.channel) ?? []) listener(message.payload ?? '')
  }
  // On the embedded database a notification comes in the reply to the statement that committed
  // it, on whichever connection sent it: the pool's connections hand theirs on too (on a
  // PostgreSQL server they listen to nothing and get none).
  pool.on('connect', (client) => client.on('notification', notify))
  const connectListener = async () => {
    const client = new pg.Client({
      ...connection,
      application_name: LISTEN_APPLICATION_NAME,
      connectionTimeoutMillis: POOL_TIMEOUTS.connectionTimeoutMillis,
    })
    // A cut network is silent on a connection that only listens: it is asked something every
    // 15 s, and closed (then opened again) when no answer comes within 5 s.
    const heartbeat = setInterval(() => {
      client
        .query({ text: 'select 1', query_timeout: 5_000 } as pg.QueryConfig)
        .catch(() => dropConnection(client))
    }, 15_000)
    heartbeat.unref()
    client.on('notification', notify)
    client.on('error', () => {
      // 'end' follows and reconnects.
    })
    client.on('end', () => {
      clearInterval(heartbeat)
      if (listenClient !== client) return
      listenClient = undefined
      if (!closed) scheduleReconnect()
    })
    await client.connect().catch((error: unknown) => {
      clearInterval(heartbeat)
      throw error
    })
    for (const channel of listeners.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`)
    listenClient = client
    if (hasListened) for (const handler of resumeHandlers) handler()
    hasListened = true
    return client
  }
  const getListenClient = () =>
    listenClient
      ? Promise.resolve(listenClient)
      : (connecting ??= connectListener().finally(() => {
          connecting = undefined
        }))
  const scheduleReconnect = () => {
    setTimeout(() => {
      if (!closed) getListenClient().catch(scheduleReconnect)
    }, 1000).unref()
  }
  const listen = async (channel: string, listener: Listener) => {
    const client = await getListenClient()
    let set = listeners.get(channel)
    if (!set) {
      set = new Set()
      listeners.set(channel, set)
      await client.query(`listen ${pg.escapeIdentifier(channel)}`)
    }
    set.add(listener)
    return async () => {
      set.delete(listener)
      if (set.size === 0) {
        listeners.delete(channel)
        await listenClient?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined)
      }
    }
  }

  let sessionCache: ExactCache<CachedSession> | null = null
  let unreadCache: ExactCache<UnreadCountOutput> | null = null
  if (embedded) {
    // This process alone reads and writes the embedded database: it keeps the session lookups
    // and unread counts, and the database tells it when they change (docs/decisions/0119, 0122).
    // A change names the session ('s' and its token's hash) or the player ('p' and their id) it
    // changed, or nothing: everything is forgotten (migration 0049, docs/decisions/0192).
    const sessions = new ExactCache<CachedSession>(SESSION_CACHE_MAX, (row) => row.id)
    await listen(SESSIONS_CHANGED_CHANNEL, (payload) => {
      if (payload.startsWith('s')) sessions.forget(payload.slice(1))
      else if (payload.startsWith('p')) sessions.forgetGroup(payload.slice(1))
      else sessions.clear()
    })
    const unread = new ExactCache<UnreadCountOutput>(UNREAD_CACHE_MAX)
    await listen(NOTIFICATIONS_CHANGED_CHANNEL, (userId) => (userId ? unread.forget(userId) : unread.clear()))
    // The setting is the session's, which every connection shares.
    await pool.query(SESSION_CACHE_SETTING_SQL)
    sessionCache = sessions
    unreadCache = unread
  }

  return {
    db,
    kind: embedded ? 'pglite' : 'postgres',
    listen,
    onListenResumed(handler) {
      resumeHandlers.add(handler)
      return () => resumeHandlers.delete(handler)
    },
    onAfterCommitError: afterCommitErrors.add,
    sessionCache,
    unreadCache,
    dump: embedded
      ? () => embedded.dump(DUMP_ARGS, `${CONNECTION_SETTINGS_SQL}; ${SESSION_CACHE_SETTING_SQL}`)
      : undefined,
    // Only the embedded database's thread can stop under the process; a PostgreSQL server's
    // connections are opened again by the pool.
    onFatal(handler) {
      return embedded ? embedded.onFailure(handler) : () => undefined
    },
    async close() {
      closed = true
      await listenClient?.end().catch(() => undefined)
      await pool.end()
      await embedded?.close()
    },
  }
}

// The embedded database's connection settings: its socket in `socketDir`, as PGlite's one user.
const embeddedConnection = (server: EmbeddedServer): pg.ClientConfig => ({
  host: server.socketDir,
  port: SOCKET_PORT,
  user: 'postgres',
  database: 'postgres',
})

// An embedded database in memory (tests, the OpenAPI script), from a dump of a data directory
// (`loadDataDir`, a tar file) or empty.
export async function openEmbeddedInMemory(
  options: { loadDataDir?: string | undefined; poolSize?: number; workerScript?: string | undefined } = {},
): Promise<Database> {
  const server = await startEmbeddedServer({
    loadDataDir: options.loadDataDir,
    workerScript: options.workerScript,
  })
  try {
    return await openPool(embeddedConnection(server), options.poolSize ?? EMBEDDED_POOL_SIZE, server)
  } catch (error) {
    await server.close()
    throw error
  }
}

// How many connections the server opens to the embedded database: they share its one session.
export const EMBEDDED_POOL_SIZE = 6

// The server's embedded database runs on a thread of its own (embedded.ts), so PostgreSQL's work
// and the server's use both cores. One process at a time opens it: the data directory's lock
// (data-dir-lock.ts) is taken first, or the opening fails naming its holder.
export async function openEmbedded(
  dataDir: string,
  purpose = 'a PickleMatch server',
  poolSize = EMBEDDED_POOL_SIZE,
): Promise<Database> {
  const dir = path.resolve(dataDir, 'pglite')
  mkdirSync(dir, { recursive: true })
  const lostLock = new Set<(error: Error) => void>()
  const lock = await lockDataDir(path.resolve(dataDir), purpose, (error) => {
    for (const handler of lostLock) handler(error)
  })
  let database: Database
  try {
    const server = await startEmbeddedServer({ dataDir: dir, socketDir: path.resolve(dataDir) })
    try {
      database = await openPool(embeddedConnection(server), poolSize, server)
    } catch (error) {
      await server.close()
      throw error
    }
  } catch (error) {
    await lock.release()
    throw error
  }
  return {
    ...database,
    // Losing the lock is as fatal as losing the thread: another process may be writing.
    onFatal(handler) {
      const removeThread = database.onFatal(handler)
      lostLock.add(handler)
      return () => {
        removeThread()
        lostLock.delete(handler)
      }
    },
    async close() {
      await database.close()
      await lock.release()
    },
  }
}

export function openDatabase(options: {
  databaseUrl?: string | undefined
  dataDir: string
  poolSize?: number
  // Who holds the embedded database's lock, for a process refused it (data-dir-lock.ts).
  purpose?: string
}) {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize)
    : openEmbedded(options.dataDir, options.purpose, options.poolSize)
}

// The rows of `db.execute`: both drivers answer with a result whose `rows` they are.
export const rowsOf = <T = Record<string, unknown>>(result: unknown): T[] => (result as { rows: T[] }).rows
