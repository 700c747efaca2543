import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appearanceScript } from '../../domain/appearance'
import { regionsOf } from '../../domain/play-dates/play-date.schema'
import { createApp } from '../app'
import { buildDeps } from '../deps'
import { knownBrowsers, passwords, profiles, rateLimits, sessions } from '../db/schema'
import { parseEnv } from '../env'
import { appearanceScriptSource } from '../middleware/response-headers'
import { createSession, hashToken, KNOWN_BROWSERS_PER_ACCOUNT } from '../features/auth'
import { createLogger } from '../lib/logger'
import { appTables, changedTables, tableChecksums } from '../testing/db-snapshot'
import { FACTORY_PASSWORD, insertUser, nextWeek, signUpBody } from '../testing/factories'
import {
  type ApiOperation,
  exampleOf,
  exampleQuery,
  isErrorShape,
  loadOpenApi,
  operationsOf,
  send,
  urlOf,
} from '../testing/openapi-operations'
import { seedWorld, type World } from '../testing/security-world'
import { createTestApp, openTestDatabase, type TestApp } from '../testing/test-app'

// Headers, cookies, cross-site requests, body size, rate limits and what an answer may carry.

let t: TestApp
let world: World
let operations: ApiOperation[]

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: '0' })
  world = await seedWorld(t)
  operations = operationsOf(await loadOpenApi(t.app))
}, 120_000)
afterAll(() => t?.close())

const repoRoot = path.resolve(import.meta.dirname, '../../..')

function expectSecurityHeaders(headers: Headers) {
  const csp = headers.get('content-security-policy') ?? ''
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  )
  expect(directives.get('default-src')).toEqual(["'self'"])
  // Files of our own, and the one inline script by its hash (the theme before the first paint).
  expect(directives.get('script-src')).toEqual(["'self'", appearanceScriptSource])
  expect(directives.get('object-src')).toEqual(["'none'"])
  expect(directives.get('frame-ancestors')).toEqual(["'none'"])
  expect(directives.get('base-uri')).toEqual(["'none'"])
  expect(directives.get('form-action')).toEqual(["'self'"])
  expect(csp).not.toMatch(/unsafe-eval/)
  expect(headers.get('x-content-type-options')).toBe('nosniff')
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  // One framing rule: CSP frame-ancestors, which current guidance prefers over X-Frame-Options.
  expect(headers.get('x-frame-options')).toBeNull()
  expect(headers.get('x-powered-by')).toBeNull()
}

describe('security headers', () => {
  it('are on API answers, successful or not', async () => {
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/profiles/me', 401],
      ['/api/no-such-route', 404],
    ] as const) {
      const res = await send(t.app, { method: 'GET', url })
      expect(res.status, url).toBe(status)
      expectSecurityHeaders(res.headers)
      expect(res.headers.get('strict-transport-security')).toBeNull()
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    }
  })

  // The built pages' own scripts (the theme's, allowed by its hash) are checked after the build
  // (scripts/check-production-build.mjs): the tests run before it.
  it('are on the HTML of the web app, which gets no inline script from the server', async () => {
    const html = readFileSync(path.join(repoRoot, 'src/web/index.html'), 'utf8')
    const webRoot = mkdtempSync(path.join(tmpdir(), 'pm-web-'))
    writeFileSync(path.join(webRoot, 'index.html'), html)
    const database = await openTestDatabase()
    try {
      const env = parseEnv({ NODE_ENV: 'test' })
      const app = createApp(buildDeps({ database, env, logger: createLogger(env), webRoot }))
      for (const url of ['/', '/playdates/some-id', '/admin']) {
        const res = await send(app, { method: 'GET', url })
        expect(res.status, url).toBe(200)
        expect(res.headers.get('content-type')).toMatch(/^text\/html/)
        expectSecurityHeaders(res.headers)
        expectNoInlineScript(res.text)
      }
    } finally {
      await database.close()
      rmSync(webRoot, { recursive: true, force: true })
    }
  })

  it('include HSTS in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent' })
    try {
      const res = await send(production.app, { method: 'GET', url: '/api/health' })
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=(\d{8,})/)
      const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get('strict-transport-security')!)![1])
      expect(maxAge).toBeGreaterThanOrEqual(31_536_000)
      expectSecurityHeaders(res.headers)
    } finally {
      await production.close()
    }
  })
})

