import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { Server as NetServer, type Socket } from 'node:net'

// A stop that resets no request (docs/decisions/0144). Closing a keep-alive connection between
// two requests races the client's next one: a request already sent, or sent as the close
// arrives, is reset. So from the stop on, every answer says `Connection: close` (the client
// sends nothing more on that connection, which closes once the answer is out), and a connection
// with no request under way is closed only once it has been quiet for LINGER_MS: one whose client
// was about to send gets that request answered, with `Connection: close`, instead.

export const LINGER_MS = 500

interface ConnectionState {
  // Requests under way on it.
  busy: number
  // When its last answer ended (or it opened).
  quietSince: number
}

export interface Drain {
  readonly draining: boolean
  // Stops taking connections and starts closing the open ones; resolves once they are all
  // closed, or at `graceMs`, after which the rest are cut.
  drain(graceMs: number): Promise<{ cut: boolean }>
}

export function trackConnections(server: Server, now = () => performance.now()): Drain {
  const connections = new Map<Socket, ConnectionState>()
  const answering = new Set<ServerResponse>()
  let draining = false

  server.on('connection', (socket: Socket) => {
    connections.set(socket, { busy: 0, quietSince: now() })
    socket.once('close', () => connections.delete(socket))
  })
  // First among the request's listeners: the app may answer in the same turn.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const state = connections.get(req.socket)
    if (state) state.busy++
    answering.add(res)
    if (draining) res.shouldKeepAlive = false
    res.once('close', () => {
      answering.delete(res)
      if (state) {
        state.busy--
        state.quietSince = now()
      }
    })
  })

  // Once every connection without a request has been quiet for LINGER_MS, they are closed (Node's
  // own count of requests under way decides which: it sees a request whose head is still
  // arriving). Run after the turn's input is read, so a request that arrived is counted first.
  const closeQuiet = () => {
    const at = now()
    for (const state of connections.values())
      if (state.busy === 0 && at - state.quietSince < LINGER_MS) return
    server.closeIdleConnections()
  }

  return {
    get draining() {
      return draining
    },
    async drain(graceMs) {
      draining = true
      // Answers not yet begun say `Connection: close`; one already sent closes after its
      // connection's next request, or its linger.
      for (const res of answering) if (!res.headersSent) res.shouldKeepAlive = false
      // The listener alone: `server.close()` would also close every connection without a request
      // under way at once, which is the race above. After this turn's input is read: a connection
      // the system has accepted but Node has not taken yet would be reset by the close.
      const closed = new Promise<void>((resolve) =>
        setImmediate(() => NetServer.prototype.close.call(server, () => resolve())),
      )
      const sweep = setInterval(() => setImmediate(closeQuiet), 50)
      setImmediate(closeQuiet)
      let grace: ReturnType<typeof setTimeout> | undefined
      const cut = await Promise.race([
        closed.then(() => false),
        new Promise<boolean>((resolve) => (grace = setTimeout(() => resolve(true), graceMs))),
      ])
      clearInterval(sweep)
      clearTimeout(grace)
      if (cut) server.closeAllConnections()
      return { cut }
    },
  }
}
