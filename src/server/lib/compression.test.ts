import type { AddressInfo } from 'node:net'
import { request } from 'node:http'
import type { Server } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventStream } from './event-stream'
import {
  acceptsGzip,
  createCompressingServer,
  createServerFactory,
  MIN_COMPRESS_BYTES,
  SMALL_BODY_BYTES,
} from './compression'

const big = { items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Player ${i}`, rating: 3.5 })) }

const app = new Hono()
app.get('/small', (c) => c.json({ status: 'ok' }))
app.get('/big', (c) => c.json(big))
app.get('/html', (c) => c.html(`<p>${'x'.repeat(5000)}</p>`))
app.get('/stream', () => {
  const chunks = ['a'.repeat(800), 'b'.repeat(800), 'c'.repeat(800)]
  const body = new ReadableStream({
    pull(controller) {
      const next = chunks.shift()
      if (next) controller.enqueue(new TextEncoder().encode(next))
      else controller.close()
    },
  })
  return new Response(body, { headers: { 'content-type': 'text/plain' } })
})
// A large streamed body (a static file is served this way): the writer meets backpressure.
const largeParts = Array.from({ length: 64 }, (_, i) =>
  `${i}:`.padEnd(16 * 1024, String.fromCharCode(97 + (i % 26))),
)
app.get('/large-stream', () => {
  const parts = [...largeParts]
  const body = new ReadableStream({
    pull(controller) {
      const next = parts.shift()
      if (next) controller.enqueue(new TextEncoder().encode(next))
      else controller.close()
    },
  })
  return new Response(body, { headers: { 'content-type': 'text/javascript' } })
})
app.get('/image', (c) => c.body(new Uint8Array(4000), 200, { 'content-type': 'image/png' }))
app.get('/events', (c) =>
  eventStream(
    c,
    async (stream) => {
      await stream.writeSSE({ data: 'x'.repeat(2000) })
    },
    () => undefined,
  ),
)

let server: Server
let base: string
beforeAll(async () => {
  server = serve({
    fetch: app.fetch,
    port: 0,
    hostname: '127.0.0.1',
    createServer: createCompressingServer,
  }) as Server
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

// node:http, not fetch: fetch would decompress and hide the headers under test.
function get(path: string, acceptEncoding?: string) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        `${base}${path}`,
        { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
        },
      )
      req.on('error', reject)
      req.end()
    },
  )
}

describe('response compression', () => {
  it('gzips a large JSON body for a client that accepts gzip, with the right length', async () => {
    const res = await get('/big', 'gzip, deflate, br')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(Number(res.headers['content-length'])).toBe(res.body.byteLength)
    expect(JSON.parse(gunzipSync(res.body).toString())).toEqual(big)
  })

  it(`leaves bodies under ${MIN_COMPRESS_BYTES} bytes alone`, async () => {
    const res = await get('/small', 'gzip')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(res.body.toString())).toEqual({ status: 'ok' })
  })

  it('sends plain bodies to a client that does not accept gzip', async () => {
    const res = await get('/big')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(res.body.toString())).toEqual(big)
    expect((await get('/big', 'gzip;q=0')).headers['content-encoding']).toBeUndefined()
  })

  it('gzips HTML and streamed text', async () => {
    const html = await get('/html', 'gzip')
    expect(html.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(html.body).toString()).toBe(`<p>${'x'.repeat(5000)}</p>`)
    const stream = await get('/stream', 'gzip')
    expect(stream.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(stream.body).toString()).toBe('a'.repeat(800) + 'b'.repeat(800) + 'c'.repeat(800))
  })

  it('never compresses images or event streams', async () => {
    expect((await get('/image', 'gzip')).headers['content-encoding']).toBeUndefined()
    const events = await new Promise<{ encoding: string | undefined; first: string }>((resolve, reject) => {
      const req = request(`${base}/events`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        res.once('data', (chunk: Buffer) => {
          resolve({ encoding: res.headers['content-encoding'], first: chunk.toString() })
          req.destroy()
        })
      })
      req.on('error', reject)
      req.end()
    })
    expect(events.encoding).toBeUndefined()
    expect(events.first).toContain('data: xxx')
  })

  it('reads Accept-Encoding with quality values', () => {
    expect(acceptsGzip('gzip')).toBe(true)
    expect(acceptsGzip('br, gzip;q=0.5')).toBe(true)
    expect(acceptsGzip('gzip;q=0')).toBe(false)
    expect(acceptsGzip('br')).toBe(false)
    expect(acceptsGzip('*')).toBe(true)
    expect(acceptsGzip(undefined)).toBe(false)
    // The same header twice in a row, then another: each gets its own answer.
    expect(acceptsGzip('br')).toBe(false)
    expect(acceptsGzip('br')).toBe(false)
    expect(acceptsGzip('gzip, deflate')).toBe(true)
    expect(acceptsGzip('gzip, deflate')).toBe(true)
    expect(acceptsGzip('gzip;q=0')).toBe(false)
  })
})

describe('large streamed bodies', () => {
  it('are compressed to the end despite backpressure', async () => {
    const res = await get('/large-stream', 'gzip')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(res.body).toString()).toBe(largeParts.join(''))
  }, 10_000)
})

// Whole bodies: a small one is gzipped on the event loop, a large one on the thread pool.
describe.each([
  { kind: 'small, gzipped at once', items: 200 },
  { kind: 'large, gzipped on the thread pool', items: 4000 },
])('whole bodies ($kind)', ({ items }) => {
  // A plain node:http listener on the app's server: the body is handed to end() at once.
  const ended: string[] = []
  let raw: Server
  let rawBase: string
  beforeAll(async () => {
    raw = createCompressingServer({}, (req, res) => {
      const n = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('n') ?? 0)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ n, items: Array.from({ length: items }, (_, i) => `${n}:${i}`) }), () => {
        ended.push(String(n))
      })
    })
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve))
    rawBase = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => raw.close(() => resolve())))

  const fetchRaw = (n: number, destroyEarly = false) =>
    new Promise<{ encoding: string | undefined; body: Buffer } | null>((resolve, reject) => {
      const req = request(`${rawBase}/?n=${n}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
        )
      })
      req.on('error', (error: NodeJS.ErrnoException) =>
        destroyEarly && error.code === 'ECONNRESET' ? resolve(null) : reject(error),
      )
      req.end()
      if (destroyEarly) req.on('finish', () => req.destroy())
    })

  it('is on the intended side of the size that decides where it is gzipped', () => {
    const size = JSON.stringify({ n: 10, items: Array.from({ length: items }, (_, i) => `10:${i}`) }).length
    expect(size < SMALL_BODY_BYTES).toBe(items === 200)
    expect(size).toBeGreaterThan(MIN_COMPRESS_BYTES)
  })

  it('gives every one of many concurrent requests its own body, and calls back once sent', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => fetchRaw(n)))
    for (const [n, answer] of answers.entries()) {
      expect(answer?.encoding).toBe('gzip')
      const body = JSON.parse(gunzipSync(answer!.body).toString()) as { n: number; items: string[] }
      expect(body.n).toBe(n)
      expect(body.items).toHaveLength(items)
    }
    await expect.poll(() => ended.length).toBeGreaterThanOrEqual(40)
    expect(new Set(ended).size).toBe(ended.length)
  })

  it('keeps serving after clients that leave before their body is ready', async () => {
    await Promise.all(Array.from({ length: 10 }, (_, n) => fetchRaw(100 + n, true)))
    const after = await fetchRaw(7)
    expect(JSON.parse(gunzipSync(after!.body).toString())).toMatchObject({ n: 7 })
  })
})