// Every script loads from a file, but the theme's, whose exact text the policy allows by its hash.
export function expectNoInlineScript(html: string) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
  for (const [, attributes, content] of scripts) {
    if (content === appearanceScript) continue
    expect(attributes, 'a script loads from a file').toMatch(/\bsrc=/)
    expect(content!.trim(), 'a script tag has no inline code').toBe('')
  }
  expect(html).not.toMatch(/\son[a-z]+\s*=/i)
  expect(html).not.toMatch(/javascript:/i)
}

describe('the page template', () => {
  // The build adds the theme's script to it (scripts/vite/index-html.ts); what the build writes is checked
  // after it (scripts/check-production-build.mjs).
  it('has no inline script', () => {
    const template = readFileSync(path.join(repoRoot, 'src/web/index.html'), 'utf8')
    expectNoInlineScript(template)
    expect(template).not.toContain(appearanceScript)
  })
})

describe('session cookies', () => {
  const signIn = async (app: TestApp) => {
    const user = await insertUser(app.db)
    const res = await send(app.app, {
      method: 'POST',
      url: '/api/auth/sign-in',
      body: JSON.stringify({ email: user.email, password: FACTORY_PASSWORD }),
    })
    expect(res.status, res.text).toBe(200)
    const [cookie, deviceCookie] = res.headers.getSetCookie()
    return { user, cookie: cookie!, deviceCookie: deviceCookie! }
  }
  const attributesOf = (cookie: string) => cookie.split(';').map((part) => part.trim().toLowerCase())

  it('are HttpOnly, SameSite and host-wide, the session and the known-browser key alike', async () => {
    const { cookie, deviceCookie } = await signIn(t)
    expect(cookie).toMatch(/^pm_session=/)
    expect(deviceCookie).toMatch(/^pm_device=/)
    for (const attributes of [attributesOf(cookie), attributesOf(deviceCookie)]) {
      expect(attributes).toContain('httponly')
      expect(attributes).toContain('samesite=lax')
      expect(attributes).toContain('path=/')
      expect(attributes.some((a) => a.startsWith('domain='))).toBe(false)
    }
  })

  it('remember at most KNOWN_BROWSERS_PER_ACCOUNT browsers per account, the latest sign-ins', async () => {
    const user = await insertUser(t.db)
    const signInFresh = () =>
      send(t.app, {
        method: 'POST',
        url: '/api/auth/sign-in',
        body: JSON.stringify({ email: user.email, password: FACTORY_PASSWORD }),
      })
    const keys: string[] = []
    for (let i = 0; i <= KNOWN_BROWSERS_PER_ACCOUNT; i++) {
      t.clock.advance(60_000)
      const res = await signInFresh()
      expect(res.status, res.text).toBe(200)
      keys.push(res.headers.getSetCookie()[1]!.split(';')[0]!.split('=')[1]!)
    }
    const stored = await t.db.select().from(knownBrowsers).where(eq(knownBrowsers.profileId, user.id))
    expect(stored).toHaveLength(KNOWN_BROWSERS_PER_ACCOUNT)
    expect(stored.map((row) => row.keyHash)).not.toContain(hashToken(keys[0]!))
    expect(stored.map((row) => row.keyHash)).toContain(hashToken(keys.at(-1)!))
  })

  it('are __Host- prefixed and Secure in production, and the plain name is ignored there', async () => {
    const production = await createTestApp({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_FACTOR: '0',
    })
    try {
      const { user, cookie } = await signIn(production)
      expect(cookie).toMatch(/^__Host-pm_session=/)
      const attributes = attributesOf(cookie)
      for (const attribute of ['httponly', 'secure', 'samesite=lax', 'path=/'])
        expect(attributes).toContain(attribute)
      expect(attributes.some((a) => a.startsWith('domain='))).toBe(false)

      const token = cookie.split(';')[0]!.split('=')[1]!
      const asHost = await send(production.app, {
        method: 'GET',
        url: '/api/profiles/me',
        cookie: `__Host-pm_session=${token}`,
      })
      expect(asHost.status).toBe(200)
      expect(asHost.json.id).toBe(user.id)
      // A cookie a sibling subdomain could plant has no weight.
      const planted = await send(production.app, {
        method: 'GET',
        url: '/api/profiles/me',
        cookie: `pm_session=${token}`,
      })
      expect(planted.status).toBe(401)
      // The development mailbox is not there.
      expect((await send(production.app, { method: 'GET', url: '/api/dev/mail' })).status).toBe(404)
    } finally {
      await production.close()
    }
  })

  it('carry a random token whose hash alone is stored, and sign-out ends it on the server', async () => {
    const { user, cookie } = await signIn(t)
    const token = cookie.split(';')[0]!.split('=')[1]!
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32)
    const rows = await t.db.select().from(sessions).where(eq(sessions.profileId, user.id))
    expect(rows.map((row) => row.tokenHash)).toEqual([hashToken(token)])
    expect(rows[0]!.tokenHash).not.toContain(token)

    const out = await send(t.app, {
      method: 'POST',
      url: '/api/auth/sign-out',
      cookie: `pm_session=${token}`,
    })
    expect(out.status).toBe(204)
    expect(await t.db.select().from(sessions).where(eq(sessions.profileId, user.id))).toEqual([])
    const after = await send(t.app, { method: 'GET', url: '/api/profiles/me', cookie: `pm_session=${token}` })
    expect(after.status).toBe(401)
  })
})

