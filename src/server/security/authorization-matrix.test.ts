import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAUSED_MESSAGE } from '../../domain/auth/auth.messages'
import { appTables, changedTables, tableChecksums } from '../testing/db-snapshot'
import {
  ACCESS_LEVELS,
  type ApiOperation,
  exampleOf,
  exampleQuery,
  HTTP_METHODS,
  isErrorShape,
  loadOpenApi,
  operationsOf,
  send,
  type SentResponse,
  urlOf,
} from '../testing/openapi-operations'
import { nextWeek } from '../testing/factories'
import { type Actor, type SeedName, seedWorld, type World } from '../testing/security-world'
import { createTestApp, type TestApp } from '../testing/test-app'

// Every operation of /api/openapi.json, called as nobody, as a paused player, as a player
// on admin routes and as a player on another player's things. The document is read at run
// time: a new route is in the matrix the moment it is in the document.

// Anyone may call these. A new public operation must be added here on purpose.
const PUBLIC_OPERATIONS: Record<string, string> = {
  'GET /api/health': 'health check',
  'GET /api/ping': 'liveness of the process',
  'POST /api/auth/sign-up': 'creating an account',
  'POST /api/auth/sign-in': 'signing in',
  'POST /api/auth/sign-out': 'ends the caller’s own session, if any',
  'GET /api/auth/session': 'the caller’s own session or null',
  'POST /api/auth/resend-confirmation': 'same answer for every address',
  'POST /api/auth/confirm-email': 'needs the emailed token',
  'POST /api/auth/forgot-password': 'same answer for every address',
  'POST /api/auth/reset-password': 'needs the emailed token',
  'GET /api/invites/{code}': 'checks an invitation code before sign-up (rate-limited)',
  'GET /api/dev/mail': 'development mailbox: never mounted in production or with SMTP',
  'GET /api/calendar-feeds/{token}': 'a player’s calendar feed: needs the 256-bit token of its link',
}

// Which of the victim's things fill a path param, by the path segment before it. A param
// not listed here gets a random uuid.
const SEEDS_BY_RESOURCE: Record<string, SeedName[]> = {
  'play-dates/{id}': ['matchedPlayDate', 'openPlayDate', 'groupPlayDate'],
  'requests/{requestId}': ['pendingRequest', 'acceptedRequest'],
  'players/{id}': ['superPlayer'],
  'partner-lists/{id}': ['list'],
  'entries/{entryId}': ['manualEntry', 'friendEntry'],
  'connections/{id}': ['sentRequest', 'receivedRequest', 'friendship'],
  'notifications/{id}': ['notification'],
  'profiles/{id}': ['victim'],
  'watching/{profileId}': ['victim'],
  'users/{id}': ['victim'],
  'groups/{id}': ['group'],
  'members/{userId}': ['victim'],
}

// Calls across players that are the feature, not a breach. Reads are still made and checked
// for leaks; writes are not sent.
const ALLOWED_ACROSS_PLAYERS: Record<string, string> = {
  'GET /api/play-dates/{id} @ openPlayDate': 'an open PlayDate is visible to every signed-in player',
  'POST /api/play-dates/{id}/requests @ openPlayDate': 'applying to an open PlayDate is the feature',
  'GET /api/play-dates/{id} @ matchedPlayDate':
    'a full game is visible until its start, to join its waitlist (decision 0152); not its chat or result',
  'POST /api/play-dates/{id}/requests @ matchedPlayDate': 'joining a full game’s waitlist is the feature',
  'GET /api/profiles/{id} @ victim': 'the public profile',
  'PUT /api/connections/watching/{profileId} @ victim': 'watching a player needs no consent',
  'DELETE /api/connections/watching/{profileId} @ victim': 'removes only the caller’s own watch',
}

// Refusals other than 403/404 that are right for one call, with the reason.
const OTHER_REFUSALS: Record<string, { statuses: number[]; reason: string }> = {
  'POST /api/play-dates/{id}/leave @ matchedPlayDate': {
    statuses: [403],
    reason: 'only its players may leave a game; the PlayDate itself is visible while full',
  },
  'POST /api/play-dates/{id}/find-sub @ matchedPlayDate': {
    statuses: [403],
    reason: 'only its players may ask for a sub; the PlayDate itself is visible while full',
  },
}

let t: TestApp
let world: World
let operations: ApiOperation[]
let tables: string[]

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: '0' })
  world = await seedWorld(t)
  operations = operationsOf(await loadOpenApi(t.app))
  tables = await appTables(t.db)
}, 120_000)
afterAll(() => t?.close())

interface Attempt {
  op: ApiOperation
  label: string
  params: Record<string, string>
}

