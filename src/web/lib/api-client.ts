import { AppError, type ErrorBody, type ErrorCode, type FieldErrors } from '../../domain/errors'

// A request that never reached the server, or whose answer never came back (offline, a dropped
// connection, a server restarting): 'Network request failed: ' and the browser's reason, as the
// spec words it ('Failed to fetch' in Chromium).
export const NETWORK_ERROR_PREFIX = 'Network request failed: '
const networkErrorMessage = (cause: unknown) =>
  `${NETWORK_ERROR_PREFIX}${cause instanceof Error && cause.message ? cause.message : String(cause)}`

// A non-2xx answer from the API, with the server's code, message and field errors.
export class ApiError extends AppError {
  readonly status: number
  constructor(status: number, code: ErrorCode, message: string, fields?: FieldErrors) {
    super(code, message, fields)
    this.name = 'ApiError'
    this.status = status
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError

// What the player can act on, as the server words it ('Partner list not found', a lost
// connection): the detail under a toast's own title. A server fault gets no detail.
export const errorDetail = (error: unknown): string | undefined =>
  isApiError(error) && error.status < 500 ? error.message : undefined

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>
  body?: unknown
  signal?: AbortSignal
}

const listeners = new Set<(error: ApiError) => void>()

// The session layer listens for 401s to sign the user out everywhere at once.
export function onApiError(listener: (error: ApiError) => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(`/api${path}`, window.location.origin)
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value))
  }
  let response: Response
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers:
        options.body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    console.warn('Network request failed', cause)
    throw new ApiError(0, 'unavailable', networkErrorMessage(cause))
  }
  if (response.status === 204) return undefined as T
  const text = await response.text()
  const data: unknown = text ? safeJson(text) : undefined
  if (!response.ok) {
    const body = data as Partial<ErrorBody> | undefined
    const error = new ApiError(
      response.status,
      body?.error?.code ?? (response.status >= 500 ? 'internal' : 'invalid'),
      body?.error?.message ??
        (response.status >= 500
          ? 'Something went wrong on our side. Please try again.'
          : `Request failed (${response.status})`),
      body?.error?.fields,
    )
    for (const listener of listeners) listener(error)
    throw error
  }
  return data as T
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, { body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, { body: body ?? {} }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, { body: body ?? {} }),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
}
