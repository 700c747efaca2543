import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { maxBodyBytesFor } from '../app'
import { createSession } from '../features/auth'
import { appTables, installWriteCounter } from '../testing/db-snapshot'
import {
  type ApiOperation,
  exampleOf,
  type JsonSchema,
  isErrorShape,
  leakedInternals,
  loadOpenApi,
  operationsOf,
  send,
  urlOf,
  wellFormed,
} from '../testing/openapi-operations'
import { type Actor, seedWorld } from '../testing/security-world'
import { createTestApp, testDatabaseKind } from '../testing/test-app'

// Every operation of /api/openapi.json gets generated requests built from its own schema and
// then broken: wrong types, missing and extra fields, huge, unicode and control-character
// strings, negative and non-finite numbers, `__proto__` keys, SQL and HTML metacharacters,
// broken JSON, wrong content types. Whatever arrives: never a 5xx, a refusal always has the
// error shape and leaves every table as it was, and no answer shows the server's internals.

// PGlite runs the full count (at least 10,000 requests in all); PostgreSQL a lighter pass. The
// total stays the same as routes are added: each operation gets its share.
const MIN_TOTAL_REQUESTS = testDatabaseKind === 'postgres' ? 4_000 : 10_000

// Rate limits off: the point is to reach the handlers, not the counters (tested elsewhere).
const t = await createTestApp({ RATE_LIMIT_FACTOR: '0' })
const world = await seedWorld(t)
const operations = operationsOf(await loadOpenApi(t.app))
const RUNS_PER_OPERATION = Math.ceil(MIN_TOTAL_REQUESTS / operations.length)
const writes = await installWriteCounter(t.db, await appTables(t.db))
let sent = 0
// Requests the app accepted: the run must reach past validation, not only bounce off it.
let accepted = 0

afterAll(() => t.close())

// ---------------------------------------------------------------------------------------------
// Nasty values
// ---------------------------------------------------------------------------------------------

const metacharacters = [
  "' OR '1'='1",
  "'; DROP TABLE profiles; --",
  '" OR ""="',
  '1; select pg_sleep(5)',
  "%' and 1=1 --",
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\u202e\u0000\ufeff',
  '\ud800',
  'null',
  'undefined',
  'NaN',
  '__proto__',
  'constructor',
  ' ',
  '',
]

const nastyString = fc.oneof(
  fc.constantFrom(...metacharacters),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.integer({ min: 0, max: 31 }).map((code) => String.fromCharCode(code)),
    maxLength: 20,
  }),
  fc.integer({ min: 1_000, max: 20_000 }).map((length) => 'é'.repeat(length)),
  fc.constant('x'.repeat(120_000)),
)

const nastyNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, -0.01, 1e308, -1e308, 2 ** 53 + 1, -(2 ** 31), 7.000001, 1e-320),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(nastyString, nastyNumber), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(nastyString, nastyNumber), { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
)

// Literals JSON.stringify cannot write; JSON.parse reads 1e999 as Infinity.
const nonFiniteLiteral = fc.constantFrom(
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1e999',
  '0x10',
  '1_000',
  '.5',
)

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

interface FuzzRequest {
  url: string
  body: string | undefined
  headers: Record<string, string>
  description: string
}

const context = { uuid: world.actors.attackerFriend.id }
// Real ids of every kind, but never the fuzzing player's or the admin's own: an admin
// operation fuzzed with a valid body would pause the fuzzing player and hide everything else.
const knownIds = [...Object.values(world.ids), world.actors.victimPartner.id, world.actors.stranger.id]

const pathValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...knownIds) },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 3, arbitrary: nastyString.map((value) => value.slice(0, 2_000)) },
  fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '1', '-1'),
)

// A query value as text, whatever was generated.
const textOf = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined')

function queryArbitrary(op: ApiOperation): fc.Arbitrary<Array<[string, string]>> {
  const declared = op.query.map((param) =>
    fc.oneof(
      fc.constant<Array<[string, string]>>([]),
      fc.constant<Array<[string, string]>>([
        [param.name, String(exampleOf(param.schema, context, param.name))],
      ]),
      nastyValue.map((value): Array<[string, string]> => [[param.name, textOf(value).slice(0, 5_000)]]),
      fc
        .array(fc.oneof(nastyString, nastyNumber.map(String)), { minLength: 2, maxLength: 3 })
        .map((values): Array<[string, string]> =>
          values.map((value) => [param.name, textOf(value).slice(0, 500)]),
        ),
    ),
  )
  const extra = fc.array(
    fc.tuple(
      fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor')),
      nastyString.map((v) => v.slice(0, 200)),
    ),
    { maxLength: 2 },
  )
  return fc.tuple(fc.tuple(...declared), extra).map(([parts, more]) => [...parts.flat(), ...more])
}

