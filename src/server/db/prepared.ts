import type { SQL } from 'drizzle-orm'
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core'
import type { DbOrTx } from './client'

// Hot reads are built once per database handle and kept as prepared queries: their values go in
// as placeholders (`sql.placeholder('name')`), so a call only fills them in. Building the SQL
// through the query builder on every call cost more CPU than PostgreSQL spent running most of
// these reads (docs/decisions/0040-performance-at-scale.md). On PostgreSQL the name is also the
// server-side prepared statement of each pooled connection, so every name must stand for one
// query text: a query whose shape varies gets one name per shape.
//
// A handle is the app's database or a transaction. Queries are kept per connection: the app's
// database (its pool), or the pooled connection a transaction holds. A query prepared in one
// transaction runs on that connection, so the next transaction that holds the same connection
// uses it again instead of building the SQL anew (writes run in transactions, and building
// their SQL was a tenth of a friend request's CPU). The embedded database is reached through the
// same pool (docs/decisions/0167). Builders are module-level functions: a name that two builders
// claim is refused, so one name can never run another query's text.

interface Preparable<Q> {
  prepare(name: string): Q
}

type Builder<Q> = (db: DbOrTx) => Preparable<Q>

const builders = new Map<string, Builder<unknown>>()
// Keyed by the connection: a prepared statement lives on one server connection, and the pool
// opens and drops connections on its own, so the cache must go with each one (a transaction
// reaches only its connection, never the Database that owns the pool; docs/decisions/0068).
const prepared = new WeakMap<object, Map<string, unknown>>()

// The connection a handle runs its queries on (Drizzle's session holds it): the pool or the
// embedded database for the app's database, the checked-out connection for a transaction.
function connectionOf(db: DbOrTx): object {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client
  return typeof client === 'object' && client !== null ? client : db
}

export function preparedQuery<Q>(db: DbOrTx, name: string, build: Builder<Q>): Q {
  const known = builders.get(name)
  if (known !== build) {
    if (known) throw new Error(`prepared query name ${name} is taken by another query`)
    builders.set(name, build)
  }
  const connection = connectionOf(db)
  let queries = prepared.get(connection)
  if (!queries) {
    queries = new Map()
    prepared.set(connection, queries)
  }
  let query = queries.get(name) as Q | undefined
  if (query === undefined) {
    query = build(db).prepare(name)
    queries.set(name, query)
  }
  return query
}

// A query whose text depends on a few choices (which filters are on, the sort): one builder per
// shape, made on first use and kept, each under a name that spells out its shape, so every name
// still stands for one query text. `name` must encode everything `make` reads from its shape.
const shapedBuilders = new Map<string, Builder<unknown>>()

export function preparedShape<Q>(db: DbOrTx, name: string, make: () => Builder<Q>): Q {
  let build = shapedBuilders.get(name) as Builder<Q> | undefined
  if (!build) {
    build = make()
    shapedBuilders.set(name, build)
  }
  return preparedQuery(db, name, build)
}

// A statement written as SQL rather than with the query builder, as a builder for the two above:
// rendered once with its placeholders, then filled in on each call. It answers the driver's own
// result (`rowsOf` reads its rows), as `db.execute` does.
export function statementOf(db: DbOrTx, statement: SQL): Preparable<PreparedStatement> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession }
  return {
    prepare: (name) =>
      session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false) as PreparedStatement,
  }
}

export interface PreparedStatement {
  execute(placeholders?: Record<string, unknown>): Promise<unknown>
}