describe('default accounts', () => {
  it('demo data, with its known passwords, is seeded in production only when asked for', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://picklematch.example' }
    expect(parseEnv(production).SEED_DEMO).toBe(false)
    expect(parseEnv({ ...production, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true)
    expect(parseEnv({ NODE_ENV: 'development' }).SEED_DEMO).toBe(true)
    expect(parseEnv({}).SEED_DEMO).toBe(true)
  })
})

describe('email links', () => {
  it('are never built from a request’s Host: production does not start without PUBLIC_URL, development links to localhost', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(
      'PUBLIC_URL: must be set in production: the public address of the app, used in email links',
    )
    expect(parseEnv({ NODE_ENV: 'development', PORT: '4123' }).PUBLIC_URL).toBe('http://localhost:4123')
  })
})

describe('session lifetime', () => {
  it('ends 90 days after sign-in however often the session is used, and a renewal never passes that', async () => {
    const user = await insertUser(t.db)
    const { token } = await createSession(t.db, user.id, 30, t.clock.now())
    const day = 24 * 60 * 60 * 1000
    const age = async (signedInDaysAgo: number, lastSeenHoursAgo: number) =>
      t.db
        .update(sessions)
        .set({
          createdAt: new Date(Date.now() - signedInDaysAgo * day),
          lastSeenAt: new Date(Date.now() - lastSeenHoursAgo * 60 * 60 * 1000),
          expiresAt: new Date(Date.now() + 20 * day),
        })
        .where(eq(sessions.tokenHash, hashToken(token)))
    const me = () => send(t.app, { method: 'GET', url: '/api/profiles/me', cookie: `pm_session=${token}` })

    await age(89.5, 2)
    expect((await me()).status).toBe(200)
    const [renewed] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
    expect(renewed!.expiresAt.getTime()).toBeLessThanOrEqual(renewed!.createdAt.getTime() + 90 * day)

    await age(91, 0)
    expect((await me()).status).toBe(401)
  })
})

describe('security events', () => {
  it('log refusals with who and what, sign-ins with the outcome, and never a password', async () => {
    const lines: Array<Record<string, unknown>> = []
    const logger = pino(
      { level: 'info', base: undefined },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    )
    const app = createApp(buildDeps({ database: t.database, env: t.env, logger }))
    const { attacker } = world.actors

    expect(
      (await send(app, { method: 'GET', url: '/api/admin/users', cookie: attacker.cookie })).status,
    ).toBe(403)
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'request refused',
        code: 'forbidden',
        path: '/api/admin/users',
        userId: attacker.id,
        level: 40,
      }),
    )

    const user = await insertUser(t.db)
    const signIn = (password: string) =>
      send(app, {
        method: 'POST',
        url: '/api/auth/sign-in',
        body: JSON.stringify({ email: user.email, password }),
      })
    expect((await signIn('not-the-password-1')).status).toBe(401)
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'sign-in failed', email: user.email }))
    expect((await signIn(FACTORY_PASSWORD)).status).toBe(200)
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'signed in', userId: user.id }))

    const text = JSON.stringify(lines)
    expect(text).not.toContain('not-the-password-1')
    expect(text).not.toContain(FACTORY_PASSWORD)
  })
})

describe('passwords', () => {
  it('are stored as argon2id with the OWASP parameters, never in the profile', async () => {
    const body = signUpBody({ password: 'a-long-pass-phrase' })
    const res = await send(t.app, {
      method: 'POST',
      url: '/api/auth/sign-up',
      body: JSON.stringify(body),
    })
    expect(res.status, res.text).toBe(201)
    expect(res.text).not.toContain('a-long-pass-phrase')
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.email, body.email))
    const [stored] = await t.db.select().from(passwords).where(eq(passwords.profileId, profile!.id))
    expect(stored!.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(JSON.stringify(profile)).not.toContain('argon2')
  })
})

