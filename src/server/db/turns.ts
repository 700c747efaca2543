// Turns at the embedded database, in the order they were asked, with the event loop free to read
// new requests every few milliseconds.
//
// PGlite runs a query on the thread that also reads the requests, and runs it at once, inside
// whatever callback asked: the HTTP read of the request that needs it. Under load the server
// then reads a batch of requests and answers each inside its read, and which connections come
// first is up to the kernel and the clients: some wait many batches. Measured with 32
// connections on a plain Node server doing 0.9 ms of work per request: p50 31 ms, p99 252 ms.
// Given its turn from a queue, with the event loop free to read new requests between two
// turns, each waits its place: p99 36 ms, at the same throughput (docs/decisions/0120).
//
// The database goes from one caller to the next at once for a slice of time, then lets the event
// loop have a turn: a turn of the loop after every query cost up to a tenth of the throughput of
// the reads that make several. A call made when nothing is under way runs at once: a lone request
// waits for nothing.

// How long the database goes from one caller to the next before the event loop gets a turn.
export const TURN_SLICE_MS = 2

export type Turns = <T>(work: () => Promise<T>) => Promise<T>

export function createTurns(sliceMs = TURN_SLICE_MS): Turns {
  const waiting: Array<() => void> = []
  let busy = false
  let sliceStarted = 0
  const next = () => {
    const start = waiting.shift()
    if (start) start()
    else busy = false
  }
  const nextSlice = () => {
    sliceStarted = performance.now()
    next()
  }
  return async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (busy) await new Promise<void>((resolve) => waiting.push(resolve))
    else {
      busy = true
      sliceStarted = performance.now()
    }
    try {
      return await work()
    } finally {
      // The next in line goes on at once within a slice of time; past it, after the event loop
      // has had a turn of its own.
      if (performance.now() - sliceStarted < sliceMs) next()
      else setImmediate(nextSlice)
    }
  }
}
