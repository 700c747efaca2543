import { createServer, request, type IncomingMessage, type RequestListener, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { BatchedResponse, MAX_BATCH } from './batched-response'

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

// The form a benchmark comparison runs (SERVER_OPTIMIZATIONS_OFF=batching).
class UnbatchedResponse<Request extends IncomingMessage = IncomingMessage> extends BatchedResponse<Request> {
  protected override get batches() {
    return false
  }
}

async function listen(
  listener: RequestListener<typeof IncomingMessage, typeof BatchedResponse>,
  response: typeof BatchedResponse = BatchedResponse,
) {
  server = createServer({ ServerResponse: response }, listener)
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

function get(port: number, path: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('responses that end in the same turn leave together', () => {
  it('writes a whole response when the turn ends, not when end() is called', async () => {
    const seen: Array<{ endedAtOnce: boolean; endedAfterTurn: boolean }> = []
    const port = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.end('hello')
      const endedAtOnce = res.writableEnded
      setImmediate(() => seen.push({ endedAtOnce, endedAfterTurn: res.writableEnded }))
    })
    expect(await get(port, '/')).toEqual({ status: 200, body: 'hello' })
    await expect.poll(() => seen).toEqual([{ endedAtOnce: false, endedAfterTurn: true }])
  })

  it('answers each of many concurrent requests with its own body, and calls each end callback once', async () => {
    const ended: string[] = []
    const port = await listen((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.end(`answer ${req.url}`, () => ended.push(req.url ?? ''))
    })
    const count = MAX_BATCH * 2 + 5
    const answers = await Promise.all(Array.from({ length: count }, (_, n) => get(port, `/${n}`)))
    expect(answers.map((answer) => answer.body)).toEqual(
      Array.from({ length: count }, (_, n) => `answer /${n}`),
    )
    await expect.poll(() => ended.length).toBe(count)
    expect(new Set(ended).size).toBe(count)
  })

  it('keeps the order of pipelined requests on one connection', async () => {
    // The second answer is ready first; the client must still read them in request order.
    const port = await listen((req, res) => {
      const send = () => res.end(`answer ${req.url}`)
      if (req.url === '/slow') setTimeout(send, 30)
      else send()
    })
    const socket = connect(port, '127.0.0.1')
    let received = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (received += chunk))
    socket.write(
      'GET /slow HTTP/1.1\r\nHost: x\r\n\r\nGET /fast HTTP/1.1\r\nHost: x\r\n\r\nGET /last HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    )
    await new Promise((resolve) => socket.on('close', resolve))
    const bodies = [...received.matchAll(/answer \/(?:slow|fast|last)/g)].map((match) => match[0])
    expect(bodies).toEqual(['answer /slow', 'answer /fast', 'answer /last'])
  })

  it('lets a second end() follow the first instead of overtaking it (as node:http treats it)', async () => {
    // Overtaking, the second call would end the response empty and the body would be refused.
    const callbacks: string[] = []
    const port = await listen((_req, res) => {
      res.end('once', () => callbacks.push('first'))
      res.end(() => callbacks.push('second'))
    })
    expect((await get(port, '/')).body).toBe('once')
    await expect.poll(() => [...callbacks].sort()).toEqual(['first', 'second'])
  })

  it('does not hold back a streamed body', async () => {
    let finish: () => void = () => {}
    const port = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write('data: first\n\n')
      finish = () => res.end('data: last\n\n')
    })
    const first = await new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
        res.setEncoding('utf8')
        let body = ''
        res.on('data', (chunk: string) => {
          body += chunk
          // The first event arrives while the response is still open.
          if (body === 'data: first\n\n') {
            resolve(body)
            finish()
          }
        })
      })
      req.on('error', reject)
      req.end()
    })
    expect(first).toBe('data: first\n\n')
  })

  it('keeps serving after clients that leave before their answer is written', async () => {
    const port = await listen((req, res) => {
      if (req.url === '/leave') {
        req.socket.destroy()
        res.end('too late')
        return
      }
      res.end('still here')
    })
    const left = await Promise.allSettled(Array.from({ length: 10 }, () => get(port, '/leave')))
    expect(left.every((result) => result.status === 'rejected')).toBe(true)
    expect((await get(port, '/')).body).toBe('still here')
  })

  it('writes every answer at end() when batching is turned off', async () => {
    const seen: boolean[] = []
    const port = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.end('hello')
      seen.push(res.writableEnded)
    }, UnbatchedResponse)
    expect(await get(port, '/')).toEqual({ status: 200, body: 'hello' })
    expect(seen).toEqual([true])
  })
})
