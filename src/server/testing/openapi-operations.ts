import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { contractOf } from './contract'
import { type App, originOf } from './event-stream'

// The API as its own document describes it: security suites walk every operation of
// /api/openapi.json at run time, so a route added later is covered without touching them.

export type JsonSchema = {
  $ref?: string
  type?: string | string[]
  enum?: unknown[]
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minItems?: number
  maxItems?: number
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: string[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  default?: unknown
  nullable?: boolean
}

export type Access = 'public' | 'user' | 'admin'
export const ACCESS_LEVELS: readonly string[] = ['public', 'user', 'admin']
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

export interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required: boolean
  schema: JsonSchema
}

export interface ApiOperation {
  // e.g. `POST /api/play-dates/{id}/requests`
  key: string
  method: string
  path: string
  access: string | undefined
  pathParams: string[]
  query: Parameter[]
  headers: Parameter[]
  body: JsonSchema | undefined
  bodyTypes: string[]
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Record<string, unknown>>>
  components?: { schemas?: Record<string, JsonSchema> }
}

type Fetcher = { request: (input: string, init?: RequestInit) => Response | Promise<Response> }

export async function loadOpenApi(app: Fetcher): Promise<OpenApiDocument> {
  const response = await app.request('http://localhost/api/openapi.json')
  if (response.status !== 200) throw new Error(`GET /api/openapi.json answered ${response.status}`)
  return (await response.json()) as OpenApiDocument
}

export function operationsOf(doc: OpenApiDocument): ApiOperation[] {
  const operations: ApiOperation[] = []
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as {
        'x-access'?: string
        parameters?: Parameter[]
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
      }
      const parameters = (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(doc, p.schema ?? {}) }))
      const content = op.requestBody?.content ?? {}
      const json = content['application/json']?.schema
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        access: op['x-access'],
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        query: parameters.filter((p) => p.in === 'query'),
        headers: parameters.filter((p) => p.in === 'header'),
        body: json ? resolve(doc, json) : undefined,
        bodyTypes: Object.keys(content),
      })
    }
  }
  return operations
}

// Inlines `$ref`s (the document keeps a few shared schemas under components).
export function resolve(doc: OpenApiDocument, schema: JsonSchema, depth = 0): JsonSchema {
  if (depth > 20) return {}
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!
    return resolve(doc, doc.components?.schemas?.[name] ?? {}, depth + 1)
  }
  const out: JsonSchema = { ...schema }
  if (schema.items) out.items = resolve(doc, schema.items, depth + 1)
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([k, v]) => [k, resolve(doc, v, depth + 1)]),
    )
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (schema[key]) out[key] = schema[key]!.map((s) => resolve(doc, s, depth + 1))
  }
  return out
}

export const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]

export interface ExampleContext {
  // The value for uuid fields (a profile the caller may use, e.g. an accepted friend).
  uuid: string
}

const clamp = (value: number, min?: number, max?: number) =>
  Math.min(max ?? Number.POSITIVE_INFINITY, Math.max(min ?? Number.NEGATIVE_INFINITY, value))

// A valid value for the schema, field names helping where the schema says too little
// (a birthdate is a plain string in the document). Optional nullable fields are null,
// other optional fields are filled.
export function exampleOf(schema: JsonSchema, context: ExampleContext, field = ''): unknown {
  const choices = schema.anyOf ?? schema.oneOf
  if (choices?.length) return exampleOf(choices[0]!, context, field)
  if (schema.allOf?.length) return exampleOf(Object.assign({}, ...schema.allOf), context, field)
  if (schema.enum?.length) return schema.enum.find((value) => value !== null) ?? schema.enum[0]
  const types = typesOf(schema).filter((type) => type !== 'null')
  const type = types[0] ?? (schema.properties ? 'object' : 'string')
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const isRequired = schema.required?.includes(name) ?? false
        if (!isRequired && typesOf(property).includes('null')) out[name] = null
        else out[name] = exampleOf(property, context, name)
      }
      return out
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => exampleOf(schema.items ?? {}, context, field))
    case 'integer':
      return Math.round(clamp(25, schema.minimum, schema.maximum))
    case 'number':
      return clamp(/amount|count|limit|page/i.test(field) ? 25 : 3.5, schema.minimum, schema.maximum)
    case 'boolean':
      return /consent/i.test(field) ? true : false
    default:
      return stringExample(schema, context, field)
  }
}

