import { STATUS_CODES } from 'node:http'
import { z } from 'zod'
import type { Env } from '../env'

// The port to a chat model: Gemini generateContent, or any OpenAI-compatible chat completions
// endpoint (llama.cpp, Ollama). Keys stay on the server: they go in request headers only and
// never into an error, a log line or a response.

export interface LlmTurn {
  role: 'user' | 'assistant'
  text: string
}

export interface LlmRequest {
  system: string
  history: LlmTurn[]
  prompt: string
}

export const generation = { maxOutputTokens: 1000, temperature: 0.7, topP: 0.8, topK: 40 } as const
export const ATTEMPTS = 3
export const ATTEMPT_TIMEOUT_MS = 30_000
export const RETRY_DELAYS_MS = [2_000, 4_000] as const

export type LlmFailureKind =
  | 'timeout'
  | 'auth'
  | 'rate_limited'
  | 'network'
  | 'invalid_response'
  | 'unprocessable'
  | 'http'
  | 'unusable'
  | 'unexpected'

// Why a call failed; `detail` is safe to show (an HTTP status line or the check that failed).
export class LlmFailure extends Error {
  readonly kind: LlmFailureKind
  readonly status: number | undefined
  readonly detail: string

  constructor(kind: LlmFailureKind, detail: string, status?: number) {
    super(`${kind}: ${detail}`)
    this.name = 'LlmFailure'
    this.kind = kind
    this.status = status
    this.detail = detail
  }
}

export const isLlmFailure = (value: unknown): value is LlmFailure => value instanceof LlmFailure

const isRetryable = (failure: LlmFailure) =>
  failure.kind === 'timeout' ||
  failure.kind === 'network' ||
  failure.kind === 'rate_limited' ||
  (failure.kind === 'http' && (failure.status ?? 0) >= 500)

// Timers are read from globalThis at call time, so tests can fake them.
export interface Clock {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const systemClock: Clock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

const sleep = (clock: Clock, ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms))

interface HttpCall {
  url: string
  headers: Record<string, string>
  body: unknown
}

export interface Provider {
  name: 'gemini' | 'openai-compatible'
  buildCall(request: LlmRequest): HttpCall
  // The reply text ('' when the model gave none); throws 'unprocessable' for an unknown shape.
  readText(body: unknown): string
}

const harmCategories = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
] as const

export const geminiSafetySettings = harmCategories.map((category) => ({
  category,
  threshold: 'BLOCK_MEDIUM_AND_ABOVE' as const,
}))

const geminiResponse = z.union([
  z.object({
    candidates: z.array(
      z.object({
        content: z
          .object({ parts: z.array(z.object({ text: z.string().optional() })).optional() })
          .optional(),
      }),
    ),
  }),
  // A prompt blocked by the safety settings comes back with feedback and no candidates.
  z.object({ promptFeedback: z.object({ blockReason: z.string().optional() }) }),
])

