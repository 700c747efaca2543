import { createServer, type IncomingMessage, type RequestListener, ServerResponse } from 'node:http'
import { createGzip, type Gzip, gzip, gzipSync } from 'node:zlib'

// Response compression at the HTTP layer, under the app. Done inside Hono (hono/compress) it
// turned every response, however small, into a web-stream response and piped it through a
// CompressionStream: the request-per-second floor fell to a tenth of bare node:http (see
// docs/decisions/0040-performance-at-scale.md). Here a whole body written at once is gzipped in
// one call when it is worth it: a small one (a typical API answer) right away, which costs less
// CPU than handing it to another thread; a large one on libuv's thread pool, so the event loop
// serves other requests meanwhile (docs/decisions/0050-request-path-cpu.md). A streamed body
// goes through a zlib stream; everything else passes untouched. On the benchmark's realistic mix
// it takes 17% less server CPU per request than hono/compress (docs/decisions/0117).

export const MIN_COMPRESS_BYTES = 1024
// Fast levels: JSON shrinks nearly as much as at the default level for a fraction of the time.
// A typical API answer (a few KB) comes out the same size at level 1 as at 4, for half the CPU;
// larger bodies and streams get level 4, where the extra matching pays off. Bodies under
// SMALL_BODY_BYTES are also the ones gzipped on the event loop (tens of microseconds each).
const GZIP_OPTIONS = { level: 4, memLevel: 8 }
export const SMALL_BODY_BYTES = 16 * 1024
const SMALL_BODY_GZIP_OPTIONS = { level: 1, memLevel: 8 }

// Event streams are never buffered by a compressor.
const COMPRESSIBLE =
  /^\s*(?:text\/(?!event-stream)[\w.+-]+|application\/(?:json|javascript|x-javascript|xml|manifest\+json|[\w.-]+\+json|[\w.-]+\+xml)|image\/svg\+xml)\s*(?:;|$)/i

// A browser sends the same Accept-Encoding with every request: the last answer is kept.
let lastAcceptEncoding: string | undefined
let lastAcceptsGzip = false

export function acceptsGzip(header: string | string[] | undefined) {
  if (!header) return false
  const value = Array.isArray(header) ? header.join(',') : header
  if (value === lastAcceptEncoding) return lastAcceptsGzip
  lastAcceptsGzip = value.split(',').some((part) => {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';')
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  })
  lastAcceptEncoding = value
  return lastAcceptsGzip
}

type Chunk = string | Uint8Array
type Callback = (error?: Error | null) => void

const byteLength = (chunk: Chunk, encoding?: BufferEncoding) =>
  typeof chunk === 'string' ? Buffer.byteLength(chunk, encoding) : chunk.byteLength

function shouldCompress(res: ServerResponse, status: number) {
  if (status < 200 || status === 204 || status === 206 || status === 304) return false
  if (res.hasHeader('content-encoding')) return false
  const type = res.getHeader('content-type')
  if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return false
  const cacheControl = res.getHeader('cache-control')
  return !(typeof cacheControl === 'string' && /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(cacheControl))
}

function addVary(res: ServerResponse) {
  const vary = res.getHeader('vary')
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : ''
  if (current === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(current)) return
  res.setHeader('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding')
}

// Headers handed to writeHead are moved onto the response, so they can still change until the
// first byte of the body decides whether it is compressed.
function applyHeaders(res: ServerResponse, headers: unknown) {
  if (!headers || typeof headers !== 'object') return
  if (Array.isArray(headers)) {
    const flat = Array.isArray(headers[0])
      ? (headers as Array<[string, string]>).flat()
      : (headers as string[])
    for (let i = 0; i + 1 < flat.length; i += 2) {
      const name = String(flat[i])
      const existing = res.getHeader(name)
      res.setHeader(
        name,
        existing === undefined
          ? String(flat[i + 1])
          : [...[existing].flat().map(String), String(flat[i + 1])],
      )
    }
    return
  }
  for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
    if (value !== undefined) res.setHeader(name, value as string | string[])
  }
}

