import {
  createTableRelationsHelpers,
  type ExtractTablesWithRelations,
  extractTablesRelationalConfig,
  type RelationalSchemaConfig,
  sql,
} from 'drizzle-orm'
import { NodePgDatabase, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres'
import { PgDialect } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import * as schema from './schema'
import { type Preparable, PreparedQueries } from './prepared'

// The database the app is given (main.ts builds it through client.ts, tests and tools the same
// way) and the transactions it gives out: Drizzle's node-postgres ones, each with two things of
// its own (docs/decisions/0170):
// - `afterCommit(step)`: a step to run once the transaction has committed (docs/decisions/0060),
//   and `afterCommitBatch(batch, add)`: work that gathers a transaction's additions and runs once;
// - `beforeCommitBatch(batch, add)`: work that gathers a transaction's additions and runs once
//   inside it, just before its commit (the mail outbox: one insert for a turn's emails);
// - `prepared(name, build)` and `preparedShape(name, make)`: the query `build` makes, kept per
//   connection (prepared.ts).
// Their state is the objects' own: a transaction holds its steps and the cache of the connection
// it holds; the database holds the pool's cache and `withoutTransaction`.

export type Schema = typeof schema
type Tables = ExtractTablesWithRelations<Schema>
export type DbOrTx = Db | Tx

// A NOTIFY inside a transaction that writes holds PostgreSQL's one notify lock through that
// transaction's commit, flush to disk included: every notifying write on the server commits one
// after the other, and on this machine 32 writers went from 4,900 to 440 commits a second. A
// NOTIFY on its own writes nothing to disk, so it is sent after the commit instead, on the pool.
export type AfterCommitStep = (db: DbOrTx) => Promise<void>

// Work that gathers what a transaction adds to it and runs once after the commit, all of it
// together (the realtime outbox: one statement for every event a write publishes).
export interface AfterCommitBatch<S> {
  // The batch of one transaction, made the first time something is added to it.
  start(): S
  // Runs the batch, after the commit, on the database outside the transaction.
  finish(state: S, db: DbOrTx): Promise<void>
}

// What a transaction runs after its commit: its steps, in order, each batch among them at the
// place of its first addition. One per transaction, and one per `withoutTransaction` call.
class AfterCommitQueue {
  readonly #steps: AfterCommitStep[] = []
  #batches: Map<object, unknown> | undefined

  add(step: AfterCommitStep) {
    this.#steps.push(step)
  }

  addToBatch<S>(batch: AfterCommitBatch<S>, add: (state: S) => void) {
    this.#batches ??= new Map()
    let state = this.#batches.get(batch) as S | undefined
    if (state === undefined) {
      const started = batch.start()
      this.#batches.set(batch, started)
      this.#steps.push((db) => {
        // What is added from now on starts a new batch.
        this.#batches?.delete(batch)
        return batch.finish(started, db)
      })
      state = started
    }
    add(state)
  }

  // A step that fails is reported; the others still run.
  async run(db: Db, report: (error: unknown) => void) {
    for (const step of this.#steps) {
      try {
        await step(db)
      } catch (error) {
        report(error)
      }
    }
  }
}

// Work that gathers what a transaction adds to it and runs once in the transaction, just before
// its commit: several writes of one table become one statement, each a round trip that holds a
// connection (and on the embedded database, its one session). If it fails, the transaction rolls
// back.
export interface BeforeCommitBatch<S> {
  // The batch of one transaction, made the first time something is added to it.
  start(): S
  // Runs the batch, in the transaction (`db`), before its commit.
  finish(state: S, db: DbOrTx): Promise<void>
}

// What a transaction runs before its commit: its batches, in the order of their first additions.
class BeforeCommitQueue {
  #batches = new Map<object, { state: unknown; finish: (db: DbOrTx) => Promise<void> }>()

  add<S>(batch: BeforeCommitBatch<S>, add: (state: S) => void) {
    let entry = this.#batches.get(batch)
    if (!entry) {
      const state = batch.start()
      entry = { state, finish: (db) => batch.finish(state, db) }
      this.#batches.set(batch, entry)
    }
    add(entry.state as S)
  }

