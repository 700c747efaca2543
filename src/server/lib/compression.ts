import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http'
import { createGzip, gzipSync } from 'node:zlib'

// Response compression at the HTTP layer, under the app. Done inside Hono (hono/compress) it
// turned every response, however small, into a web-stream response and piped it through a
// CompressionStream: the request-per-second floor fell to a tenth of bare node:http (see
// docs/decisions/0040-performance-at-scale.md). Here a whole body written at once is gzipped in
// one call when it is worth it, a streamed body goes through a zlib stream, everything else
// passes untouched.

export const MIN_COMPRESS_BYTES = 1024
// Fast levels: JSON shrinks nearly as much as at the default level for a fraction of the time.
const GZIP_OPTIONS = { level: 4, memLevel: 8 }

// Event streams are never buffered by a compressor.
const COMPRESSIBLE =
  /^\s*(?:text\/(?!event-stream)[\w.+-]+|application\/(?:json|javascript|x-javascript|xml|manifest\+json|[\w.-]+\+json|[\w.-]+\+xml)|image\/svg\+xml)\s*(?:;|$)/i

export function acceptsGzip(header: string | string[] | undefined) {
  if (!header) return false
  const value = Array.isArray(header) ? header.join(',') : header
  return value.split(',').some((part) => {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';')
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  })
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

export function withCompression(listener: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'HEAD' || !acceptsGzip(req.headers['accept-encoding'])) {
      listener(req, res)
      return
    }
    const writeHead = res.writeHead.bind(res) as (status: number, message?: string) => ServerResponse
    const write = res.write.bind(res) as (chunk: Chunk, encoding?: BufferEncoding, cb?: Callback) => boolean
    const end = res.end.bind(res) as (
      chunk?: Chunk,
      encoding?: BufferEncoding,
      cb?: () => void,
    ) => ServerResponse
    let status = 200
    let message: string | undefined
    let decided = false
    let gzip: ReturnType<typeof createGzip> | undefined

    const sendHead = () => {
      if (!res.headersSent) writeHead(status, message)
    }
    // Called before the first byte of the body: with the whole body, or with none yet (streamed).
    const decide = (body: Chunk | undefined, encoding: BufferEncoding | undefined, whole: boolean) => {
      decided = true
      if (!shouldCompress(res, status)) return false
      addVary(res)
      const size =
        whole && body !== undefined ? byteLength(body, encoding) : Number(res.getHeader('content-length'))
      if (Number.isFinite(size) && size < MIN_COMPRESS_BYTES) return false
      res.setHeader('content-encoding', 'gzip')
      res.removeHeader('content-length')
      return true
    }
    const startStream = () => {
      if (!decide(undefined, undefined, false)) return
      gzip = createGzip(GZIP_OPTIONS)
      // A writer that saw write() return false waits for 'drain' on the response: pass the
      // compressor's on, or a large streamed body (a file) stalls for good.
      gzip.on('drain', () => res.emit('drain'))
      gzip.on('data', (data: Buffer) => write(data))
      gzip.on('end', () => end())
    }

    res.writeHead = ((code: number, ...rest: unknown[]) => {
      status = code
      res.statusCode = code
      if (typeof rest[0] === 'string') message = rest.shift() as string
      applyHeaders(res, rest[0])
      return res
    }) as typeof res.writeHead

    res.flushHeaders = () => {
      if (!decided) startStream()
      sendHead()
    }

    res.write = ((chunk: Chunk, encoding?: BufferEncoding | Callback, cb?: Callback) => {
      const enc = typeof encoding === 'string' ? encoding : undefined
      const callback = typeof encoding === 'function' ? encoding : cb
      if (!decided) startStream()
      sendHead()
      return gzip ? gzip.write(chunk, enc ?? 'utf8', callback) : write(chunk, enc, callback)
    }) as typeof res.write

    res.end = ((chunk?: Chunk | (() => void), encoding?: BufferEncoding | (() => void), cb?: () => void) => {
      const body = typeof chunk === 'function' ? undefined : chunk
      const enc = typeof encoding === 'string' ? encoding : undefined
      const callback = [chunk, encoding, cb].find((arg) => typeof arg === 'function') as
        (() => void) | undefined
      if (!decided && body !== undefined && decide(body, enc, true)) {
        const compressed = gzipSync(typeof body === 'string' ? Buffer.from(body, enc) : body, GZIP_OPTIONS)
        res.setHeader('content-length', compressed.byteLength)
        sendHead()
        return end(compressed, undefined, callback)
      }
      decided = true
      sendHead()
      if (gzip) {
        if (callback) res.once('finish', callback)
        gzip.end(body ?? Buffer.alloc(0))
        return res
      }
      return body === undefined ? end(undefined, undefined, callback) : end(body, enc, callback)
    }) as typeof res.end

    listener(req, res)
  }
}

// A node:http server whose responses are compressed for clients that accept gzip.
export const createCompressingServer = ((options: object, listener: RequestListener) =>
  createServer(options, withCompression(listener))) as unknown as typeof createServer
