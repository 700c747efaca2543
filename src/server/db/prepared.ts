import type { Query, SQL } from 'drizzle-orm'
import type { PgSession } from 'drizzle-orm/pg-core'

// Hot reads are built once per connection and kept as prepared queries: their values go in as
// placeholders (`sql.placeholder('name')`), so a call only fills them in. Building the SQL
// through the query builder on every call cost more CPU than PostgreSQL spent running most of
// these reads (docs/decisions/0040-performance-at-scale.md). On PostgreSQL the name is also the
// server-side prepared statement of each pooled connection, so every name must stand for one
// query text: a query whose shape varies gets one name per shape.
//
// The database and its transactions look them up with `db.prepared(name, build)` and
// `db.preparedShape(name, make)` (handles.ts; docs/decisions/0170). Queries are kept per
// connection: the app's database keeps those that run on its pool, and each pooled connection
// keeps those prepared in the transactions that held it, so the next transaction on the same
// connection uses them again instead of building the SQL anew (writes run in transactions, and
// building their SQL was a tenth of a friend request's CPU). A connection the pool drops takes
// its queries along. Builders are module-level functions: a name that two builders claim is
// refused, so one name can never run another query's text.

export interface Preparable<Q> {
  prepare(name: string): Q
}

// Which builder each name stands for, across every database of the process: keyed by the name,
// it holds code, not connections.
const builders = new Map<string, unknown>()
const shapedBuilders = new Map<string, unknown>()

// The queries prepared on one connection (or on the pool, for the app's database).
export class PreparedQueries {
  readonly #queries = new Map<string, unknown>()

  // The query `build` makes on `handle`, prepared under `name`: built on the first call on this
  // connection, then the same one.
  get<H, Q>(handle: H, name: string, build: (db: H) => Preparable<Q>): Q {
    const known = builders.get(name)
    if (known !== build) {
      if (known) throw new Error(`prepared query name ${name} is taken by another query`)
      builders.set(name, build)
    }
    let query = this.#queries.get(name) as Q | undefined
    if (query === undefined) {
      query = build(handle).prepare(name)
      this.#queries.set(name, query)
    }
    return query
  }

  // A query whose text depends on a few choices (which filters are on, the sort): one builder per
  // shape, made on first use and kept, each under a name that spells out its shape, so every name
  // still stands for one query text. `name` must encode everything `make` reads from its shape.
  shaped<H, Q>(handle: H, name: string, make: () => (db: H) => Preparable<Q>): Q {
    let build = shapedBuilders.get(name) as ((db: H) => Preparable<Q>) | undefined
    if (!build) {
      build = make()
      shapedBuilders.set(name, build)
    }
    return this.get(handle, name, build)
  }
}

// What `statementOf` needs of a database or transaction: its public `execute` and session.
interface RunsStatements {
  execute(statement: SQL): { getQuery(): Query }
  readonly _: { readonly session: Pick<PgSession, 'prepareQuery'> }
}

// A statement written as SQL rather than with the query builder, as a builder for the two above:
// rendered once with its placeholders, then filled in on each call. It answers the driver's own
// result (`rowsOf` reads its rows), as `db.execute` does.
export function statementOf(db: RunsStatements, statement: SQL): Preparable<PreparedStatement> {
  // Rendered, not run: Drizzle's `execute` answers a query that runs only once awaited.
  const query = db.execute(statement).getQuery()
  return {
    prepare: (name) => db._.session.prepareQuery(query, undefined, name, false) as PreparedStatement,
  }
}

export interface PreparedStatement {
  execute(placeholders?: Record<string, unknown>): Promise<unknown>
}