  // Runs the batches gathered so far; what is added from now on starts new ones.
  async run(db: DbOrTx) {
    while (this.#batches.size > 0) {
      const batches = [...this.#batches.values()]
      this.#batches = new Map()
      for (const { finish } of batches) await finish(db)
    }
  }
}

export type Builder<Q> = (db: DbOrTx) => Preparable<Q>

// What a database and every transaction it gives out share.
interface Shared {
  readonly pool: pg.Pool
  readonly dialect: PgDialect
  readonly schema: RelationalSchemaConfig<Tables>
  // The queries prepared on a connection of the pool: the connection keeps them (client.ts).
  readonly queriesOf: (connection: pg.PoolClient) => PreparedQueries
  // A step that failed after its commit: the write stands, so it is reported, not thrown.
  readonly report: (error: unknown) => void
}

// The methods a database and every transaction it gives out both have, written once over what
// each holds: its after-commit queue and its prepared queries. A mixin, as the two extend
// different classes of Drizzle's. A method reads that state through `this as Handle`: TypeScript
// does not let it read a protected member through `this` typed as a database or a transaction.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form TypeScript requires of a mixin's base
type HandleBase = abstract new (...args: any[]) => object

function withHandleMethods<B extends HandleBase>(Base: B) {
  abstract class Handle extends Base {
    // What runs after the commit: null on the database and in a savepoint, where steps run now.
    protected abstract pending: AfterCommitQueue | null
    // What runs just before the commit: null on the database and in a savepoint, where batches
    // run now.
    protected abstract readonly beforeCommit: BeforeCommitQueue | null
    protected abstract readonly queries: PreparedQueries

    // In a transaction, runs `step` once it has committed (never, if it rolls back), on the
    // database outside it. On the database and in a savepoint the step runs now, on that handle;
    // on a handle of `withoutTransaction`, once its work is done.
    async afterCommit(this: Handle & DbOrTx, step: AfterCommitStep): Promise<void> {
      const { pending } = this as Handle
      if (pending) pending.add(step)
      else await step(this)
    }

    // Passes `add` this transaction's `batch`, started (and its run queued as a step) the first
    // time; the batch runs once, after the commit. On the database and in a savepoint, a batch
    // of its own runs now.
    async afterCommitBatch<S>(
      this: Handle & DbOrTx,
      batch: AfterCommitBatch<S>,
      add: (state: S) => void,
    ): Promise<void> {
      const { pending } = this as Handle
      if (pending) return pending.addToBatch(batch, add)
      const state = batch.start()
      add(state)
      await batch.finish(state, this)
    }

    // Passes `add` this transaction's `batch`, started the first time; the batch runs once, in
    // the transaction, just before its commit (or when `runBeforeCommit` is called). On the
    // database and in a savepoint, a batch of its own runs now.
    async beforeCommitBatch<S>(
      this: Handle & DbOrTx,
      batch: BeforeCommitBatch<S>,
      add: (state: S) => void,
    ): Promise<void> {
      const { beforeCommit } = this as Handle
      if (beforeCommit) return beforeCommit.add(batch, add)
      const state = batch.start()
      add(state)
      await batch.finish(state, this)
    }

    // Runs now the batches this transaction would run before its commit, so that a caller can
    // tell their failure from its own (the job runner). The commit runs what is added later.
    async runBeforeCommit(this: Handle & DbOrTx): Promise<void> {
      await (this as Handle).beforeCommit?.run(this)
    }

    prepared<Q>(this: Handle & DbOrTx, name: string, build: Builder<Q>): Q {
      return (this as Handle).queries.get<DbOrTx, Q>(this, name, build)
    }

    preparedShape<Q>(this: Handle & DbOrTx, name: string, make: () => Builder<Q>): Q {
      return (this as Handle).queries.shaped<DbOrTx, Q>(this, name, make)
    }
  }
  return Handle
}

const BEGIN = sql`begin`
const COMMIT = sql`commit`
const ROLLBACK = sql`rollback`

export class Db extends withHandleMethods(NodePgDatabase<Schema>) {
  // The pool, as Drizzle's own `drizzle()` names it (tests and the benchmark reach it).
  readonly $client: pg.Pool
  private readonly shared: Shared
  // The database whose steps run after a commit: this one, also for a handle of
  // `withoutTransaction`.
  private readonly root: Db
  // The queries prepared on the pool: pg prepares each on every connection it runs on.
  protected readonly queries = new PreparedQueries()
  // A handle of `withoutTransaction` holds its steps here; the database runs them now.
  protected pending: AfterCommitQueue | null = null
  protected readonly beforeCommit = null