// Paths to every property in the example (objects and arrays), for targeted breakage.
function propertyPaths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => [[...prefix, index], ...propertyPaths(item, [...prefix, index])])
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      [...prefix, key],
      ...propertyPaths(item, [...prefix, key]),
    ])
  }
  return []
}

function setAt(root: unknown, path: Array<string | number>, replacement: unknown, remove = false): unknown {
  const copy = structuredClone(root)
  let node = copy as Record<string | number, unknown>
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>
  const last = path[path.length - 1]!
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1)
    else delete node[last]
  } else {
    node[last] = replacement
  }
  return copy
}

const MARKER = '"__fuzz_marker__"'

function bodyArbitrary(
  op: ApiOperation,
): fc.Arbitrary<{ body: string | undefined; type?: string; label: string }> {
  const schema: JsonSchema = op.body ?? { type: 'object', properties: {} }
  const example = exampleOf(schema, context)
  const paths = propertyPaths(example)
  const json = (value: unknown, label: string) => ({ body: JSON.stringify(value), label })
  const options: Array<fc.Arbitrary<{ body: string | undefined; type?: string; label: string }>> = [
    fc.constant(json(example, 'valid')),
    fc.constant({ body: undefined, label: 'no body' }),
    fc.jsonValue({ maxDepth: 4 }).map((value) => json(value, 'random JSON')),
    fc
      .tuple(
        fc.integer({ min: 0, max: Math.max(0, JSON.stringify(example).length - 1) }),
        fc.string({ maxLength: 5 }),
      )
      .map(([cut, tail]) => ({ body: JSON.stringify(example).slice(0, cut) + tail, label: 'broken JSON' })),
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json; charset=utf-16',
      )
      .map((type) => ({ body: JSON.stringify(example), type, label: `content type ${type}` })),
    fc
      .constantFrom(
        `{"__proto__":{"isAdmin":true,"polluted":1}}`,
        `{"constructor":{"prototype":{"isAdmin":true,"polluted":1}}}`,
      )
      .map((prefix) => {
        const text = JSON.stringify(example)
        const merged =
          text.startsWith('{') && text.length > 2 ? `${prefix.slice(0, -1)},${text.slice(1)}` : prefix
        return { body: merged, label: 'prototype keys' }
      }),
    fc
      .dictionary(
        fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.constantFrom('isAdmin', 'userId', 'id', 'status', 'creatorId', 'role'),
        ),
        nastyValue,
        { minKeys: 1, maxKeys: 4 },
      )
      .map((extra) =>
        json(
          example && typeof example === 'object' && !Array.isArray(example)
            ? { ...extra, ...example, ...extra }
            : extra,
          'extra fields',
        ),
      ),
    fc
      .integer({ min: 50, max: 3_000 })
      .map((depth) => ({ body: '['.repeat(depth) + ']'.repeat(depth), label: 'deep nesting' })),
  ]
  if (paths.length > 0) {
    const path = fc.constantFrom(...paths)
    options.push(
      fc
        .tuple(path, nastyValue)
        .map(([at, value]) => json(setAt(example, at, value), `field ${at.join('.')} broken`)),
      path.map((at) => json(setAt(example, at, undefined, true), `field ${at.join('.')} missing`)),
      fc.tuple(path, nonFiniteLiteral).map(([at, literal]) => ({
        body: JSON.stringify(setAt(example, at, '__fuzz_marker__')).replace(MARKER, literal),
        label: `field ${at.join('.')} = ${literal}`,
      })),
    )
  }
  return fc.oneof(...options)
}

// Without a session a path param stays in its segment: an empty or dot segment would name
// another route (a plain 404), not this operation.
const segmentValue = pathValue.filter((value) => !['', '.', '..'].includes(wellFormed(value)))

