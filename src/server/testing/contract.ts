import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

// Every answer a route test gets is checked against /api/openapi.json: its status is one the
// operation documents, its content type too, its JSON body matches the documented schema and
// the headers the document requires are there. The document cannot drift from the code
// unnoticed (docs/decisions/0070).

type Fetcher = { request: (input: string, init?: RequestInit) => Response | Promise<Response> }

interface DocumentedResponse {
  content?: Record<string, unknown>
  headers?: Record<string, { required?: boolean }>
}

interface Operation {
  operationId?: string
  responses: Record<string, DocumentedResponse>
}

interface Document {
  paths: Record<string, Record<string, Operation>>
}

interface Route {
  method: string
  template: string
  pattern: RegExp
  params: number
  operation: Operation
}

export interface CheckedResponse {
  status: number
  headers: Headers
  text: string
  json: unknown
}

// Under /api but not operations: the document itself, its reference pages, the mailbox page.
const PAGES = [/^\/api\/openapi\.json$/, /^\/api\/docs(\/|$)/, /^\/api\/dev\/mailbox$/]

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')

export class Contract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true })
  private readonly routes: Route[] = []
  private readonly validators = new Map<string, ValidateFunction>()

  constructor(document: Document) {
    addFormats(this.ajv)
    this.ajv.addSchema(document, 'openapi.json')
    for (const [template, item] of Object.entries(document.paths)) {
      const source = template
        .split(/\{[^}]+\}/)
        .map(escape)
        .join('[^/]+')
      for (const [method, operation] of Object.entries(item)) {
        this.routes.push({
          method: method.toUpperCase(),
          template,
          pattern: new RegExp(`^${source}$`),
          params: template.split('{').length - 1,
          operation,
        })
      }
    }
    // A literal segment wins over a parameter: /api/profiles/me before /api/profiles/{id}.
    this.routes.sort((a, b) => a.params - b.params)
  }

  private routeOf(method: string, path: string) {
    return this.routes.find((r) => r.method === method && r.pattern.test(path))
  }

  // Whether the operation a request reaches answers with an event stream (its 200 is
  // `text/event-stream`): such an answer is written to Node's response, not returned to the app.
  streams(method: string, url: string) {
    const content = this.routeOf(method, new URL(url, 'http://localhost').pathname)?.operation.responses[
      '200'
    ]?.content
    return content !== undefined && 'text/event-stream' in content
  }

  // Throws an error naming the operation and the mismatch; passes answers from outside the
  // API (the web app) and the 404 of a path no operation has.
  check(method: string, url: string, response: CheckedResponse) {
    const path = new URL(url, 'http://localhost').pathname
    if (!path.startsWith('/api/') || PAGES.some((page) => page.test(path))) return
    const route = this.routeOf(method, path)
    if (!route) {
      // The catch-all's 404, and what refuses a write before any route is chosen (a cross-site
      // origin, a body over the limit).
      if (response.status === 404 || (method !== 'GET' && [403, 413].includes(response.status))) return
      throw new Error(
        `${method} ${path} answered ${response.status}, and no operation of the document has it`,
      )
    }
    const name = `${route.operation.operationId ?? '(no operationId)'} (${method} ${route.template})`
    const fail = (problem: string) => {
      throw new Error(`The answer of ${name} does not match the API document: ${problem}`)
    }
    const status = String(response.status)
    const documented = route.operation.responses[status] ?? route.operation.responses.default
    if (!documented) {
      const statuses = Object.keys(route.operation.responses).join(', ')
      return fail(
        `status ${status} is not documented (documented: ${statuses}); body: ${response.text.slice(0, 200)}`,
      )
    }
    for (const [header, spec] of Object.entries(documented.headers ?? {})) {
      if (spec.required && !response.headers.has(header)) fail(`status ${status} lacks the ${header} header`)
    }
    const contentType = response.headers.get('content-type')?.split(';')[0]?.trim()
    const types = Object.keys(documented.content ?? {})
    // A stream's body is read by its test, event by event: its content type is what is checked.
    if (response.text === '' && contentType !== 'text/event-stream') {
      if (types.length > 0) fail(`status ${status} has no body, the document gives one (${types.join(', ')})`)
      return
    }
    if (!contentType || !types.includes(contentType)) {
      return fail(`status ${status} is ${contentType}, the document says ${types.join(', ') || 'no body'}`)
    }
    if (contentType !== 'application/json') return
    const key = pointer(route.template, route.method.toLowerCase(), 'responses', status)
    let validate = this.validators.get(key)
    if (!validate) {
      const responseKey = route.operation.responses[status] ? status : 'default'
      const ref = `openapi.json#/${pointer('paths', route.template, route.method.toLowerCase(), 'responses', responseKey, 'content', 'application/json', 'schema')}`
      validate = this.ajv.compile({ $ref: ref })
      this.validators.set(key, validate)
    }
    if (!validate(response.json)) {
      const problems = (validate.errors ?? [])
        .slice(0, 5)
        .map(
          (e) =>
            `${e.instancePath || '(body)'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
        )
      fail(
        `the body of status ${status} does not match its schema: ${problems.join('; ')}; body: ${response.text.slice(0, 300)}`,
      )
    }
  }
}

// One contract per app: the document is read once, on the first answer to check. Held beside
// the app, not in it: the app knows nothing of its tests.
const contracts = new WeakMap<object, Promise<Contract>>()
// Apps with the same document share one contract, and so its compiled validators: the test files
// a worker runs one after another each build an app of their own from the same routes.
const byDocument = new Map<string, Contract>()

export function contractOf(app: Fetcher): Promise<Contract> {
  let contract = contracts.get(app)
  if (!contract) {
    contract = (async () => {
      const response = await app.request('http://localhost/api/openapi.json')
      if (response.status !== 200) throw new Error(`GET /api/openapi.json answered ${response.status}`)
      const text = await response.text()
      let shared = byDocument.get(text)
      if (!shared) {
        shared = new Contract(JSON.parse(text) as Document)
        byDocument.set(text, shared)
      }
      return shared
    })()
    contracts.set(app, contract)
  }
  return contract
}
