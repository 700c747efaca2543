import { Agent, createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { trackConnections } from './drain'

interface Outcome {
  answered: number
  closeAnswers: number
  // Cut off: reset, or closed before the answer.
  resets: string[]
}

// Clients on keep-alive connections, each sending its next request as soon as its last is
// answered, until a new connection is refused.
function keepAliveLoad(port: number, connections: number, signalled: () => boolean) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  const outcome: Outcome = { answered: 0, closeAnswers: 0, resets: [] }
  const once = () =>
    new Promise<'again' | 'refused'>((resolve) => {
      const req = request({ port, host: '127.0.0.1', path: '/', agent }, (res) => {
        res.resume()
        res.on('end', () => {
          outcome.answered++
          if (signalled() && res.headers.connection === 'close') outcome.closeAnswers++
          resolve('again')
        })
      })
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED') return resolve('refused')
        outcome.resets.push(error.code ?? error.message)
        resolve('again')
      })
      req.end()
    })
  const worker = async () => {
    while ((await once()) === 'again') {
      // next request at once
    }
  }
  const done = Promise.all(Array.from({ length: connections }, worker)).then(() => {
    agent.destroy()
    return outcome
  })
  return done
}

describe('a stopping server', () => {
  it('resets no request on its keep-alive connections: each is answered, with Connection: close from the stop on', async () => {
    const server = createServer((_req, res) => {
      // An answer that takes a moment, as one from the database does.
      setTimeout(() => res.end('ok'), 2)
    })
    const drain = trackConnections(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo

    let signalled = false
    const connected = new Set<unknown>()
    server.on('connection', (socket) => connected.add(socket))
    const load = keepAliveLoad(port, 16, () => signalled)
    // Every connection open and answering (one the system accepted but the server had not yet
    // taken when its listener closes is reset by the system: that is the load balancer's part).
    while (connected.size < 16) await new Promise((resolve) => setTimeout(resolve, 20))
    await new Promise((resolve) => setTimeout(resolve, 100))
    signalled = true
    const { cut } = await drain.drain(5_000)
    const outcome = await load

    expect(cut).toBe(false)
    expect(outcome.resets).toEqual([])
    expect(outcome.answered).toBeGreaterThan(16)
    expect(outcome.closeAnswers).toBeGreaterThan(0)
  })

  it('closes a connection that stays quiet without waiting for the grace period', async () => {
    const server = createServer((_req, res) => res.end('ok'))
    const drain = trackConnections(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const agent = new Agent({ keepAlive: true })
    await new Promise<void>((resolve) =>
      request({ port, host: '127.0.0.1', agent }, (res) => res.resume().on('end', resolve)).end(),
    )
    const { cut } = await drain.drain(30_000)
    expect(cut).toBe(false)
    agent.destroy()
  })
})