describe('cross-site requests', () => {
  it('every state-changing operation refuses another origin, a null origin and a missing one', async () => {
    const tables = await appTables(t.db)
    const before = await tableChecksums(t.db, tables)
    const failures: string[] = []
    const victim = world.actors.victim
    const writes = operations.filter((op) => op.method !== 'GET')
    expect(writes.length).toBeGreaterThan(20)
    for (const op of writes) {
      const url = urlOf(op, {}, exampleQuery(op, { uuid: victim.id }))
      const body = op.body ? JSON.stringify(exampleOf(op.body, { uuid: victim.id })) : undefined
      for (const [origin, headers] of [
        ['https://evil.example', {}],
        ['null', {}],
        [null, {}],
        [null, { 'sec-fetch-site': 'cross-site' }],
        [null, { 'sec-fetch-site': 'same-site' }],
        ['http://localhost:3000.evil.example', {}],
      ] as const) {
        const res = await send(t.app, {
          method: op.method,
          url,
          body,
          cookie: victim.cookie,
          origin,
          headers,
        })
        if (res.status !== 403 || res.json?.error?.message !== 'Cross-site request refused') {
          failures.push(
            `${op.key} from ${origin} ${JSON.stringify(headers)} → ${res.status} ${res.text.slice(0, 120)}`,
          )
        }
      }
    }
    expect(failures).toEqual([])
    expect(changedTables(before, await tableChecksums(t.db, tables))).toEqual([])
  })

  it('no answer lets another origin read it: no CORS headers, preflight or not', async () => {
    const victim = world.actors.victim
    for (const [method, headers] of [
      ['GET', {}],
      [
        'OPTIONS',
        { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      ],
    ] as const) {
      const res = await send(t.app, {
        method,
        url: '/api/profiles/me',
        cookie: victim.cookie,
        origin: 'https://evil.example',
        headers,
      })
      expect(res.headers.get('access-control-allow-origin'), method).toBeNull()
      expect(res.headers.get('access-control-allow-credentials'), method).toBeNull()
    }
  })

  it('the app’s own origin, or a same-origin fetch without Origin, gets through', async () => {
    const victim = world.actors.victim
    const own = await send(t.app, {
      method: 'POST',
      url: '/api/profiles/me/rating-check/skip',
      cookie: victim.cookie,
    })
    expect(own.status).toBeLessThan(300)
    const fetchOnly = await send(t.app, {
      method: 'POST',
      url: '/api/profiles/me/rating-check/skip',
      cookie: victim.cookie,
      origin: null,
      headers: { 'sec-fetch-site': 'same-origin' },
    })
    expect(fetchOnly.status).toBeLessThan(300)
  })
})

describe('request bodies', () => {
  it('over the limit are refused with 413 in the error shape on every operation that takes one', async () => {
    const huge = JSON.stringify({ padding: 'x'.repeat(300 * 1024) })
    const victim = world.actors.victim
    const withBody = operations.filter((op) => op.body)
    expect(withBody.length).toBeGreaterThan(10)
    for (const op of withBody) {
      const res = await send(t.app, {
        method: op.method,
        url: urlOf(op, {}),
        cookie: victim.cookie,
        body: huge,
      })
      expect(res.status, op.key).toBe(413)
      expect(isErrorShape(res.json), op.key).toBe(true)
      expect(res.json.error.code).toBe('payload_too_large')
    }
  })

  it('streamed without a length are cut off at the limit too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
    let sentChunks = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sentChunks++ >= 8) controller.close()
        else controller.enqueue(chunk)
      },
    })
    const res = await t.app.request('http://localhost/api/partner-lists', {
      method: 'POST',
      headers: {
        origin: 'http://localhost:3000',
        cookie: world.actors.victim.cookie,
        'content-type': 'application/json',
      },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect(isErrorShape(await res.json())).toBe(true)
  })

  it('that are not JSON get a plain message, not the parser’s', async () => {
    const res = await send(t.app, {
      method: 'POST',
      url: '/api/partner-lists',
      cookie: world.actors.victim.cookie,
      body: '{"name": "Spring", ',
    })
    expect(res.status).toBe(400)
    expect(res.json).toEqual({ error: { code: 'invalid', message: 'The request body is not valid JSON' } })
  })

  it('with a NUL character are refused with 400 and store nothing', async () => {
    const victim = world.actors.victim
    const [before] = await t.db.select().from(profiles).where(eq(profiles.id, victim.id))
    const update = await send(t.app, {
      method: 'PUT',
      url: '/api/profiles/me',
      cookie: victim.cookie,
      body: JSON.stringify({
        firstName: 'Vera',
        lastName: 'Vic\u0000tim',
        gender: 'female',
        duprRating: 3.5,
        selfRating: 3.5,
        birthdate: '1971-03-09',
        zipCode: '85004',
      }),
    })
    expect(update.status).toBe(400)
    expect(isErrorShape(update.json)).toBe(true)
    const [after] = await t.db.select().from(profiles).where(eq(profiles.id, victim.id))
    expect(after).toEqual(before)
    for (const url of ['/api/connections/search?q=ab%00', '/api/players/profile-search?q=ab%00']) {
      const res = await send(t.app, { method: 'GET', url, cookie: victim.cookie })
      expect(res.status, url).toBe(400)
      expect(isErrorShape(res.json)).toBe(true)
    }
  })
})

