// The framework's floor for the benchmark: node:http alone answering with the same body and the
// same static headers (security headers, content type) as the app's GET /api/ping.
import { createServer } from 'node:http'

const body = process.env.BODY ?? JSON.stringify({ status: 'ok' })
const headers = { ...JSON.parse(process.env.HEADERS ?? '{}'), 'content-length': Buffer.byteLength(body) }
const server = createServer((req, res) => {
  res.writeHead(200, headers)
  res.end(body)
})
server.listen(Number(process.env.PORT), '127.0.0.1')
process.on('SIGTERM', () => server.close(() => process.exit(0)))