// Every combination of the victim's things for the operation's path params.
function attemptsOn(op: ApiOperation): Attempt[] {
  let combos: Array<{ label: string[]; params: Record<string, string> }> = [{ label: [], params: {} }]
  for (const name of op.pathParams) {
    const before = op.path.split(`/{${name}}`)[0]!.split('/').pop()
    const seeds = SEEDS_BY_RESOURCE[`${before}/{${name}}`]
    const values = seeds
      ? seeds.map((seed) => ({ label: seed, value: world.ids[seed] }))
      : [{ label: `random ${name}`, value: randomUUID() }]
    combos = combos.flatMap((combo) =>
      values.map((v) => ({ label: [...combo.label, v.label], params: { ...combo.params, [name]: v.value } })),
    )
  }
  return combos.map((combo) => ({ op, label: combo.label.join(', '), params: combo.params }))
}

const context = () => ({ uuid: world.actors.attackerFriend.id })

function call(op: ApiOperation, who: Actor | undefined, params: Record<string, string>) {
  const body = op.body ? JSON.stringify(exampleOf(op.body, context())) : undefined
  return send(t.app, {
    method: op.method,
    url: urlOf(op, params, exampleQuery(op, context())),
    cookie: who?.cookie,
    body,
  })
}

const describeCall = (op: ApiOperation, label: string, res: SentResponse) =>
  `${op.key}${label ? ` @ ${label}` : ''} → ${res.status} ${res.text.slice(0, 300)}`

describe('the document', () => {
  it('classifies every operation: a known access level, a known method, no body on reads', () => {
    expect(operations.length).toBeGreaterThan(50)
    const problems: string[] = []
    for (const op of operations) {
      if (!op.access || !ACCESS_LEVELS.includes(op.access))
        problems.push(`${op.key}: x-access is ${op.access}`)
      if (!(HTTP_METHODS as readonly string[]).includes(op.method)) problems.push(`${op.key}: method`)
      if (op.method === 'GET' && op.bodyTypes.length > 0) problems.push(`${op.key}: a GET with a body`)
      const isListedPublic = op.key in PUBLIC_OPERATIONS
      if (op.access === 'public' && !isListedPublic)
        problems.push(`${op.key}: public but not in PUBLIC_OPERATIONS`)
      if (op.access !== 'public' && isListedPublic)
        problems.push(`${op.key}: listed public but is ${op.access}`)
    }
    // The lists stay honest: nothing in them that the document lost.
    const keys = new Set(operations.map((op) => op.key))
    for (const key of Object.keys(PUBLIC_OPERATIONS)) {
      if (!keys.has(key)) problems.push(`PUBLIC_OPERATIONS names ${key}, which the document lacks`)
    }
    for (const entry of [...Object.keys(ALLOWED_ACROSS_PLAYERS), ...Object.keys(OTHER_REFUSALS)]) {
      if (!keys.has(entry.split(' @ ')[0]!)) problems.push(`a table names ${entry}, which the document lacks`)
    }
    expect(problems).toEqual([])
  })

  it('states every protected operation’s session requirement', async () => {
    const doc = await loadOpenApi(t.app)
    for (const op of operations.filter((o) => o.access !== 'public')) {
      const raw = doc.paths[op.path]![op.method.toLowerCase()] as { security?: unknown[] }
      expect(raw.security, op.key).toEqual([{ session: [] }])
    }
  })
})

describe('without a session', () => {
  it('every protected operation answers 401 and changes nothing', async () => {
    const before = await tableChecksums(t.db, tables)
    const failures: string[] = []
    for (const op of operations.filter((o) => o.access !== 'public')) {
      const [attempt] = attemptsOn(op)
      const res = await call(op, undefined, attempt!.params)
      if (res.status !== 401 || !isErrorShape(res.json) || res.json.error.code !== 'unauthenticated') {
        failures.push(describeCall(op, attempt!.label, res))
      }
    }
    expect(failures).toEqual([])
    expect(changedTables(before, await tableChecksums(t.db, tables))).toEqual([])
  })

  it('every public operation answers without a server error or a sign-in demand', async () => {
    const failures: string[] = []
    for (const op of operations.filter((o) => o.access === 'public')) {
      const res = await call(op, undefined, {})
      const refused = res.status >= 400
      if (res.status >= 500 || (refused && !isErrorShape(res.json))) failures.push(describeCall(op, '', res))
      if (refused && res.json?.error?.code === 'unauthenticated' && op.key !== 'POST /api/auth/sign-in') {
        failures.push(describeCall(op, '', res))
      }
    }
    expect(failures).toEqual([])
  })
})

describe('a paused player', () => {
  it('is refused by every protected operation with the pause message, and nothing changes', async () => {
    const before = await tableChecksums(t.db, tables)
    const failures: string[] = []
    for (const op of operations.filter((o) => o.access !== 'public')) {
      const [attempt] = attemptsOn(op)
      const res = await call(op, world.actors.paused, attempt!.params)
      if (res.status !== 403 || res.json?.error?.message !== PAUSED_MESSAGE) {
        failures.push(describeCall(op, attempt!.label, res))
      }
    }
    expect(failures).toEqual([])
    expect(changedTables(before, await tableChecksums(t.db, tables))).toEqual([])
  })
})

