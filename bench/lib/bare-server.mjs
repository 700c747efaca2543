// The framework's floor for the benchmark: node:http alone answering with the same body and the
// same static headers (security headers, content type) as the app's GET /api/ping.
//
// With SESSION_SQL it is instead the least any Node server can do for the session read: node:http
// and pg, no framework, nothing on top. Each request's session cookie is hashed, and the app's own
// session statement (SESSION_SQL, prepared as SESSION_STATEMENT) runs with the values the app
// sent (SESSION_VALUES) and that hash at TOKEN_HASH_INDEX, on a pool with the app's connection
// settings; the row goes back as JSON with the same headers.
//
// With CALLS_FILE it is the least server for every hot read: a JSON file of the calls the bench
// makes (path, cookie) with the statements the app ran for each, in its steps (statements of one
// step ran at once). A request runs its call's statements with the values the app sent, each
// step's at once, on a pool with the app's settings, and answers the rows as JSON with the same
// headers. What it leaves out is what the app adds: routing, middleware, the session's cookie
// parsing and hashing, validation, the ORM's mapping and the response's shape.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
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

// A pool with the app's connection settings, applied as each connection opens (as the app's
// pool does).
function appPool() {
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
  return new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.POOL_SIZE ?? 10),
    idleTimeoutMillis: 0,
    Client: SettingsClient,
  })
}

function sessionHandler() {
  const pool = appPool()
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

function replayHandler() {
  const pool = appPool()
  const calls = new Map(
    JSON.parse(readFileSync(process.env.CALLS_FILE, 'utf8')).map((call) => [
      `${call.path}\n${call.cookie}`,
      call.steps,
    ]),
  )
  const ping = pingHandler()
  const run = (statement) =>
    pool.query({
      text: statement.text,
      values: statement.values,
      ...(statement.name ? { name: statement.name } : {}),
    })
  return async (req, res) => {
    if (req.url === '/api/ping') return ping(req, res)
    const steps = calls.get(`${req.url}\n${req.headers.cookie ?? ''}`)
    if (!steps) {
      res.writeHead(404, { 'content-type': 'text/plain' })
      return res.end('no such call')
    }
    try {
      const rows = []
      for (const step of steps) {
        const results = await Promise.all(step.map(run))
        for (const result of results) rows.push(result.rows)
      }
      const body = JSON.stringify(rows)
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

const server = createServer(
  process.env.CALLS_FILE ? replayHandler() : process.env.SESSION_SQL ? sessionHandler() : pingHandler(),
)
server.listen(Number(process.env.PORT), '127.0.0.1')
process.on('SIGTERM', () => server.close(() => process.exit(0)))
