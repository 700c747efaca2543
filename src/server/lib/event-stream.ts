import type { Context } from 'hono'

// A Server-Sent Events response whose body is one ReadableStream, written to directly. Hono's
// `streamSSE` makes a TransformStream and wraps its readable side in a second ReadableStream (to
// learn that the browser went away): with the readers, writer and promises of each, an open
// stream held about three times the objects this one does, on a server that keeps thousands of
// them open (bench: the fan-out's 2,000 streams). The messages are written as `streamSSE`
// writes them.

export interface SseMessage {
  data: string
  id?: string
  retry?: number
}

// The comment line that keeps an idle connection busy, encoded once and shared by every stream:
// a heartbeat allocates nothing.
const HEARTBEAT = new TextEncoder().encode(': heartbeat\n\n')

export interface EventSink {
  writeSSE(message: SseMessage): Promise<void>
  // Raw text: a comment line, say.
  write(text: string): Promise<void>
  // A heartbeat, unless the reader is behind (what it has not read keeps the connection busy).
  heartbeat(): void
  // Runs once the browser goes away (the body is cancelled).
  onAbort(listener: () => void): void
}

export function formatSse({ data, id, retry }: SseMessage): string {
  if (id !== undefined && /[\r\n]/.test(id)) throw new Error('id must not contain "\\r" or "\\n"')
  const lines = data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}`)
    .join('\n')
  return `${lines}${id === undefined ? '' : `\nid: ${id}`}${retry === undefined ? '' : `\nretry: ${retry}`}\n\n`
}

// Answers an event stream that `run` writes to until it returns; `onError` hears what it throws.
// A write resolves once the reader has room for the next one: a browser that stops reading holds
// the writer back (a player's events then coalesce in the writer's queue, lib/realtime.ts)
// instead of piling up in the server's memory. Writes after the browser went away do nothing.
export function eventStream(
  c: Context,
  run: (sink: EventSink) => Promise<void>,
  onError: (error: unknown) => void,
): Response {
  const encoder = new TextEncoder()
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let ended = false
  let cancelled = false
  const abortListeners: Array<() => void> = []
  // Writes waiting for the reader to take what is queued.
  let waiting: Array<() => void> = []
  const release = () => {
    const released = waiting
    waiting = []
    for (const resolve of released) resolve()
  }

  const body = new ReadableStream<Uint8Array>({
    start: (started) => {
      controller = started
    },
    pull: release,
    cancel: () => {
      ended = true
      cancelled = true
      release()
      for (const listener of abortListeners.splice(0)) listener()
    },
  })

  const write = async (text: string) => {
    if (ended) return
    controller.enqueue(encoder.encode(text))
    if ((controller.desiredSize ?? 0) <= 0) await new Promise<void>((resolve) => waiting.push(resolve))
  }
  const sink: EventSink = {
    write,
    heartbeat: () => {
      if (!ended && (controller.desiredSize ?? 0) > 0) controller.enqueue(HEARTBEAT)
    },
    writeSSE: (message) => write(formatSse(message)),
    onAbort: (listener) => {
      if (cancelled) listener()
      else if (!ended) abortListeners.push(listener)
    },
  }

  void (async () => {
    try {
      await run(sink)
    } catch (error) {
      onError(error)
    } finally {
      if (!ended) {
        ended = true
        controller.close()
      }
    }
  })()

  c.header('Transfer-Encoding', 'chunked')
  c.header('Content-Type', 'text/event-stream')
  c.header('Cache-Control', 'no-cache')
  c.header('Connection', 'keep-alive')
  // A reverse proxy passes each event on as it comes (nginx reads this; docs/operations.md).
  c.header('X-Accel-Buffering', 'no')
  return c.newResponse(body)
}
