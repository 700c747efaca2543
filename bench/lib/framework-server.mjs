// The framework alone, for the floor: Hono on @hono/node-server (the app's framework and
// adapter, at the app's versions) with one route, GET /api/ping, answering the same body with
// the same static headers as the app, set on the Node response by one middleware the way the
// app sets them (src/server/middleware/response-headers.ts). No routing table, request id,
// request log, session, compression or database: what remains between it and bare node:http is
// what the framework costs out of the box. It writes each answer on the spot; the app writes the
// answers of one event-loop turn together (docs/decisions/0059), so the app can pass it.
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const staticHeaders = Object.entries(JSON.parse(process.env.HEADERS ?? '{}')).filter(
  ([name]) => name.toLowerCase() !== 'content-type' && name.toLowerCase() !== 'content-length',
)
const body = JSON.parse(process.env.BODY ?? JSON.stringify({ status: 'ok' }))

const app = new Hono()
app.use((c, next) => {
  const outgoing = c.env.outgoing
  for (const [name, value] of staticHeaders) outgoing.setHeader(name, value)
  return next()
})
app.get('/api/ping', (c) => c.json(body))

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' })
process.on('SIGTERM', () => server.close(() => process.exit(0)))