export function createGeminiProvider(settings: { apiKey: string; model: string; baseUrl: string }): Provider {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/v1beta/models/${encodeURIComponent(settings.model)}:generateContent`
  return {
    name: 'gemini',
    buildCall: (request) => ({
      url,
      headers: { 'content-type': 'application/json', 'x-goog-api-key': settings.apiKey },
      body: {
        systemInstruction: { parts: [{ text: request.system }] },
        contents: [
          ...request.history.map((turn) => ({
            role: turn.role === 'assistant' ? 'model' : 'user',
            parts: [{ text: turn.text }],
          })),
          { role: 'user', parts: [{ text: request.prompt }] },
        ],
        safetySettings: geminiSafetySettings,
        generationConfig: { ...generation },
      },
    }),
    readText: (body) => {
      const parsed = geminiResponse.safeParse(body)
      if (!parsed.success) throw new LlmFailure('unprocessable', 'unexpected response shape')
      if (!('candidates' in parsed.data)) return ''
      const parts = parsed.data.candidates[0]?.content?.parts ?? []
      return parts.map((part) => part.text ?? '').join('')
    },
  }
}

const chatCompletionResponse = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }) })),
})

export function createOpenAiCompatibleProvider(settings: {
  baseUrl: string
  model?: string | undefined
  apiKey?: string | undefined
}): Provider {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`
  return {
    name: 'openai-compatible',
    buildCall: (request) => ({
      url,
      headers: {
        'content-type': 'application/json',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      // top_k is not part of the OpenAI schema and strict servers refuse unknown fields.
      body: {
        ...(settings.model ? { model: settings.model } : {}),
        messages: [
          { role: 'system', content: request.system },
          ...request.history.map((turn) => ({ role: turn.role, content: turn.text })),
          { role: 'user', content: request.prompt },
        ],
        max_tokens: generation.maxOutputTokens,
        temperature: generation.temperature,
        top_p: generation.topP,
        stream: false,
      },
    }),
    readText: (body) => {
      const parsed = chatCompletionResponse.safeParse(body)
      if (!parsed.success) throw new LlmFailure('unprocessable', 'unexpected response shape')
      return parsed.data.choices[0]?.message.content ?? ''
    },
  }
}

// Replies that are no answer: nothing, a fragment, or an object that was turned into text.
export function checkReply(text: string): string {
  const trimmed = text.trim()
  if (trimmed.length === 0) throw new LlmFailure('unusable', 'Empty response')
  if (trimmed.length < 10) throw new LlmFailure('unusable', 'Response too short')
  if (/\[object \w+\]/.test(trimmed))
    throw new LlmFailure('unusable', 'Response contains an object placeholder')
  return trimmed
}

const TIMED_OUT = Symbol('timed out')

async function attempt(provider: Provider, call: HttpCall, fetchImpl: typeof fetch, clock: Clock) {
  const controller = new AbortController()
  const timer = clock.setTimeout(() => controller.abort(TIMED_OUT), ATTEMPT_TIMEOUT_MS)
  try {
    let response: Response
    try {
      response = await fetchImpl(call.url, {
        method: 'POST',
        headers: call.headers,
        body: JSON.stringify(call.body),
        signal: controller.signal,
      })
    } catch {
      if (controller.signal.aborted) throw new LlmFailure('timeout', 'no answer in time')
      throw new LlmFailure('network', 'the model service could not be reached')
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined)
      const statusLine = `${response.status} ${response.statusText || STATUS_CODES[response.status] || 'Error'}`
      if (response.status === 401 || response.status === 403)
        throw new LlmFailure('auth', statusLine, response.status)
      if (response.status === 429) throw new LlmFailure('rate_limited', statusLine, response.status)
      throw new LlmFailure('http', statusLine, response.status)
    }
    let text: string
    try {
      text = await response.text()
    } catch {
      if (controller.signal.aborted) throw new LlmFailure('timeout', 'no answer in time')
      throw new LlmFailure('network', 'the answer was cut off')
    }
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      throw new LlmFailure('invalid_response', 'the answer is not JSON')
    }
    return checkReply(provider.readText(body))
  } finally {
    clock.clearTimeout(timer)
  }
}

export interface LlmClient {
  provider: Provider['name']
  // The reply text; throws LlmFailure.
  complete(request: LlmRequest): Promise<string>
}

export interface LlmOptions {
  fetch?: typeof fetch
  clock?: Clock
}

// Up to 3 attempts, 30 s each, waiting 2 s then 4 s; only failures that may pass are retried.
export function createLlmClient(provider: Provider, options: LlmOptions = {}): LlmClient {
  const clock = options.clock ?? systemClock
  return {
    provider: provider.name,
    async complete(request) {
      const call = provider.buildCall(request)
      const fetchImpl = options.fetch ?? globalThis.fetch
      for (let index = 0; ; index++) {
        try {
          return await attempt(provider, call, fetchImpl, clock)
        } catch (error) {
          const failure = isLlmFailure(error) ? error : new LlmFailure('unexpected', 'unexpected error')
          const delay = RETRY_DELAYS_MS[index]
          if (!isRetryable(failure) || index + 1 >= ATTEMPTS || delay === undefined) throw failure
          await sleep(clock, delay)
        }
      }
    },
  }
}

// Gemini when a key is set, else an OpenAI-compatible endpoint when its URL is set, else none.
export function createLlmFromEnv(
  env: Pick<
    Env,
    'GEMINI_API_KEY' | 'GEMINI_MODEL' | 'GEMINI_BASE_URL' | 'LLM_BASE_URL' | 'LLM_MODEL' | 'LLM_API_KEY'
  >,
  options: LlmOptions = {},
): LlmClient | undefined {
  if (env.GEMINI_API_KEY) {
    return createLlmClient(
      createGeminiProvider({
        apiKey: env.GEMINI_API_KEY,
        model: env.GEMINI_MODEL,
        baseUrl: env.GEMINI_BASE_URL,
      }),
      options,
    )
  }
  if (env.LLM_BASE_URL) {
    return createLlmClient(
      createOpenAiCompatibleProvider({
        baseUrl: env.LLM_BASE_URL,
        model: env.LLM_MODEL,
        apiKey: env.LLM_API_KEY,
      }),
      options,
    )
  }
  return undefined
}