describe('the server with pieces turned off for a benchmark comparison', () => {
  it.each([{ compression: true }, { compression: false }])(
    'answers whole, gzipped only with compression on: %o',
    async (pieces) => {
      const other = serve({
        fetch: app.fetch,
        port: 0,
        hostname: '127.0.0.1',
        createServer: createServerFactory(pieces),
      }) as Server
      await new Promise((resolve) => other.once('listening', resolve))
      try {
        const answer = await new Promise<{ encoding: string | undefined; body: Buffer }>(
          (resolve, reject) => {
            const port = (other.address() as AddressInfo).port
            const req = request(
              `http://127.0.0.1:${port}/big`,
              { headers: { 'accept-encoding': 'gzip' } },
              (res) => {
                const chunks: Buffer[] = []
                res.on('data', (chunk: Buffer) => chunks.push(chunk))
                res.on('end', () =>
                  resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
                )
              },
            )
            req.on('error', reject)
            req.end()
          },
        )
        expect(answer.encoding).toBe(pieces.compression ? 'gzip' : undefined)
        const body = pieces.compression ? gunzipSync(answer.body) : answer.body
        expect(JSON.parse(body.toString('utf8'))).toEqual(big)
      } finally {
        await new Promise<void>((resolve) => other.close(() => resolve()))
      }
    },
  )
})
