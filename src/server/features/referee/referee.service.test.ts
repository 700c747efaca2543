import { Writable } from 'node:stream'
import pino from 'pino'
import { describe, expect, it, vi } from 'vitest'
import { AppError } from '../../../domain/errors'
import { refereeMessages } from '../../../domain/referee/referee.rules'
import { LlmFailure, type LlmFailureKind } from '../../lib/llm'
import {
  fakeGeminiClient,
  type FakeReply,
  recordingClock,
  until,
  useFakeModelServer,
  useFakeTime,
} from '../../lib/llm.fake'
import { askReferee, refereeErrorOf } from './referee.service'

const API_KEY = 'secret-gemini-key-0b7d'

const server = useFakeModelServer()

function capturedLogger() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { log: pino({ level: 'info' }, stream), lines }
}

// Asks through a Gemini client on the fake server, running the retry waits on fake time.
async function askWithRetries(reply: FakeReply) {
  useFakeTime()
  const { clock, delays } = recordingClock()
  server.replyWith(reply)
  const { log, lines } = capturedLogger()
  const llm = fakeGeminiClient({ apiKey: API_KEY, baseUrl: server.url, clock })
  const outcome = askReferee(
    { llm, log, productName: 'PickleMatch', key: Buffer.alloc(32, 1), playerId: 'player-1' },
    {
      question: 'can I volley in the kitchen?',
      history: [],
      includeRuleNumbers: true,
    },
  ).then(
    () => {
      throw new Error('expected a failure')
    },
    (error: unknown) => error as AppError,
  )
  for (let attempt = 1; attempt <= 3; attempt++) {
    await server.waitForRequests(attempt)
    if ('hang' in reply) await vi.advanceTimersByTimeAsync(30_000)
    const wait = [2000, 4000][attempt - 1]
    if (wait) {
      await until(() => delays.includes(wait), `the wait of ${wait} ms`)
      await vi.advanceTimersByTimeAsync(wait)
    }
  }
  return { error: await outcome, lines }
}

describe('what a failed model call tells the player', () => {
  it.each([
    [{ hang: true }, 'unavailable', 'The response took too long. Please try again.'],
    [{ status: 429, json: {} }, 'rate_limited', 'Too many requests. Please wait a moment and try again.'],
    [{ drop: true }, 'unavailable', 'Network error. Please check your connection and try again.'],
    [{ status: 503, json: {} }, 'unavailable', 'Failed to get response: 503 Service Unavailable'],
  ] as const)('after 3 attempts at %j: %s, "%s"', async (reply, code, message) => {
    const { error, lines } = await askWithRetries(reply)
    expect(error).toBeInstanceOf(AppError)
    expect(error.code).toBe(code)
    expect(error.message).toBe(message)
    expect(server.requests).toHaveLength(3)
    expect(lines.join('')).toContain('referee model call failed')
    expect(lines.join('')).not.toContain(API_KEY)
  })

  it.each([
    ['timeout', 'unavailable', refereeMessages.timeout],
    ['auth', 'unavailable', refereeMessages.notConfigured],
    ['rate_limited', 'rate_limited', refereeMessages.tooManyRequests],
    ['network', 'unavailable', refereeMessages.network],
    ['invalid_response', 'unavailable', refereeMessages.invalidResponse],
    ['unprocessable', 'unavailable', refereeMessages.unprocessable],
    ['http', 'unavailable', 'Failed to get response: 418 I’m a teapot'],
    ['unexpected', 'internal', 'An unexpected error occurred. Please try again.'],
  ] as const)('maps %s to %s', (kind: LlmFailureKind, code, message) => {
    const error = refereeErrorOf(new LlmFailure(kind, '418 I’m a teapot', 418))
    expect(error.code).toBe(code)
    expect(error.message).toBe(message)
  })

  it('maps an error that is not a model failure to the unexpected message', async () => {
    const { log } = capturedLogger()
    const llm = {
      provider: 'gemini' as const,
      complete: () => Promise.reject(new TypeError('boom')),
    }
    await expect(
      askReferee(
        { llm, log, productName: 'PickleMatch', key: Buffer.alloc(32, 1), playerId: 'player-1' },
        {
          question: 'how high is the net?',
          history: [],
          includeRuleNumbers: true,
        },
      ),
    ).rejects.toMatchObject({ code: 'internal', message: refereeMessages.unexpected })
  })
})
