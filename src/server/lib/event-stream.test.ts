import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { afterAll, describe, expect, it } from 'vitest'
import { type EventSink, eventStream, nodeResponseOf } from './event-stream'

// An event stream, served by Node as `npm start` serves it and read as a browser reads it.

const decoder = new TextDecoder()
const servers: Server[] = []
afterAll(() => {
  for (const server of servers) {
    server.closeAllConnections()
    server.close()
  }
})

async function serve(app: Hono) {
  const server = createAdaptorServer({ fetch: app.fetch }) as Server
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

// GET /events, answered with a stream that `run` writes, under `headers`.
async function open(
  run: (sink: EventSink) => Promise<void>,
  {
    onError = () => undefined,
    headers = new Headers(),
  }: { onError?: (error: unknown) => void; headers?: Headers } = {},
) {
  const app = new Hono().get('/events', (c) => eventStream(nodeResponseOf(c)!, headers, run, onError))
  return fetch(`${await serve(app)}/events`)
}

async function readAll(response: Response) {
  let text = ''
  const reader = response.body!.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return text
    text += decoder.decode(value, { stream: true })
  }
}

const messages = [
  { data: '{"type":"ready"}', id: 'a1-1', retry: 3000 },
  { data: 'two\nlines\r\nand\rthree', id: 'a1-2' },
  { data: '' },
]

// Enough to fill the socket's buffers on both sides and the reader's queue.
const CHUNK = `: ${'x'.repeat(64 * 1024 - 4)}\n\n`
const CHUNKS = 400

describe('an event stream', () => {
  it('writes the same bytes as Hono’s streamSSE, under the same event-stream headers, and asks a proxy not to hold it back', async () => {
    const ours = await open(async (sink) => {
      for (const message of messages) await sink.writeSSE(message)
      await sink.write(': heartbeat\n\n')
    })
    const hono = await fetch(
      `${await serve(
        new Hono().get('/events', (c) =>
          streamSSE(c, async (stream) => {
            for (const message of messages) await stream.writeSSE(message)
            await stream.write(': heartbeat\n\n')
          }),
        ),
      )}/events`,
    )
    expect(ours.headers.get('x-accel-buffering')).toBe('no')
    for (const name of ['content-type', 'cache-control', 'connection', 'transfer-encoding'])
      expect([name, ours.headers.get(name)]).toEqual([name, hono.headers.get(name)])
    expect(await readAll(ours)).toBe(await readAll(hono))
  })

  it('answers under the headers it is given, each cookie its own header', async () => {
    const headers = new Headers({ 'x-request-id': 'r-1', 'x-content-type-options': 'nosniff' })
    headers.append('set-cookie', 'a=1; Path=/')
    headers.append('set-cookie', 'b=2; Path=/')
    const response = await open(async (sink) => sink.write(': 1\n\n'), { headers })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-request-id')).toBe('r-1')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/'])
    expect(await readAll(response)).toBe(': 1\n\n')
  })

  it('holds a write back until the browser has read what waits', async () => {
    let written = 0
    const response = await open(async (sink) => {
      for (let n = 1; n <= CHUNKS; n++) {
        await sink.write(CHUNK)
        written = n
      }
    })
    // Nothing is read: the writer stops once the buffers between it and the reader are full.
    let before = -1
    while (before !== written) {
      before = written
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(written).toBeLessThan(CHUNKS)
    expect(await readAll(response)).toBe(CHUNK.repeat(CHUNKS))
    expect(written).toBe(CHUNKS)
  })

  it('beats with a comment line, and skips a beat while the reader is behind', async () => {
    let sink!: EventSink
    let release!: () => void
    let blocked = false
    const response = await open(async (opened) => {
      sink = opened
      sink.heartbeat()
      // Until a write waits for the reader.
      const stuck = (async () => {
        for (let n = 1; n <= CHUNKS; n++) await sink.write(CHUNK)
      })()
      await new Promise((resolve) => setTimeout(resolve, 200))
      blocked = true
      sink.heartbeat()
      sink.heartbeat()
      await stuck
      await new Promise<void>((resolve) => (release = resolve))
      sink.heartbeat()
    })
    await expect.poll(() => blocked).toBe(true)
    const reader = response.body!.getReader()
    let text = ''
    while (text.length < ': heartbeat\n\n'.length + CHUNK.length * CHUNKS) {
      const { value } = await reader.read()
      text += decoder.decode(value, { stream: true })
    }
    // The beats asked while the reader was behind were skipped.
    expect(text).toBe(`: heartbeat\n\n${CHUNK.repeat(CHUNKS)}`)
    await expect.poll(() => release).toBeDefined()
    release()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
    }
    expect(text.endsWith(`${CHUNK}: heartbeat\n\n`)).toBe(true)
  })

  it('tells the writer once the browser goes away, and lets it finish writing to nobody', async () => {
    let aborted = 0
    let finished = false
    let gone!: () => void
    const away = new Promise<void>((resolve) => (gone = resolve))
    const response = await open(async (sink) => {
      sink.onAbort(() => {
        aborted++
        gone()
      })
      await sink.write(': 1\n\n')
      await away
      await sink.write(': 2\n\n')
      await sink.write(': 3\n\n')
      finished = true
      // A listener added once the browser is gone hears it at once.
      sink.onAbort(() => aborted++)
    })
    await response.body!.cancel()
    await expect.poll(() => finished).toBe(true)
    expect(aborted).toBe(2)
  })

  it('ends at once when the browser went away before it began', async () => {
    let gone!: () => void
    const away = new Promise<void>((resolve) => (gone = resolve))
    let aborted = 0
    let finished = false
    const app = new Hono().get('/events', async (c) => {
      // As a request waits for its session while the browser leaves.
      await away
      return eventStream(
        nodeResponseOf(c)!,
        new Headers(),
        async (sink) => {
          sink.onAbort(() => aborted++)
          await sink.writeSSE({ data: '{"type":"ready"}' })
          finished = true
        },
        () => undefined,
      )
    })
    const aborter = new AbortController()
    const request = fetch(`${await serve(app)}/events`, { signal: aborter.signal }).catch(() => undefined)
    await new Promise((resolve) => setTimeout(resolve, 50))
    aborter.abort()
    await request
    await new Promise((resolve) => setTimeout(resolve, 50))
    gone()
    await expect.poll(() => finished).toBe(true)
    expect(aborted).toBe(1)
  })

  it('hands what the writer throws to onError and ends the stream', async () => {
    const errors: unknown[] = []
    const response = await open(
      async (sink) => {
        await sink.write(': 1\n\n')
        throw new Error('lost the database')
      },
      { onError: (error) => errors.push(error) },
    )
    expect(await readAll(response)).toBe(': 1\n\n')
    expect(errors).toEqual([new Error('lost the database')])
  })
})
