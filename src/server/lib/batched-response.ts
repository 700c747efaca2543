import { type IncomingMessage, ServerResponse } from 'node:http'

// Responses that end in the same turn of the event loop leave together.
//
// A whole response (its head and body written by one end(), as every API answer is) is not
// written to its socket on the spot: it joins a batch, and the batch is written at the end of
// the event loop's I/O phase (setImmediate), after every request that arrived in that phase has
// been handled. Each response still gets its own write on its own socket; what changes is when.
//
// Why: on a busy server the connections come from few processes (a reverse proxy, a load
// balancer, a load generator), each waiting in epoll for any of its connections. Writing an
// answer to a process that sleeps costs a wake-up (on virtual machines an interrupt to another
// core), and on these machines that wake-up was the largest single cost of a light request.
// Written one by one between requests, nearly every answer woke the peer; written together, the
// first wakes it and the rest find it awake (docs/decisions/0059-responses-leave-together.md).
// An answer waits at most for the requests handled in the same turn: on a quiet server none, and
// never more than MAX_BATCH of them.
//
// Only whole responses wait: a streamed one (an event stream, a file) writes as it always did.
// A subclass whose `batches` is false writes every answer on the spot: for benchmark comparisons
// (SERVER_OPTIMIZATIONS_OFF=batching).

// Past this many waiting answers the batch goes out at once, which bounds the wait of the first.
export const MAX_BATCH = 64

type End = () => void

let batch: End[] = []

function writeBatch() {
  const ends = batch
  batch = []
  for (const end of ends) end()
}

function join(end: End) {
  batch.push(end)
  if (batch.length === 1) setImmediate(writeBatch)
  else if (batch.length >= MAX_BATCH) writeBatch()
}

export class BatchedResponse<
  Request extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Request> {
  // Something went out before the end (a streamed body, flushed headers): no batching.
  #streaming = false
  // The end waits in the batch; a later end() call must follow it, not overtake it.
  #waiting = false

  protected get batches() {
    return true
  }

  override write(
    chunk: string | Uint8Array,
    encoding?: BufferEncoding | ((error?: Error | null) => void),
    callback?: (error?: Error | null) => void,
  ): boolean {
    this.#streaming = true
    return (super.write as (...a: unknown[]) => boolean)(chunk, encoding, callback)
  }

  override flushHeaders() {
    this.#streaming = true
    super.flushHeaders()
  }

  override end(...args: unknown[]): this {
    const end = () => (super.end as (...a: unknown[]) => this)(...args)
    if ((this.#streaming || !this.batches) && !this.#waiting) return end()
    this.#waiting = true
    join(() => {
      this.#waiting = false
      end()
    })
    return this
  }
}
