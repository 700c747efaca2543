import { describe, expect, it, vi } from 'vitest'
import {
  ATTEMPT_TIMEOUT_MS,
  type Clock,
  checkReply,
  createLlmClient,
  createLlmFromEnv,
  createOpenAiCompatibleProvider,
  type LlmFailure,
  type LlmRequest,
} from './llm'
import {
  chatCompletionReply,
  fakeGeminiClient,
  geminiReply,
  recordingClock,
  startFakeModelServer,
  until,
  useFakeModelServer,
  useFakeTime,
} from './llm.fake'

const API_KEY = 'test-key-5f1c9e'
const request: LlmRequest = {
  system: 'You are a referee.',
  history: [
    { role: 'user', text: 'What is a dink?' },
    { role: 'assistant', text: 'A soft shot into the kitchen.' },
  ],
  prompt: 'Rulebook sections...\n\nQuestion: can I volley in the kitchen?',
}
const GOOD_ANSWER = 'No: a volley must start outside the non-volley zone (9.A).'

const server = useFakeModelServer()

const gemini = (clock?: Clock, baseUrl = server.url) => fakeGeminiClient({ apiKey: API_KEY, baseUrl, clock })

const openAi = (apiKey?: string) =>
  createLlmClient(createOpenAiCompatibleProvider({ baseUrl: `${server.url}/v1`, model: 'llama3.1', apiKey }))

const failureOf = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    return error as LlmFailure
  }
  throw new Error('expected the call to fail')
}