// Every expensive or abusable operation, and how many calls its limit lets through once
// every limit is scaled down to its minimum.
const RATE_LIMITED: Record<string, number> = {
  'POST /api/auth/sign-in': 1,
  'POST /api/auth/sign-up': 1,
  'POST /api/auth/resend-confirmation': 1,
  'POST /api/auth/forgot-password': 1,
  'POST /api/auth/confirm-email': 1,
  'POST /api/auth/reset-password': 1,
  'POST /api/auth/change-password': 1,
  'GET /api/invites/{code}': 1,
  'POST /api/partner-lists/{id}/entries/{entryId}/invite': 1,
  'GET /api/connections/search': 1,
  'GET /api/players/profile-search': 1,
  'POST /api/connections/friend-requests': 1,
  'POST /api/connections/partner-requests': 1,
  'POST /api/play-dates': 1,
  'POST /api/play-dates/{id}/messages': 1,
  'POST /api/play-dates/{id}/requests': 1,
  'POST /api/play-dates/requests/{requestId}/withdraw': 1,
  'POST /api/referee/ask': 1,
}

// What a body generated from the schema cannot get right: a PlayDate's regions are of its state,
// and a sign-up gives a DUPR rating unless it says it has none (noDuprRating).
const BODY_OVERRIDES: Record<string, Record<string, unknown>> = {
  'POST /api/auth/sign-up': { duprRating: 3.5 },
  'POST /api/play-dates': {
    state: 'AZ',
    regions: [regionsOf('AZ')[0]!.key],
    ...nextWeek(),
    durationMinutes: 120,
    venueId: null,
    place: null,
  },
}

describe('rate limits', () => {
  it('name only operations the document has', () => {
    const keys = new Set(operations.map((op) => op.key))
    expect(Object.keys(RATE_LIMITED).filter((key) => !keys.has(key))).toEqual([])
  })

  it('answer 429 with Retry-After in the error shape once an operation’s limit is used up', async () => {
    // The same database, served by an app whose limits are all at their minimum.
    const env = { ...t.env, RATE_LIMIT_FACTOR: 0.001 }
    const limited = createApp(buildDeps({ database: t.database, env, logger: createLogger(env) }))
    const { victim, victimPartner } = world.actors
    const params: Record<string, string> = {
      id: world.ids.matchedPlayDate,
      entryId: world.ids.manualEntry,
      code: '1234567',
    }
    const failures: string[] = []
    for (const [key, allowed] of Object.entries(RATE_LIMITED)) {
      const op = operations.find((o) => o.key === key)!
      const list: Record<string, string> = key.includes('partner-lists') ? { id: world.ids.list } : {}
      const url = urlOf(op, { ...params, ...list }, exampleQuery(op, { uuid: victimPartner.id }))
      const example = op.body ? { ...(exampleOf(op.body, { uuid: victimPartner.id }) as object) } : undefined
      const body = example ? JSON.stringify({ ...example, ...BODY_OVERRIDES[key] }) : undefined
      // Some operations share a counter (friend and partner requests): start each from zero.
      await t.db.delete(rateLimits)
      const statuses: number[] = []
      let last
      for (let i = 0; i <= allowed; i++) {
        last = await send(limited, { method: op.method, url, body, cookie: victim.cookie })
        statuses.push(last.status)
      }
      const ok =
        statuses.slice(0, allowed).every((status) => status !== 429) &&
        last!.status === 429 &&
        isErrorShape(last!.json) &&
        last!.json.error.code === 'rate_limited' &&
        Number(last!.headers.get('retry-after') ?? 1) > 0
      if (!ok) failures.push(`${key}: ${statuses.join(', ')} ${last!.text.slice(0, 120)}`)
    }
    expect(failures).toEqual([])
  })
})
