import { AppError, type ErrorBody, type ErrorCode, type FieldErrors } from '../../domain/errors'
import type { paths } from './api-schema.gen'
import { noteServerDate } from './server-clock'

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
  const sentAt = Date.now()
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers:
        options.body === undefined
          ? { accept: 'application/json' }
          : {
              'content-type':
                options.body instanceof Blob
                  ? options.body.type || 'application/octet-stream'
                  : 'application/json',
              accept: 'application/json',
            },
      // A file (a profile photo) goes as it is; anything else as JSON.
      body:
        options.body === undefined
          ? undefined
          : options.body instanceof Blob
            ? options.body
            : JSON.stringify(options.body),
      signal: options.signal,
    })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    console.warn('Network request failed', cause)
    throw new ApiError(0, 'unavailable', networkErrorMessage(cause))
  }
  noteServerDate(response, sentAt)
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

// The document's paths carry the /api prefix that apiRequest adds itself.
type Paths = { [P in keyof paths as P extends `/api${infer Rest}` ? Rest : never]: paths[P] }
type Verb = 'get' | 'post' | 'put' | 'patch' | 'delete'
type PathWith<V extends Verb> = {
  [P in keyof Paths]: Paths[P][V & keyof Paths[P]] extends { responses: unknown } ? P : never
}[keyof Paths]
type Operation<V extends Verb, P extends PathWith<V>> = NonNullable<Paths[P][V & keyof Paths[P]]>

// A part of the request: absent when the operation has none, optional when the document says so.
type Part<Key extends string, T> = [NonNullable<T>] extends [never]
  ? { [K in Key]?: never }
  : undefined extends T
    ? { [K in Key]?: NonNullable<T> }
    : { [K in Key]: T }
type OperationParameters<Op> = Op extends { parameters: infer Parameters } ? Parameters : never
type RequestBody<Op> = Op extends { requestBody?: infer Body } ? Body : never
type JsonContent<T> = T extends { content: { 'application/json': infer Json } } ? Json : never
type PathParameters<Op> = OperationParameters<Op> extends { path?: infer Path } ? Path : never
// A query value left out, null or '' is not sent, so a form's empty field can be passed as it is.
type QueryParameters<Op> =
  OperationParameters<Op> extends { query?: infer Q }
    ? [NonNullable<Q>] extends [never]
      ? never
      : | {
            [K in keyof NonNullable<Q>]:
              NonNullable<Q>[K] | (undefined extends NonNullable<Q>[K] ? null : never)
          }
        | Extract<Q, undefined>
    : never
// An operation that takes a file (its body is an image, not JSON) takes a Blob: a File from a picker.
type FileContent<T> = T extends { content: infer Content }
  ? Exclude<keyof Content, 'application/json'> extends never
    ? never
    : Blob
  : never
type Body<Op> =
  | JsonContent<RequestBody<Op>>
  | FileContent<RequestBody<Op>>
  | (undefined extends RequestBody<Op> ? undefined : never)

export type ApiRequest<V extends Verb, P extends PathWith<V>> = Part<
  'params',
  PathParameters<Operation<V, P>>
> &
  Part<'query', QueryParameters<Operation<V, P>>> &
  Part<'body', Body<Operation<V, P>>> & { signal?: AbortSignal }

type Success = 200 | 201 | 202 | 203 | 204 | 205 | 206
type Answer<R> = R extends { content: infer Content }
  ? Content extends { 'application/json': infer Json }
    ? Json
    : unknown
  : undefined
// What a successful call resolves to: the JSON body of the operation's 2xx answer; undefined for a 204.
export type ApiResponse<V extends Verb, P extends PathWith<V>> =
  Operation<V, P> extends { responses: infer Responses }
    ? { [S in Success & keyof Responses]: Answer<Responses[S]> }[Success & keyof Responses]
    : never

// The options are optional when nothing in them is required.
type Args<T> = object extends T ? [request?: T] : [request: T]

interface OperationRequest {
  params?: unknown
  query?: unknown
  body?: unknown
  signal?: AbortSignal
}

function callOperation(verb: Verb, template: string, request: OperationRequest = {}): Promise<unknown> {
  const method = verb.toUpperCase() as Method
  const params = (request.params ?? {}) as Record<string, string>
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])))
  const body = method === 'GET' || method === 'DELETE' ? undefined : (request.body ?? {})
  return apiRequest(method, path, {
    query: request.query as RequestOptions['query'],
    body,
    signal: request.signal,
  })
}

const operation =
  <V extends Verb>(verb: V) =>
  <P extends PathWith<V>>(path: P, ...[request]: Args<ApiRequest<V, P>>) =>
    callOperation(verb, path, request) as Promise<ApiResponse<V, P>>

// Each call names an operation by its path in the API document (`/play-dates/{id}`) and takes
// its path parameters, query and body with the document's types; it resolves to the document's
// answer (src/web/lib/api-schema.gen.ts, docs/decisions/0093). A write without a body sends {}.
export const api = {
  get: operation('get'),
  post: operation('post'),
  put: operation('put'),
  patch: operation('patch'),
  delete: operation('delete'),
}