describe('a player who is not an admin', () => {
  it('is refused by every admin operation with 403, and nothing changes', async () => {
    const before = await tableChecksums(t.db, tables)
    const failures: string[] = []
    const adminOps = operations.filter((o) => o.access === 'admin')
    expect(adminOps.length).toBeGreaterThan(0)
    for (const op of adminOps) {
      for (const attempt of attemptsOn(op)) {
        const res = await call(op, world.actors.attacker, attempt.params)
        if (res.status !== 403 || res.json?.error?.code !== 'forbidden') {
          failures.push(describeCall(op, attempt.label, res))
        }
      }
    }
    expect(failures).toEqual([])
    expect(changedTables(before, await tableChecksums(t.db, tables))).toEqual([])
  })
})

// The victim's private data or the id of one of their private things, if the text has one.
// A read that is allowed may name the thing it reads (`named`).
function leakIn(text: string, named: readonly string[] = []): string | undefined {
  const found = Object.entries(world.secrets).find(
    ([, secret]) => !named.includes(secret) && text.includes(secret),
  )
  return found?.[0]
}

const refusals = (op: ApiOperation, attempt: Attempt) => [
  403,
  404,
  ...(OTHER_REFUSALS[`${op.key} @ ${attempt.label}`]?.statuses ?? []),
]

describe("another player's things", () => {
  it('are refused (403 or 404) on every operation that names them, and nothing changes', async () => {
    const attacker = world.actors.attacker
    const failures: string[] = []
    const tried: string[] = []
    for (const op of operations.filter((o) => o.access === 'user' && o.pathParams.length > 0)) {
      for (const attempt of attemptsOn(op)) {
        const allowed = ALLOWED_ACROSS_PLAYERS[`${op.key} @ ${attempt.label}`]
        if (allowed && op.method !== 'GET') continue
        const before = await tableChecksums(t.db, tables)
        const res = await call(op, attacker, attempt.params)
        tried.push(`${op.key} @ ${attempt.label}`)
        const leak = leakIn(res.text, allowed ? Object.values(attempt.params) : [])
        if (allowed) {
          if (res.status !== 200 || leak)
            failures.push(`${describeCall(op, attempt.label, res)} leak: ${leak}`)
        } else if (!refusals(op, attempt).includes(res.status) || !isErrorShape(res.json) || leak) {
          failures.push(describeCall(op, attempt.label, res))
        }
        const changed = changedTables(before, await tableChecksums(t.db, tables))
        if (changed.length) failures.push(`${op.key} @ ${attempt.label} changed ${changed.join(', ')}`)
      }
    }
    expect(failures).toEqual([])
    // The victim's things were really named: every seed was tried somewhere.
    const named = new Set(tried.flatMap((entry) => entry.split(' @ ')[1]!.split(', ')))
    for (const seeds of Object.values(SEEDS_BY_RESOURCE)) {
      for (const seed of seeds) expect(named, seed).toContain(seed)
    }
  })

  it('never show up in what a player reads about themselves', async () => {
    const attacker = world.actors.attacker
    const failures: string[] = []
    for (const op of operations.filter((o) => o.access === 'user' && o.method === 'GET')) {
      if (op.pathParams.length > 0) continue
      const res = await call(op, attacker, {})
      const leak = leakIn(res.text)
      if (res.status !== 200 || leak) failures.push(`${describeCall(op, '', res)} leak: ${leak}`)
    }
    expect(failures).toEqual([])
  })

  it('are reachable by their owner with the same calls (the matrix names real things)', async () => {
    const victim = world.actors.victim
    for (const [url, status] of [
      [`/api/partner-lists/${world.ids.list}`, 200],
      [`/api/players/${world.ids.superPlayer}`, 200],
      [`/api/groups/${world.ids.group}`, 200],
      [`/api/groups/${world.ids.group}/messages`, 200],
      [`/api/play-dates/${world.ids.groupPlayDate}`, 200],
      [`/api/play-dates/${world.ids.matchedPlayDate}`, 200],
      [`/api/play-dates/${world.ids.matchedPlayDate}/messages`, 200],
    ] as const) {
      const res = await send(t.app, { method: 'GET', url, cookie: victim.cookie })
      expect(res.status, `${url}: ${res.text}`).toBe(status)
    }
  })
})

