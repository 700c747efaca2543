import type { PGlite } from '@electric-sql/pglite'

// The one PGlite session, shared by the connections that @electric-sql/pglite-socket serves
// (docs/decisions/0167). Given to the package's handler as its `queryQueue` in place of the
// package's own, which hands the session to another connection between any two protocol
// messages (electric-sql/pglite#1046): a query whose messages arrive in two reads of its socket
// could have another connection's Parse run between its Parse and its Bind; and one error left
// the package's queue stopped for good. Here:
// - a connection's messages are kept until its Sync (or its simple Query) and run as one call
//   into PGlite, answered in one write: a query is one unit, never split;
// - a connection whose transaction is open keeps the session until it ends, or until it drops
//   (then its transaction is rolled back);
// - a failing call fails that connection alone, and the queue goes on;
// - Terminate is not passed on (it would end the shared session).

// The handler's view of the queue (the package's QueryQueueManager's public methods).
export interface QueryQueue {
  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number>
  clearQueueForHandler(handlerId: number): void
  clearTransactionIfNeeded(handlerId: number): Promise<void>
}

// A connection's query (a batch of messages ending in Sync or Query), or work on the session.
interface Unit {
  handlerId: number
  run: () => Promise<void>
  cancel: (error: Error) => void
}

const SYNC = 0x53 // 'S'
const QUERY = 0x51 // 'Q'
const TERMINATE = 0x58 // 'X'
// A message with no type byte: the start-up message (its length, then protocol 3.0).
const isStartup = (message: Uint8Array) =>
  message.length >= 8 && new DataView(message.buffer, message.byteOffset).getInt32(4) === 196608

const joined = (parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((size, part) => size + part.length, 0))
  let offset = 0
  for (const part of parts) {
    all.set(part, offset)
    offset += part.length
  }
  return all
}

export class SessionQueue implements QueryQueue {
  readonly #db: PGlite
  // Each connection's messages since its last Sync.
  readonly #partial = new Map<number, Uint8Array[]>()
  readonly #units: Unit[] = []
  // The connection whose transaction is open: only its units run until it ends.
  #owner: number | null = null
  #running = false

  constructor(db: PGlite) {
    this.#db = db
  }

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    const type = message[0]
    if (type === TERMINATE) return Promise.resolve(0)
    if (!isStartup(message) && type !== SYNC && type !== QUERY) {
      const parts = this.#partial.get(handlerId)
      if (parts) parts.push(message)
      else this.#partial.set(handlerId, [message])
      return Promise.resolve(0)
    }
    const parts = this.#partial.get(handlerId)
    this.#partial.delete(handlerId)
    const whole = parts ? joined([...parts, message]) : message
    return new Promise((resolve, reject) => {
      const run = async () => {
        let bytes = 0
        try {
          await this.#db.execProtocolRawStream(whole, {
            syncToFs: true,
            onRawData: (data) => {
              bytes += data.length
              onData(data)
            },
          })
          resolve(bytes)
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)))
        }
        this.#owner = this.#db.isInTransaction() ? handlerId : null
      }
      this.#push({ handlerId, run, cancel: reject })
    })
  }

  // Runs `work` on the session between two transactions, with nothing else running (a dump).
  exclusive<T>(work: (db: PGlite) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#push({ handlerId: -1, run: () => work(this.#db).then(resolve, reject), cancel: reject })
    })
  }

  #push(unit: Unit, first = false) {
    if (first) this.#units.unshift(unit)
    else this.#units.push(unit)
    void this.#run()
  }

  #next(): Unit | undefined {
    const index = this.#owner === null ? 0 : this.#units.findIndex((unit) => unit.handlerId === this.#owner)
    if (index < 0) return undefined
    return this.#units.splice(index, 1)[0]
  }

  async #run() {
    if (this.#running) return
    this.#running = true
    try {
      for (let unit = this.#next(); unit; unit = this.#next()) await unit.run()
    } finally {
      this.#running = false
    }
  }

  clearQueueForHandler(handlerId: number) {
    this.#partial.delete(handlerId)
    for (let index = this.#units.length - 1; index >= 0; index--) {
      const unit = this.#units[index]!
      if (unit.handlerId !== handlerId) continue
      this.#units.splice(index, 1)
      unit.cancel(new Error('Handler disconnected'))
    }
  }

  async clearTransactionIfNeeded(handlerId: number) {
    if (this.#owner !== handlerId) return
    // As a unit of that connection's, so that nothing else runs inside its transaction.
    await new Promise<void>((resolve) => {
      const run = async () => {
        if (this.#db.isInTransaction()) await this.#db.exec('rollback').catch(() => undefined)
        this.#owner = null
        resolve()
      }
      this.#push({ handlerId, run, cancel: () => resolve() }, true)
    })
  }
}