  constructor(shared: Shared) {
    super(shared.dialect, new NodePgSession(shared.pool, shared.dialect, shared.schema), shared.schema)
    this.shared = shared
    this.$client = shared.pool
    this.root = this
  }

  // Runs `work` in a transaction on a connection of the pool. Its before-commit batches run once
  // `work` is done, in the transaction; its after-commit steps run, in
  // order, after the commit and before the promise settles, so the caller answers once they are
  // done; never after a rollback. A step that fails is reported; the others still run.
  // (Drizzle's own, with the transaction made here: Drizzle's session makes its own class.)
  override async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const { pool, dialect, schema, queriesOf } = this.shared
    const connection = await pool.connect()
    const steps = new AfterCommitQueue()
    const session = new NodePgSession(connection, dialect, schema)
    const tx = new Tx(this.shared, session, queriesOf(connection), steps, new BeforeCommitQueue(), 0)
    let result: T
    try {
      await tx.execute(BEGIN)
      try {
        result = await work(tx)
        await tx.runBeforeCommit()
        await tx.execute(COMMIT)
      } catch (error) {
        await tx.execute(ROLLBACK)
        throw error
      }
    } finally {
      connection.release()
    }
    await steps.run(this.root, this.shared.report)
    return result
  }

  // Runs `work`, whose write is one statement (atomic on its own, so it needs no BEGIN and
  // COMMIT, two round trips fewer), with its after-commit steps held until `work` is done and
  // then run as a transaction's would be: what it publishes leaves together, after the write. If
  // `work` throws, its steps never run, as after a rollback; so it must not throw once its write
  // is done.
  async withoutTransaction<T>(work: (db: Db) => Promise<T>): Promise<T> {
    // The same database with steps of its own: everything else is read through to this one.
    const handle = Object.create(this) as Db
    const steps = new AfterCommitQueue()
    handle.pending = steps
    const result = await work(handle)
    await steps.run(this.root, this.shared.report)
    return result
  }
}

export class Tx extends withHandleMethods(NodePgTransaction<Schema, Tables>) {
  constructor(
    private readonly shared: Shared,
    session: ConstructorParameters<typeof NodePgTransaction>[1],
    // The queries prepared on the connection this transaction holds.
    protected readonly queries: PreparedQueries,
    // What runs after the commit; null in a savepoint, whose steps run now.
    protected readonly pending: AfterCommitQueue | null,
    // What runs just before the commit; null in a savepoint, whose batches run now.
    protected readonly beforeCommit: BeforeCommitQueue | null,
    nestedIndex: number,
  ) {
    super(shared.dialect, session, shared.schema, nestedIndex)
  }

  // A savepoint (Drizzle's own, with the transaction made here).
  override async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const depth = this.nestedIndex + 1
    const savepoint = new Tx(this.shared, this._.session, this.queries, null, null, depth)
    await savepoint.execute(sql.raw(`savepoint sp${depth}`))
    try {
      const result = await work(savepoint)
      await savepoint.execute(sql.raw(`release savepoint sp${depth}`))
      return result
    } catch (error) {
      await savepoint.execute(sql.raw(`rollback to savepoint sp${depth}`))
      throw error
    }
  }
}

// The app's database over `pool`, as Drizzle's `drizzle({ client: pool, schema })` builds it.
export function openDb(
  pool: pg.Pool,
  options: { queriesOf: Shared['queriesOf']; report: Shared['report'] },
): Db {
  const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers)
  return new Db({
    pool,
    dialect: new PgDialect(),
    schema: { fullSchema: schema, schema: tables.tables as Tables, tableNamesMap: tables.tableNamesMap },
    ...options,
  })
}