function stringExample(schema: JsonSchema, context: ExampleContext, field: string): string {
  if (schema.format === 'uuid') return context.uuid
  if (schema.format === 'date-time') return new Date().toISOString()
  if (schema.pattern) {
    const [sample] = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 1, seed: 7 })
    return sample ?? ''
  }
  if (/Id$/.test(field)) return context.uuid
  if (schema.format === 'date' || /date$/i.test(field)) return '1990-05-17'
  if (schema.format === 'email' || /email/i.test(field))
    return `matrix-${randomUUID().slice(0, 8)}@example.com`
  if (/password/i.test(field)) return 'Matrix-pass-1'
  const base = field ? `Sample ${field}` : 'Sample text'
  return base.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? base.length)
}

// A lone surrogate cannot be sent: it goes as U+FFFD, like a browser sends it.
export const wellFormed = (value: string) =>
  value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')

// Path params filled in, query params appended.
export function urlOf(
  op: Pick<ApiOperation, 'path'>,
  params: Record<string, string>,
  query: Record<string, unknown> = {},
) {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(wellFormed(params[name] ?? randomUUID())),
  )
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.append(name, String(value))
  }
  const text = search.toString()
  return text ? `${path}?${text}` : path
}

// The required query params with valid values.
export function exampleQuery(op: ApiOperation, context: ExampleContext) {
  return Object.fromEntries(
    op.query.filter((p) => p.required).map((p) => [p.name, exampleOf(p.schema, context, p.name)]),
  )
}

export interface SentResponse {
  status: number
  headers: Headers
  text: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any
}

export interface SendOptions {
  method: string
  url: string
  cookie?: string | undefined
  origin?: string | null
  headers?: Record<string, string>
  body?: string | undefined
}

// One request against the in-process app. An event stream (an operation the document answers
// with `text/event-stream`) is written to Node's response (lib/event-stream.ts), so it is asked
// of the app served on a socket, and read no further than its first chunk: a call never hangs.
export async function send(app: App, options: SendOptions): Promise<SentResponse> {
  const headers: Record<string, string> = {}
  if (options.origin !== null) headers.origin = options.origin ?? 'http://localhost:3000'
  if (options.cookie) headers.cookie = options.cookie
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  Object.assign(headers, options.headers)
  const init = { method: options.method, headers, body: options.body }
  const aborter = new AbortController()
  const contract = await contractOf(app)
  const response = contract.streams(options.method, options.url)
    ? await fetch(`${await originOf(app)}${options.url}`, { ...init, signal: aborter.signal })
    : await app.request(`http://localhost${options.url}`, init)
  let text = ''
  if (response.headers.get('content-type')?.includes('text/event-stream')) {
    const reader = response.body?.getReader()
    const first = await reader?.read()
    text = first?.value ? new TextDecoder().decode(first.value) : ''
    aborter.abort()
    await reader?.cancel().catch(() => undefined)
  } else {
    text = await response.text()
  }
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  const sent = { status: response.status, headers: response.headers, text, json }
  contract.check(options.method, options.url, sent)
  return sent
}

// `{ error: { code, message, fields? } }` and nothing else.
export function isErrorShape(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false
  const keys = Object.keys(body)
  if (keys.length !== 1 || keys[0] !== 'error') return false
  const error = (body as { error: unknown }).error
  if (typeof error !== 'object' || error === null) return false
  const { code, message, fields, ...rest } = error as Record<string, unknown>
  if (Object.keys(rest).length > 0) return false
  if (typeof code !== 'string' || typeof message !== 'string' || message.length === 0) return false
  if (fields === undefined) return true
  return (
    typeof fields === 'object' &&
    fields !== null &&
    Object.values(fields).every((value) => typeof value === 'string')
  )
}

// What an answer must never carry: a stack trace, a file path of the server, SQL or a
// driver's error text.
const internals = [
  /\n\s+at\s+\S+/,
  /node_modules/,
  /\/src\/server\//,
  /Failed query/i,
  /syntax error at or near/i,
  /violates (unique|foreign key|check|not-null) constraint/i,
  /duplicate key value/i,
  /invalid input syntax for/i,
  /relation "[^"]+" does not exist/i,
  /\bSQLSTATE\b/i,
  /\bDrizzle/,
  /ZodError/,
  /TypeError|ReferenceError|RangeError|SyntaxError: /,
]

export function leakedInternals(text: string): string | undefined {
  return internals.find((pattern) => pattern.test(text))?.source
}
