import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'

// A refusal sent before the body is read must still reach a client that is sending a large body
// (a photo upload whose session ran out), over a real socket, as the server listens in production.

let t: TestApp
let server: ReturnType<typeof serve>
let port: number
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: '0' })
  server = serve({
    fetch: t.app.fetch,
    port: 0,
    hostname: '127.0.0.1',
  })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await t.close()
})

// One request with the body sent in chunks, as a browser uploads; the status, or the error.
function post(path: string, body: Buffer, headers: Record<string, string> = {}) {
  return new Promise<number | string>((resolve) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: {
        origin: 'http://localhost:3000',
        'content-type': 'application/json',
        'content-length': String(body.length),
        ...headers,
      },
    })
    req.on('response', (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', (error) => resolve(`${(error as NodeJS.ErrnoException).code ?? error.message}`))
    const chunk = 16 * 1024
    let offset = 0
    const writeMore = () => {
      while (offset < body.length) {
        const part = body.subarray(offset, offset + chunk)
        offset += chunk
        if (!req.write(part)) return void req.once('drain', writeMore)
      }
      req.end()
    }
    writeMore()
  })
}

describe('refusals over a socket', () => {
  it('a 200 KB body sent to a route that refuses it gets its answer 100 times in 100', async () => {
    const body = Buffer.from(JSON.stringify({ name: 'x'.repeat(200 * 1024) }))
    const answers: Array<number | string> = []
    for (let i = 0; i < 100; i++) answers.push(await post('/api/partner-lists', body))
    expect(answers.filter((answer) => answer !== 401)).toEqual([])
  })

  it('a body over the size limit gets its 413', async () => {
    const body = Buffer.alloc(300 * 1024, 'x')
    const answers: Array<number | string> = []
    for (let i = 0; i < 20; i++) answers.push(await post('/api/partner-lists', body))
    expect(answers.filter((answer) => answer !== 413)).toEqual([])
  })
})
