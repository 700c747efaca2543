import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { type Clock, createGeminiProvider, createLlmClient } from './llm'

// A model server for tests: real HTTP on 127.0.0.1 that records every request and answers
// with the replies it was given, in order (the last one repeats).

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: unknown
  // Date.now() on arrival: fake time when the test fakes Date.
  at: number
}

export type FakeReply =
  // Sent once `after` settles, when given: a model that answers when the test lets it.
  | { status?: number; json: unknown; after?: Promise<unknown> }
  | { status?: number; text: string; after?: Promise<unknown> }
  // Accepts the request and never answers.
  | { hang: true }
  // Closes the connection without an answer.
  | { drop: true }

export const geminiReply = (text: string) => ({
  candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
  usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
})

export const chatCompletionReply = (text: string | null) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
})

export interface FakeModelServer {
  url: string
  requests: RecordedRequest[]
  replyWith(...replies: FakeReply[]): void
  // Resolves once `count` requests have arrived in total.
  waitForRequests(count: number): Promise<RecordedRequest[]>
  close(): Promise<void>
}

export async function startFakeModelServer(): Promise<FakeModelServer> {
  const requests: RecordedRequest[] = []
  let replies: FakeReply[] = [{ status: 500, json: { error: 'no reply configured' } }]
  const waiters: Array<{ count: number; resolve: () => void }> = []

  const send = (res: ServerResponse, reply: FakeReply) => {
    if ('hang' in reply) return
    if ('drop' in reply) {
      res.socket?.destroy()
      return
    }
    if (reply.after) {
      void reply.after.then(() => send(res, { ...reply, after: undefined }))
      return
    }
    const status = reply.status ?? 200
    if ('json' in reply) {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.json))
    } else {
      res.writeHead(status, { 'content-type': 'text/plain' }).end(reply.text)
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      let body: unknown = raw
      try {
        body = raw ? JSON.parse(raw) : undefined
      } catch {
        // Recorded as text.
      }
      const index = requests.length
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        at: Date.now(),
      })
      for (const waiter of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve()
      }
      const reply = replies[Math.min(index, replies.length - 1)]
      if (reply) send(res, reply)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    replyWith(...next) {
      replies = next
      requests.length = 0
    },
    waitForRequests(count) {
      if (requests.length >= count) return Promise.resolve(requests)
      return new Promise((resolve) => waiters.push({ count, resolve: () => resolve(requests) }))
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

// The fake model server of a test file: started before its tests and closed after them, with real
// time put back after each test, for the tests that ran the client's waits on fake time
// (useFakeTime) (docs/decisions/0223).
export function useFakeModelServer(): FakeModelServer {
  let started: FakeModelServer | undefined
  beforeAll(async () => {
    started = await startFakeModelServer()
  })
  afterAll(() => started?.close())
  afterEach(() => {
    vi.useRealTimers()
  })
  const server = () => {
    if (!started) throw new Error('the fake model server starts before the tests')
    return started
  }
  return {
    get url() {
      return server().url
    },
    get requests() {
      return server().requests
    },
    replyWith: (...replies) => server().replyWith(...replies),
    waitForRequests: (count) => server().waitForRequests(count),
    close: () => server().close(),
  }
}

// Fake time for the client's timers and Date; real I/O goes on.
export const useFakeTime = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })

// A Gemini client on a fake server, on the clock the test gives it.
export const fakeGeminiClient = (settings: { apiKey: string; baseUrl: string; clock?: Clock | undefined }) =>
  createLlmClient(
    createGeminiProvider({ apiKey: settings.apiKey, model: 'gemini-2.0-flash', baseUrl: settings.baseUrl }),
    settings.clock ? { clock: settings.clock } : {},
  )

// Records every timer the client sets, so a test knows when a retry wait has started.
export function recordingClock() {
  const delays: number[] = []
  const clock: Clock = {
    setTimeout: (callback, ms) => {
      delays.push(ms)
      return setTimeout(callback, ms)
    },
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  }
  return { clock, delays }
}

// Waits for real I/O (fake timers leave setImmediate and performance alone).
export async function until(condition: () => boolean, what: string) {
  const started = performance.now()
  while (!condition()) {
    if (performance.now() - started > 5000) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setImmediate(resolve))
  }
}
