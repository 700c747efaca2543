import { ServerResponse } from 'node:http'
import type { HttpBindings } from '@hono/node-server'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import type { Context } from 'hono'

// A Server-Sent Events response, written straight to Node's response. Hono's `streamSSE` makes a
// TransformStream and wraps its readable side in a second ReadableStream (to learn that the
// browser went away), which @hono/node-server then reads into Node's response: on a server that
// keeps thousands of streams open for hours, each held the readers, writer, promises and header
// records of all of these (bench: idle streams, the fan-out's 2,000 streams). The messages are
// written as `streamSSE` writes them.

// Node's response for the request, when @hono/node-server serves the app (`c.env`).
export function nodeResponseOf(c: Context): ServerResponse | undefined {
  const env = c.env as Partial<HttpBindings> | undefined
  return env?.outgoing instanceof ServerResponse ? env.outgoing : undefined
}

export interface SseMessage {
  data: string
  id?: string
  retry?: number
}

// The comment line that keeps an idle connection busy, encoded once and shared by every stream:
// a heartbeat allocates nothing.
const HEARTBEAT = Buffer.from(': heartbeat\n\n')

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
// It is written straight to Node's response, under the headers the app's answer would carry
// (`headers`: the session's cookie, say): a stream open for hours then holds Node's socket,
// request and response and its own closures, and no web Response, body stream, reader loop or
// header record besides (bench/notes.md, "Idle streams"; docs/decisions/0190). The Response
// returned tells @hono/node-server that the answer is under way.
// A write resolves once the socket has room for the next one: a browser that stops reading holds
// the writer back (a player's events then coalesce in the writer's queue, lib/realtime.ts)
// instead of piling up in the server's memory. Writes after the browser went away do nothing.
export function eventStream(
  outgoing: ServerResponse,
  headers: Headers,
  run: (sink: EventSink) => Promise<void>,
  onError: (error: unknown) => void,
): Response {
  let ended = false
  let closed = false
  const abortListeners: Array<() => void> = []
  // Writes waiting for the socket to take what is queued.
  let waiting: Array<() => void> = []
  const release = () => {
    const released = waiting
    waiting = []
    for (const resolve of released) resolve()
  }
  outgoing.on('drain', release)
  outgoing.once('close', () => {
    ended = true
    closed = true
    release()
    for (const listener of abortListeners.splice(0)) listener()
  })

  // The browser went away before the stream began (while the request waited for its session,
  // say): its response will not say `close` again, so the stream ends at once.
  if (outgoing.destroyed) {
    ended = true
    closed = true
  }

  const head: Record<string, string | string[]> = {}
  for (const [name, value] of headers) if (name !== 'set-cookie') head[name] = value
  const cookies = headers.getSetCookie()
  if (cookies.length > 0) head['set-cookie'] = cookies
  head['content-type'] = 'text/event-stream'
  head['cache-control'] = 'no-cache'
  head['connection'] = 'keep-alive'
  // A reverse proxy passes each event on as it comes (nginx reads this; docs/operations.md).
  head['x-accel-buffering'] = 'no'
  if (!ended) {
    outgoing.writeHead(200, head)
    outgoing.flushHeaders()
  }

  const write = async (text: string) => {
    if (ended) return
    if (!outgoing.write(text)) await new Promise<void>((resolve) => waiting.push(resolve))
  }
  const sink: EventSink = {
    write,
    heartbeat: () => {
      if (!ended && !outgoing.writableNeedDrain) outgoing.write(HEARTBEAT)
    },
    writeSSE: (message) => write(formatSse(message)),
    onAbort: (listener) => {
      if (closed) listener()
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
        outgoing.end()
      }
    }
  })()

  return RESPONSE_ALREADY_SENT
}