function requestArbitrary(op: ApiOperation, values = pathValue): fc.Arbitrary<FuzzRequest> {
  const params = fc.tuple(...op.pathParams.map(() => values))
  const withBody = op.method !== 'GET'
  return fc
    .tuple(
      params,
      queryArbitrary(op),
      withBody
        ? bodyArbitrary(op)
        : fc.constant({ body: undefined, label: 'no body' } as {
            body: string | undefined
            type?: string
            label: string
          }),
      fc.option(fc.constantFrom('lastEventId', 'accept'), { freq: 5 }),
    )
    .map(([values, query, body, header]) => {
      const named = Object.fromEntries(op.pathParams.map((name, i) => [name, values[i]!]))
      let url = urlOf(op, named)
      if (query.length) url += `?${new URLSearchParams(query).toString()}`
      const headers: Record<string, string> = {}
      if (body.body !== undefined) headers['content-type'] = body.type ?? 'application/json'
      if (header === 'lastEventId') headers['last-event-id'] = "'; select 1; --"
      if (header === 'accept') headers.accept = 'text/html'
      return { url, body: body.body, headers, description: `${body.label}; ${url.slice(0, 200)}` }
    })
}

// ---------------------------------------------------------------------------------------------
// The property
// ---------------------------------------------------------------------------------------------

// The fuzzing player; a sign-out (or anything else that ends the session) gets a fresh one.
const fuzzer: Actor = { ...world.actors.attacker }
async function renewSession() {
  const { token } = await createSession(t.db, fuzzer.id, 30, t.clock.now())
  fuzzer.cookie = `pm_session=${token}`
}

// Rows written so far, read after every request: a refused request must not move it.
let written = await writes()

async function check(op: ApiOperation, request: FuzzRequest) {
  const caller = op.access === 'admin' ? world.actors.admin : fuzzer
  const res = await send(t.app, {
    method: op.method,
    url: request.url,
    cookie: caller.cookie,
    body: request.body,
    headers: request.headers,
  })
  sent++
  if (res.status < 300) accepted++
  const where = `${op.key} (${request.description}) → ${res.status} ${res.text.slice(0, 300)}`
  if (res.status >= 500) throw new Error(`server error: ${where}`)
  const leak = leakedInternals(res.text)
  if (leak) throw new Error(`internals (${leak}) in ${where}`)
  const before = written
  written = await writes()
  if (res.status >= 400) {
    if (!isErrorShape(res.json)) throw new Error(`not the error shape: ${where}`)
    if (written !== before) throw new Error(`refused but wrote ${written - before} rows: ${where}`)
  }
  const sessionEnded =
    res.headers.getSetCookie().some((line) => /pm_session=;|max-age=0/i.test(line)) ||
    (res.status === 401 && caller === fuzzer)
  if (sessionEnded) {
    await renewSession()
    written = await writes()
  }
}

describe('generated requests', () => {
  for (const op of operations) {
    it(`${op.key} never fails on bad input`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(op), (request) => check(op, request)),
        { numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      )
    })
  }

  it('left no prototype polluted', () => {
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it(`sent at least ${MIN_TOTAL_REQUESTS} requests`, () => {
    expect(sent).toBeGreaterThanOrEqual(MIN_TOTAL_REQUESTS)
    expect(accepted).toBeGreaterThan(sent * 0.05)
  })
})

describe('without a session', () => {
  it('every protected operation answers 401 whatever the input', async () => {
    const protectedOps = operations.filter((op) => op.access !== 'public')
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...protectedOps)
          .chain((op) => requestArbitrary(op, segmentValue).map((request) => ({ op, request }))),
        async ({ op, request }) => {
          const res = await send(t.app, {
            method: op.method,
            url: request.url,
            body: request.body,
            headers: request.headers,
          })
          sent++
          // A body over the route's limit is refused before the session is looked at: 413, not
          // 401. A photo upload takes a larger body than any other write.
          const limit = maxBodyBytesFor(new URL(request.url, 'http://localhost').pathname)
          const oversized = typeof request.body === 'string' && Buffer.byteLength(request.body) > limit
          const expected = oversized ? 413 : 401
          if (res.status !== expected || !isErrorShape(res.json)) {
            throw new Error(`${op.key} (${request.description}) → ${res.status} ${res.text.slice(0, 200)}`)
          }
        },
      ),
      { numRuns: testDatabaseKind === 'postgres' ? 100 : 500 },
    )
  })
})
