import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import type { RealtimeEvent } from '../../domain/realtime/realtime-event'
import { contractOf } from './contract'

export interface StreamedEvent {
  id: string | undefined
  retry: number | undefined
  data: RealtimeEvent
  receivedAt: number
}

export type App = {
  request: (input: string, init?: RequestInit) => Response | Promise<Response>
  fetch: (request: Request, env?: object) => Response | Promise<Response>
}

// The app served by Node on a port of its own, as `npm start` serves it: an event stream is
// written straight to Node's response (lib/event-stream.ts). One server per app, for the test
// file's life; it keeps no test process alive.
const servers = new WeakMap<App, Promise<string>>()
export function originOf(app: App): Promise<string> {
  let origin = servers.get(app)
  if (!origin) {
    // Node's own limit on a request's head (16 KB) answers 431 before the app sees the request:
    // raised here, so that what the security suites send reaches the app on a socket as it does
    // in memory.
    const server = createAdaptorServer({
      fetch: app.fetch,
      serverOptions: { maxHeaderSize: 1024 * 1024 },
    }) as Server
    server.unref()
    origin = new Promise<string>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () =>
        resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
      )
    })
    servers.set(app, origin)
  }
  return origin
}

// Opens GET /api/events like a browser's EventSource and parses what arrives. `since`: when what
// the page shows was read (the stream's `?since=`).
export async function openEventStream(
  app: App,
  token: string,
  headers: Record<string, string> = {},
  since?: number,
) {
  const query = since === undefined ? '' : `?since=${since}`
  const aborter = new AbortController()
  const response = await fetch(`${await originOf(app)}/api/events${query}`, {
    headers: { cookie: `pm_session=${token}`, accept: 'text/event-stream', ...headers },
    signal: aborter.signal,
  })
  const text = response.ok ? '' : await response.clone().text()
  const json = response.ok ? undefined : (JSON.parse(text || 'null') as unknown)
  const answer = { status: response.status, headers: response.headers, text, json }
  ;(await contractOf(app)).check('GET', '/api/events', answer)
  const events: StreamedEvent[] = []
  let closed = false
  let comments = 0
  let wake: () => void = () => undefined
  let stop: () => Promise<unknown> = async () => undefined

  if (response.ok && response.body) {
    const reader = response.body.getReader()
    const decoder = new TextDecoder()
    let buffer = ''
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          buffer += decoder.decode(value, { stream: true })
          let end: number
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            const fields = new Map<string, string>()
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) {
                comments += 1
                continue
              }
              const colon = line.indexOf(':')
              fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart())
            }
            const data = fields.get('data')
            if (data === undefined) continue
            events.push({
              id: fields.get('id'),
              retry: fields.has('retry') ? Number(fields.get('retry')) : undefined,
              data: JSON.parse(data) as RealtimeEvent,
              receivedAt: Date.now(),
            })
            wake()
          }
        }
      } catch {
        // cancelled by close()
      } finally {
        closed = true
        wake()
      }
    })()
    stop = async () => {
      aborter.abort()
      await reader.cancel().catch(() => undefined)
    }
  }

  // Resolves with the first event (from `from` on) that matches, or fails after `timeoutMs`.
  async function waitFor(
    match: (event: RealtimeEvent) => boolean,
    { from = 0, timeoutMs = 3000 }: { from?: number; timeoutMs?: number } = {},
  ): Promise<StreamedEvent> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = events.slice(from).find((event) => match(event.data))
      if (found) return found
      if (closed) throw new Error('the event stream closed')
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
    }
  }

  async function waitUntilClosed(timeoutMs = 3000) {
    const deadline = Date.now() + timeoutMs
    while (!closed) {
      if (Date.now() > deadline) throw new Error('the event stream stayed open')
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }

  return {
    response,
    events,
    isClosed: () => closed,
    commentCount: () => comments,
    waitFor,
    waitUntilClosed,
    close: () => stop(),
  }
}
