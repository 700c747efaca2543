import type { RealtimeEvent } from '../../domain/realtime/realtime-event'
import { contractOf } from './contract'

export interface StreamedEvent {
  id: string | undefined
  retry: number | undefined
  data: RealtimeEvent
  receivedAt: number
}

type Fetcher = { request: (input: string, init?: RequestInit) => Response | Promise<Response> }

// Opens GET /api/events like a browser's EventSource and parses what arrives. `since`: when what
// the page shows was read (the stream's `?since=`).
export async function openEventStream(
  app: Fetcher,
  token: string,
  headers: Record<string, string> = {},
  since?: number,
) {
  const query = since === undefined ? '' : `?since=${since}`
  const response = await app.request(`http://localhost/api/events${query}`, {
    headers: { cookie: `pm_session=${token}`, accept: 'text/event-stream', ...headers },
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
    stop = () => reader.cancel().catch(() => undefined)
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