describe('Gemini generateContent', () => {
  it('posts the chat history, prompt, safety settings and generation settings with the key in a header', async () => {
    server.replyWith({ json: geminiReply(GOOD_ANSWER) })
    await expect(gemini().complete(request)).resolves.toBe(GOOD_ANSWER)

    const [sent] = server.requests
    expect(sent?.method).toBe('POST')
    expect(sent?.path).toBe('/v1beta/models/gemini-2.0-flash:generateContent')
    expect(sent?.headers['x-goog-api-key']).toBe(API_KEY)
    expect(sent?.headers['content-type']).toBe('application/json')
    expect(sent?.body).toEqual({
      systemInstruction: { parts: [{ text: 'You are a referee.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'What is a dink?' }] },
        { role: 'model', parts: [{ text: 'A soft shot into the kitchen.' }] },
        { role: 'user', parts: [{ text: request.prompt }] },
      ],
      safetySettings: [
        { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_MEDIUM_AND_ABOVE' },
        { category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_MEDIUM_AND_ABOVE' },
        { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', threshold: 'BLOCK_MEDIUM_AND_ABOVE' },
        { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', threshold: 'BLOCK_MEDIUM_AND_ABOVE' },
      ],
      generationConfig: { maxOutputTokens: 1000, temperature: 0.7, topP: 0.8, topK: 40 },
    })
    expect(JSON.stringify(sent?.body)).not.toContain(API_KEY)
    expect(sent?.path).not.toContain(API_KEY)
  })

  it('joins the text parts of the first candidate', async () => {
    server.replyWith({
      json: {
        candidates: [{ content: { parts: [{ text: 'No, a volley ' }, { text: 'must start outside.' }] } }],
      },
    })
    await expect(gemini().complete(request)).resolves.toBe('No, a volley must start outside.')
  })
})

describe('OpenAI-compatible chat completions', () => {
  it('posts system, history and prompt as messages with the bearer key', async () => {
    server.replyWith({ json: chatCompletionReply(GOOD_ANSWER) })
    await expect(openAi('local-secret').complete(request)).resolves.toBe(GOOD_ANSWER)

    const [sent] = server.requests
    expect(sent?.path).toBe('/v1/chat/completions')
    expect(sent?.headers.authorization).toBe('Bearer local-secret')
    expect(sent?.body).toEqual({
      model: 'llama3.1',
      messages: [
        { role: 'system', content: 'You are a referee.' },
        { role: 'user', content: 'What is a dink?' },
        { role: 'assistant', content: 'A soft shot into the kitchen.' },
        { role: 'user', content: request.prompt },
      ],
      max_tokens: 1000,
      temperature: 0.7,
      top_p: 0.8,
      stream: false,
    })
  })

  it('sends no authorization header when no key is set', async () => {
    server.replyWith({ json: chatCompletionReply(GOOD_ANSWER) })
    await openAi().complete(request)
    expect(server.requests[0]?.headers.authorization).toBeUndefined()
  })

  it('treats a null message content as an empty reply', async () => {
    server.replyWith({ json: chatCompletionReply(null) })
    const failure = await failureOf(openAi().complete(request))
    expect(failure.kind).toBe('unusable')
  })
})

describe('choosing a provider from the configuration', () => {
  const base = { GEMINI_MODEL: 'gemini-2.0-flash', GEMINI_BASE_URL: 'https://example.invalid' }

  it('uses Gemini when a key is set, else the OpenAI-compatible URL, else nothing', () => {
    expect(
      createLlmFromEnv({ ...base, GEMINI_API_KEY: 'k', LLM_BASE_URL: 'http://127.0.0.1:1/v1' })?.provider,
    ).toBe('gemini')
    expect(createLlmFromEnv({ ...base, LLM_BASE_URL: 'http://127.0.0.1:1/v1' })?.provider).toBe(
      'openai-compatible',
    )
    expect(createLlmFromEnv(base)).toBeUndefined()
  })
})

describe('retries', () => {
  it('retries a 5xx after 2 s, then after 4 s, and returns the third answer', async () => {
    useFakeTime()
    const { clock, delays } = recordingClock()
    server.replyWith({ status: 503, json: {} }, { status: 500, json: {} }, { json: geminiReply(GOOD_ANSWER) })
    const pending = gemini(clock).complete(request)

    await until(() => delays.includes(2000), 'the first wait')
    await vi.advanceTimersByTimeAsync(1999)
    expect(server.requests).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await server.waitForRequests(2)

    await until(() => delays.includes(4000), 'the second wait')
    await vi.advanceTimersByTimeAsync(3999)
    expect(server.requests).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    await server.waitForRequests(3)

    await expect(pending).resolves.toBe(GOOD_ANSWER)
    const [first, second, third] = server.requests.map((r) => r.at)
    expect(second! - first!).toBe(2000)
    expect(third! - second!).toBe(4000)
  })

  it('gives up after 3 attempts with the last status', async () => {
    useFakeTime()
    const { clock, delays } = recordingClock()
    server.replyWith({ status: 502, json: {} })
    const pending = failureOf(gemini(clock).complete(request))
    await until(() => delays.includes(2000), 'the first wait')
    await vi.advanceTimersByTimeAsync(2000)
    await until(() => delays.includes(4000), 'the second wait')
    await vi.advanceTimersByTimeAsync(4000)
    const failure = await pending
    expect(server.requests).toHaveLength(3)
    expect(failure.kind).toBe('http')
    expect(failure.detail).toBe('502 Bad Gateway')
  })

  it('times an attempt out after 30 s and retries it', async () => {
    useFakeTime()
    const { clock, delays } = recordingClock()
    server.replyWith({ hang: true }, { json: geminiReply(GOOD_ANSWER) })
    const pending = gemini(clock).complete(request)

    await server.waitForRequests(1)
    expect(delays[0]).toBe(ATTEMPT_TIMEOUT_MS)
    await vi.advanceTimersByTimeAsync(ATTEMPT_TIMEOUT_MS - 1)
    expect(delays).not.toContain(2000)
    await vi.advanceTimersByTimeAsync(1)
    await until(() => delays.includes(2000), 'the wait after the timeout')
    await vi.advanceTimersByTimeAsync(2000)
    await expect(pending).resolves.toBe(GOOD_ANSWER)
    expect(server.requests[1]!.at - server.requests[0]!.at).toBe(ATTEMPT_TIMEOUT_MS + 2000)
  })

  it('reports a timeout when all 3 attempts time out', async () => {
    useFakeTime()
    const { clock, delays } = recordingClock()
    server.replyWith({ hang: true })
    const pending = failureOf(gemini(clock).complete(request))
    for (const [count, wait] of [
      [1, 2000],
      [2, 4000],
    ] as const) {
      await server.waitForRequests(count)
      await vi.advanceTimersByTimeAsync(ATTEMPT_TIMEOUT_MS)
      await until(() => delays.includes(wait), `the wait of ${wait} ms`)
      await vi.advanceTimersByTimeAsync(wait)
    }
    await server.waitForRequests(3)
    await vi.advanceTimersByTimeAsync(ATTEMPT_TIMEOUT_MS)
    expect((await pending).kind).toBe('timeout')
    expect(server.requests).toHaveLength(3)
  })

  it('retries a 429 and reports it when it persists', async () => {
    useFakeTime()
    const { clock, delays } = recordingClock()
    server.replyWith({ status: 429, json: { error: { code: 429 } } })
    const pending = failureOf(gemini(clock).complete(request))
    await until(() => delays.includes(2000), 'the first wait')
    await vi.advanceTimersByTimeAsync(2000)
    await until(() => delays.includes(4000), 'the second wait')
    await vi.advanceTimersByTimeAsync(4000)
    expect((await pending).kind).toBe('rate_limited')
    expect(server.requests).toHaveLength(3)
  })

  it('retries a dropped connection and reports a network error when it persists', async () => {
    useFakeTime()
    const { clock, delays } = recordingClock()
    server.replyWith({ drop: true })
    const pending = failureOf(gemini(clock).complete(request))
    await until(() => delays.includes(2000), 'the first wait')
    await vi.advanceTimersByTimeAsync(2000)
    await until(() => delays.includes(4000), 'the second wait')
    await vi.advanceTimersByTimeAsync(4000)
    expect((await pending).kind).toBe('network')
    expect(server.requests).toHaveLength(3)
  })

  it('reports a network error when nothing listens at the address', async () => {
    useFakeTime()
    const { clock, delays } = recordingClock()
    const closed = await startFakeModelServer()
    const url = closed.url
    await closed.close()
    const pending = failureOf(gemini(clock, url).complete(request))
    await until(() => delays.includes(2000), 'the first wait')
    await vi.advanceTimersByTimeAsync(2000)
    await until(() => delays.includes(4000), 'the second wait')
    await vi.advanceTimersByTimeAsync(4000)
    expect((await pending).kind).toBe('network')
  })

  it.each([
    [401, 'auth'],
    [403, 'auth'],
    [400, 'http'],
    [404, 'http'],
  ] as const)('does not retry a %i (%s)', async (status, kind) => {
    server.replyWith({ status, json: { error: { message: `something about ${API_KEY}` } } })
    const failure = await failureOf(gemini().complete(request))
    expect(failure.kind).toBe(kind)
    expect(failure.status).toBe(status)
    expect(server.requests).toHaveLength(1)
    expect(failure.message).not.toContain(API_KEY)
  })

  it('describes another HTTP error by its status line', async () => {
    server.replyWith({ status: 400, json: {} })
    expect((await failureOf(gemini().complete(request))).detail).toBe('400 Bad Request')
  })
})

describe('malformed and unusable replies', () => {
  it('calls a body that is not JSON an invalid response, without retrying', async () => {
    server.replyWith({ text: '<html>Bad gateway</html>' })
    const failure = await failureOf(gemini().complete(request))
    expect(failure.kind).toBe('invalid_response')
    expect(server.requests).toHaveLength(1)
  })

  it('calls JSON of an unknown shape unprocessable', async () => {
    server.replyWith({ json: { answer: 'hello there, friend' } })
    expect((await failureOf(gemini().complete(request))).kind).toBe('unprocessable')
    server.replyWith({ json: { choices: 'none' } })
    expect((await failureOf(openAi().complete(request))).kind).toBe('unprocessable')
  })

  it.each([
    ['an empty reply', geminiReply(''), 'Empty response'],
    ['a reply shorter than 10 characters', geminiReply('  Yes.  '), 'Response too short'],
    [
      'a reply with an object placeholder',
      geminiReply('The rule says [object Object].'),
      'Response contains an object placeholder',
    ],
    [
      'a reply blocked by the safety settings',
      { promptFeedback: { blockReason: 'SAFETY' } },
      'Empty response',
    ],
    ['no candidates', { candidates: [] }, 'Empty response'],
  ])('refuses %s', async (_name, json, detail) => {
    server.replyWith({ json })
    const failure = await failureOf(gemini().complete(request))
    expect(failure.kind).toBe('unusable')
    expect(failure.detail).toBe(detail)
    expect(server.requests).toHaveLength(1)
  })

  it('accepts a reply of 10 characters and trims it', () => {
    expect(checkReply('  Yes, it is.  ')).toBe('Yes, it is.')
    expect(() => checkReply('123456789')).toThrow('Response too short')
    expect(checkReply('1234567890')).toBe('1234567890')
  })
})
