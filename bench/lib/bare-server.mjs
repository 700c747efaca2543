// The framework's floor for the benchmark: node:http alone answering with the same body and the
// same static headers (security headers, content type) as the app's GET /api/ping.
//
// With SESSION_SQL it is instead the least any Node server can do for the session read: node:http
// and pg, no framework, nothing on top. Each request's session cookie is hashed, and the app's own
// session statement (SESSION_SQL, prepared as SESSION_STATEMENT) runs with the values the app
// sent (SESSION_VALUES) and that hash at TOKEN_HASH_INDEX, on a pool with the app's connection
// settings; the row goes back as JSON with the same headers.
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import pg from 'pg'

const staticHeaders = JSON.parse(process.env.HEADERS ?? '{}')

function pingHandler() {
  const body = process.env.BODY ?? JSON.stringify({ status: 'ok' })
  const headers = { ...staticHeaders, 'content-length': Buffer.byteLength(body) }
  return (req, res) => {
    res.writeHead(200, headers)
    res.end(body)
  }
}

function sessionHandler() {
  // The app's connection settings, applied as each connection opens (as the app's pool does).
  class SettingsClient extends pg.Client {
    connect(callback) {
      const settings = process.env.CONNECTION_SQL
      const ready = super.connect().then((client) =>
        settings
          ? super.query(settings).then(
              () => client,
              () => client,
            )
          : client,
      )
      if (!callback) return ready
      ready.then((client) => callback(null, client), callback)
    }
  }
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.POOL_SIZE ?? 10),
    idleTimeoutMillis: 0,
    Client: SettingsClient,
  })
  const text = process.env.SESSION_SQL
  const name = process.env.SESSION_STATEMENT
  const cookie = new RegExp(`(?:^|;\\s*)${process.env.SESSION_COOKIE}=([^;]*)`)
  const template = JSON.parse(process.env.SESSION_VALUES ?? '[]')
  const hashIndex = Number(process.env.TOKEN_HASH_INDEX)
  return async (req, res) => {
    try {
      const token = cookie.exec(req.headers.cookie ?? '')?.[1] ?? ''
      const values = [...template]
      values[hashIndex] = createHash('sha256').update(decodeURIComponent(token)).digest('hex')
      const { rows } = await pool.query({ text, values, ...(name ? { name } : {}) })
      const body = JSON.stringify({ user: rows[0] ?? null })
      res.writeHead(200, {
        ...staticHeaders,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      })
      res.end(body)
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(String(error))
    }
  }
}

const server = createServer(process.env.SESSION_SQL ? sessionHandler() : pingHandler())
server.listen(Number(process.env.PORT), '127.0.0.1')
process.on('SIGTERM', () => server.close(() => process.exit(0)))