// The response class of the app's HTTP server: for a client that accepts gzip, the head is held
// back until the first byte of the body decides whether it is compressed. Its methods live on the
// prototype, so a request costs no extra allocations when nothing is compressed.
export class CompressingResponse<
  Request extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Request> {
  #accepts: boolean | undefined
  #message: string | undefined
  #decided = false
  #gzip: Gzip | undefined

  #acceptsGzip() {
    return (this.#accepts ??= this.req.method !== 'HEAD' && acceptsGzip(this.req.headers['accept-encoding']))
  }

  #sendHead() {
    if (!this.headersSent) super.writeHead(this.statusCode, this.#message)
  }

  // A whole body, ready to go: its length, the head, the body.
  #endWhole(bytes: Uint8Array, callback: (() => void) | undefined) {
    this.setHeader('content-length', bytes.byteLength)
    this.#sendHead()
    super.end(bytes, callback)
  }

  // Called before the first byte of the body: with the whole body, or with none yet (streamed).
  #decide(body: Chunk | undefined, encoding: BufferEncoding | undefined, whole: boolean) {
    this.#decided = true
    if (!shouldCompress(this, this.statusCode)) return false
    addVary(this)
    const size =
      whole && body !== undefined ? byteLength(body, encoding) : Number(this.getHeader('content-length'))
    if (Number.isFinite(size) && size < MIN_COMPRESS_BYTES) return false
    this.setHeader('content-encoding', 'gzip')
    this.removeHeader('content-length')
    return true
  }

  #startStream() {
    if (!this.#decide(undefined, undefined, false)) return
    const gzip = createGzip(GZIP_OPTIONS)
    this.#gzip = gzip
    // A writer that saw write() return false waits for 'drain' on the response: pass the
    // compressor's on, or a large streamed body (a file) stalls for good.
    gzip.on('drain', () => this.emit('drain'))
    gzip.on('data', (data: Buffer) => super.write(data))
    gzip.on('end', () => super.end())
  }

  override writeHead(code: number, ...rest: unknown[]): this {
    if (!this.#acceptsGzip()) return (super.writeHead as (...a: unknown[]) => this)(code, ...rest)
    this.statusCode = code
    if (typeof rest[0] === 'string') this.#message = rest.shift() as string
    applyHeaders(this, rest[0])
    return this
  }

  override flushHeaders() {
    if (this.#acceptsGzip()) {
      if (!this.#decided) this.#startStream()
      this.#sendHead()
    }
    super.flushHeaders()
  }

  override write(chunk: Chunk, encoding?: BufferEncoding | Callback, cb?: Callback): boolean {
    if (!this.#acceptsGzip()) return (super.write as (...a: unknown[]) => boolean)(chunk, encoding, cb)
    const enc = typeof encoding === 'string' ? encoding : undefined
    const callback = typeof encoding === 'function' ? encoding : cb
    if (!this.#decided) this.#startStream()
    this.#sendHead()
    return this.#gzip
      ? this.#gzip.write(chunk, enc ?? 'utf8', callback)
      : (super.write as (...a: unknown[]) => boolean)(chunk, enc, callback)
  }

  override end(
    chunk?: Chunk | (() => void),
    encoding?: BufferEncoding | (() => void),
    cb?: () => void,
  ): this {
    if (!this.#acceptsGzip()) return (super.end as (...a: unknown[]) => this)(chunk, encoding, cb)
    const body = typeof chunk === 'function' ? undefined : chunk
    const enc = typeof encoding === 'string' ? encoding : undefined
    const callback = [chunk, encoding, cb].find((arg) => typeof arg === 'function') as
      (() => void) | undefined
    if (!this.#decided && body !== undefined && this.#decide(body, enc, true)) {
      const bytes = typeof body === 'string' ? Buffer.from(body, enc) : body
      if (bytes.byteLength < SMALL_BODY_BYTES) {
        this.#endWhole(gzipSync(bytes, SMALL_BODY_GZIP_OPTIONS), callback)
        return this
      }
      gzip(bytes, GZIP_OPTIONS, (error, compressed) => {
        if (!error) return this.#endWhole(compressed, callback)
        // Never the case for a whole buffer in memory; the body then goes out as it is.
        this.removeHeader('content-encoding')
        this.#endWhole(bytes, callback)
      })
      return this
    }
    this.#decided = true
    this.#sendHead()
    if (this.#gzip) {
      if (callback) this.once('finish', callback)
      this.#gzip.end(body ?? Buffer.alloc(0))
      return this
    }
    return (super.end as (...a: unknown[]) => this)(
      ...[body, body === undefined ? undefined : enc, callback].filter((a) => a !== undefined),
    )
  }
}

const serverWith = (response: typeof ServerResponse) =>
  ((options: object, listener: RequestListener) =>
    createServer({ ...options, ServerResponse: response }, listener)) as unknown as typeof createServer

// A node:http server whose responses are compressed for clients that accept gzip.
export const createCompressingServer = serverWith(CompressingResponse)

// The app's server with some of its pieces turned off, for benchmark comparisons
// (SERVER_OPTIMIZATIONS_OFF): without compression here the app compresses with hono/compress
// (app.ts).
export function createServerFactory(pieces: { compression: boolean }) {
  return pieces.compression ? createCompressingServer : createServer
}
