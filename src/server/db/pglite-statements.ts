import { createTurns } from './turns'
import {
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
  parse,
  protocol,
} from '@electric-sql/pglite'

// The embedded database with named statements. PGlite's own `query` sends every query as an
// unnamed statement, so PostgreSQL parses, analyses and plans it again on every call; on the
// bench's data set planning took longer than running for the hot reads (0.29 ms against 0.18 ms
// for the session read, 9 ms against 0.2 ms for the two largest statements of "what's next").
// A PostgreSQL server connection keeps named statements (the `pg` pool, see prepared.ts): this
// gives the embedded database the same. Each query text is parsed once under a name of its own
// and described; a call then binds, describes its portal and executes in one message to the
// database (PGlite's `query` makes five), and after five calls PostgreSQL may settle on a
// generic plan as it does on a server. The answers are the same: the same parameter
// serialisation, the same result parsing (PGlite's own), the same errors.
//
// Locking follows PGlite's `query`: a call outside a transaction waits for any transaction to
// end, then takes the query lock, and writes the data directory out after; a call inside a
// transaction takes the query lock only (the transaction holds the other). A query or a
// transaction outside one first waits for its turn (turns.ts): one at a time, in the order
// asked, with the event loop reading new requests between two.

// Texts kept as named statements at most; the least recently used is closed past it. The app's
// queries are a few hundred texts; a text built from a list's length gets one per length.
export const MAX_NAMED_STATEMENTS = 1000

const { serialize } = protocol

export interface Statement {
  name: string
  // The parameters' type oids, from PostgreSQL's description of the statement.
  paramTypes: number[]
}

type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>

// One buffer from several (a message's frames, a reply's pieces), each copied in once.
export function frames(parts: Uint8Array[]): Uint8Array {
  let length = 0
  for (const part of parts) length += part.byteLength
  const out = new Uint8Array(length)
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.byteLength
  }
  return out
}

// The parameters as the statement's types serialize them (PGlite's own rule): null stays null.
export function bindValues(
  statement: Statement,
  params: unknown[],
  options: QueryOptions | undefined,
  serializers: Record<number | string, (value: unknown) => string>,
): (string | null)[] {
  return params.map((value, index) => {
    if (value === null || value === undefined) return null
    const type = statement.paramTypes[index]!
    const serializer = options?.serializers?.[type] ?? serializers[type]
    return serializer ? serializer(value) : String(value)
  })
}

// A statement whose tables changed under it so that its columns differ cannot run again.
export const isStalePlan = (error: unknown) =>
  /cached plan must not change result type/.test(String((error as Error)?.message))

export function withQuery(error: unknown, text: string, params: unknown[], options?: QueryOptions) {
  if (error && typeof error === 'object') Object.assign(error, { query: text, params, queryOptions: options })
  return error
}

const named = new WeakMap<PGlite, PGlite>()

// The one named-statement client of a PGlite instance: its statements live on the instance's one
// connection, so everything that runs on that instance shares the client and its names.
export function namedStatementsOf(pg: PGlite): PGlite {
  let client = named.get(pg)
  if (!client) {
    client = withNamedStatements(pg)
    named.set(pg, client)
  }
  return client
}

export function withNamedStatements(pg: PGlite, options: { max?: number } = {}): PGlite {
  const max = options.max ?? MAX_NAMED_STATEMENTS
  const inTurn = createTurns()
  const statements = new Map<string, Statement>()
  let nextId = 0
  // Statements past the cap, closed with the next message.
  let toClose: string[] = []

  async function statementFor(text: string, options?: QueryOptions): Promise<Statement> {
    const known = statements.get(text)
    if (known) {
      // Most recently used last: the map's first entry is the one to close.
      statements.delete(text)
      statements.set(text, known)
      return known
    }
    const name = `pm_${(nextId++).toString(36)}`
    const messages = await pg.execProtocolStream(
      frames([
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    )
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) }
    statements.set(text, statement)
    if (statements.size > max) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement]
      statements.delete(oldestText)
      toClose.push(oldest.name)
    }
    return statement
  }

  // Under the query lock.
  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    try {
      const statement = await statementFor(text, options)
      const values = bindValues(statement, params, options, pg.serializers)
      const closing = toClose.map((name) => serialize.close({ type: 'S', name }))
      toClose = []
      const messages = await pg.execProtocolStream(
        frames([
          ...closing,
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      )
      return parse.parseResults(messages, pg.parsers, options)[0] as Results<T>
    } catch (error) {
      if (isStalePlan(error)) {
        const stale = statements.get(text)
        if (stale) {
          statements.delete(text)
          toClose.push(stale.name)
        }
      }
      throw withQuery(error, text, params, options)
    }
  }

  const query: Query = <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
    inTurn(() =>
      pg._runExclusiveTransaction(() =>
        pg._runExclusiveQuery(async () => {
          const result = await run<T>(text, params, options)
          await pg.syncToFs()
          return result
        }),
      ),
    )

  // The turn is held for the whole transaction, as PGlite's transaction lock is: nothing else
  // could run on the database in between.
  async function transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return inTurn(() =>
      pg.transaction((tx) => {
        const txQuery: Query = <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
          if (tx.closed) return Promise.reject(new Error('Transaction is closed'))
          return pg._runExclusiveQuery(() => run<T>(text, params, options))
        }
        return callback(
          Object.create(tx, {
            query: { value: txQuery, writable: true, configurable: true },
          }) as Transaction,
        )
      }),
    )
  }

  // What the ORM calls; listening, closing and the data directory stay with PGlite itself.
  return { query, transaction } as unknown as PGlite
}