// Body fields that name a player or a thing (uuid fields, lists of them).
function referenceFields(op: ApiOperation) {
  const fields: Array<{ name: string; isList: boolean }> = []
  for (const [name, property] of Object.entries(op.body?.properties ?? {})) {
    const choices = [property, ...(property.anyOf ?? []), ...(property.oneOf ?? [])]
    if (choices.some((c) => c.format === 'uuid')) fields.push({ name, isList: false })
    else if (choices.some((c) => c.items?.format === 'uuid')) fields.push({ name, isList: true })
  }
  return fields
}

// Naming someone in a body is the feature for these: anyone may be asked to be a friend, and
// a SUPR Builder player may be linked to any player's public profile.
const REFERENCES_ALLOWED: Record<string, string> = {
  'POST /api/connections/friend-requests': 'a friend request may go to any player',
  'POST /api/players': 'a SUPR Builder player may be any player',
  'PUT /api/players/{id}': 'a SUPR Builder player may be any player',
}

describe("another player's things named in a body", () => {
  it('are refused on the player’s own things too, and nothing changes', async () => {
    const { attacker, attackerFriend, victimPartner } = world.actors
    const own = async (method: string, url: string, body: unknown) => {
      const res = await send(t.app, { method, url, cookie: attacker.cookie, body: JSON.stringify(body) })
      expect(res.status, `${url}: ${res.text}`).toBe(201)
      return res.json.id as string
    }
    const ownList = await own('POST', '/api/partner-lists', { name: 'Mine' })
    const ownSeeds: Record<string, string> = {
      'play-dates/{id}': await own('POST', '/api/play-dates', {
        type: 'earn',
        state: 'TX',
        regions: ['statewide'],
        partnerId: attackerFriend.id,
        amount: 40,
        description: 'Mine',
        ...nextWeek(),
      }),
      'partner-lists/{id}': ownList,
      'entries/{entryId}': await own('POST', `/api/partner-lists/${ownList}/manual-entries`, {
        firstName: 'My',
        lastName: 'Entry',
      }),
      'players/{id}': await own('POST', '/api/players', {
        firstName: 'My',
        lastName: 'Player',
        gender: 'male',
        duprRating: 3.5,
      }),
    }
    const failures: string[] = []
    let tried = 0
    for (const op of operations.filter((o) => o.access === 'user' && referenceFields(o).length > 0)) {
      const params = Object.fromEntries(
        op.pathParams.map((name) => {
          const before = op.path.split(`/{${name}}`)[0]!.split('/').pop()
          return [name, ownSeeds[`${before}/{${name}}`] ?? randomUUID()]
        }),
      )
      const body = exampleOf(op.body!, context()) as Record<string, unknown>
      for (const field of referenceFields(op)) {
        // A player who is not the caller's friend, or the victim's list entries.
        body[field.name] = field.isList ? [world.ids.manualEntry, world.ids.friendEntry] : victimPartner.id
      }
      const before = await tableChecksums(t.db, tables)
      const res = await send(t.app, {
        method: op.method,
        url: urlOf(op, params, exampleQuery(op, context())),
        cookie: attacker.cookie,
        body: JSON.stringify(body),
      })
      tried++
      const leak = leakIn(res.text)
      if (op.key in REFERENCES_ALLOWED) {
        // The feature's own rules still apply (a profile linked once, a request already sent).
        const refusedBadly = res.status >= 400 && !isErrorShape(res.json)
        if (res.status >= 500 || refusedBadly || leak) {
          failures.push(`${describeCall(op, 'allowed', res)} leak: ${leak}`)
        }
        continue
      }
      if (![400, 403, 404, 409].includes(res.status) || !isErrorShape(res.json) || leak) {
        failures.push(describeCall(op, JSON.stringify(body), res))
      }
      const changed = changedTables(before, await tableChecksums(t.db, tables))
      if (changed.length) failures.push(`${op.key} changed ${changed.join(', ')}`)
    }
    expect(failures).toEqual([])
    expect(tried).toBeGreaterThanOrEqual(5)
    const keys = new Set(operations.map((op) => op.key))
    expect(Object.keys(REFERENCES_ALLOWED).filter((key) => !keys.has(key))).toEqual([])
  })
})

describe('reads', () => {
  it('no GET operation changes the database, whoever calls it', async () => {
    const failures: string[] = []
    const { victim, admin } = world.actors
    for (const op of operations.filter((o) => o.method === 'GET')) {
      const callers = op.access === 'admin' ? [admin] : [victim, undefined]
      for (const who of callers) {
        for (const attempt of attemptsOn(op)) {
          const before = await tableChecksums(t.db, tables)
          const res = await call(op, who, attempt.params)
          if (res.status >= 500) failures.push(describeCall(op, attempt.label, res))
          const changed = changedTables(before, await tableChecksums(t.db, tables))
          if (changed.length) failures.push(`${op.key} @ ${attempt.label} changed ${changed.join(', ')}`)
        }
      }
    }
    expect(failures).toEqual([])
  })
})
