import { millisecondsInDay } from 'date-fns/constants'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createApp } from '../../app'
import { openPostgres } from '../../db/client'
import { sessions } from '../../db/schema'
import { buildDeps } from '../../deps'
import { parseEnv } from '../../env'
import { systemClock } from '../../lib/clock'
import { createLogger } from '../../lib/logger'
import { checkUserSessions, heartbeatTiming, publishToUser } from '../../lib/realtime'
import { openEventStream } from '../../testing/event-stream'
import { FACTORY_PASSWORD, type SignedInPlayer, signedInUser } from '../../testing/factories'
import { createDatabaseFromTemplate } from '../../testing/postgres-databases'
import { createTestApp, type TestApp, testDatabaseKind } from '../../testing/test-app'
import { createSession } from '../auth'

// An event stream ends within a second of its session: a sign-out, a pause, a password change,
// on this instance or another, and its expiry. None of it waits for a heartbeat: an idle stream
// reads nothing from the database (docs/decisions/0161).

const WITHIN_MS = 1000

type Stream = Awaited<ReturnType<typeof openEventStream>>

async function opened(app: TestApp['app'], token: string) {
  const stream = await openEventStream(app, token)
  await stream.waitFor((event) => event.type === 'ready')
  return stream
}

// Resolves once the stream said 'session-ended' and closed, within a second of `since`.
async function endsWithinASecond(stream: Stream, since: number) {
  const ended = await stream.waitFor((event) => event.type === 'session-ended', {
    timeoutMs: WITHIN_MS - (Date.now() - since),
  })
  expect(ended.receivedAt - since).toBeLessThan(WITHIN_MS)
  await stream.waitUntilClosed()
  return ended.data
}

// Opens a stream of the session on `app`, then ends the session by `end`: resolves with what the
// stream said, once it ended within a second of `end`'s answer.
async function endedBy(app: TestApp['app'], token: string, end: () => Promise<unknown>) {
  const stream = await opened(app, token)
  try {
    await end()
    // From its answer: the session has ended by then (on a loaded machine the request that ends
    // it can itself take a second; what is measured here is what follows).
    const started = Date.now()
    return await endsWithinASecond(stream, started)
  } finally {
    await stream.close()
  }
}

// Opens a stream of each session on `app`, then `end` ends one of them: the stream of `ending`
// ends within a second, the other's goes on.
async function endsOneOfTwo(
  t: Pick<TestApp, 'app' | 'db'>,
  of: { ending: string; kept: string; userId: string },
  end: () => Promise<unknown>,
) {
  const [ending, kept] = await Promise.all([opened(t.app, of.ending), opened(t.app, of.kept)])
  try {
    await end()
    const started = Date.now()
    const said = await endsWithinASecond(ending, started)
    await marked(t, kept, of.userId)
    expect(kept.isClosed()).toBe(false)
    return said
  } finally {
    await Promise.all([ending.close(), kept.close()])
  }
}

async function pause(admin: SignedInPlayer, me: SignedInPlayer) {
  const paused = await admin.client.put(`/api/admin/users/${me.profile.id}/paused`, { isPaused: true })
  expect(paused.status).toBe(200)
}

async function changePassword(me: SignedInPlayer) {
  const changed = await me.client.post('/api/auth/change-password', {
    currentPassword: FACTORY_PASSWORD,
    newPassword: 'a-new-pass-2',
    confirmPassword: 'a-new-pass-2',
  })
  expect(changed.status).toBe(200)
}

async function signOut(me: SignedInPlayer) {
  expect((await me.client.post('/api/auth/sign-out')).status).toBe(204)
}

// A marker sent to the player after whatever came before: once it arrives, what happened before
// it has reached the stream (or never will).
async function marked(t: Pick<TestApp, 'db'>, stream: Stream, userId: string) {
  await publishToUser(t.db, userId, { type: 'connection' })
  await stream.waitFor((event) => event.type === 'connection')
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('a stream ends within a second of its session', () => {
  it('on a sign-out: the streams of that session, not those of the player’s other devices', async () => {
    const me = await signedInUser(t)
    const other = await createSession(t.db, me.profile.id, 30, t.clock.now())
    const said = await endsOneOfTwo(t, { ending: me.token, kept: other.token, userId: me.profile.id }, () =>
      signOut(me),
    )
    expect(said).toEqual({ type: 'session-ended' })
  })

  it('on a new sign-in in the same browser, which ends the session it held', async () => {
    const me = await signedInUser(t)
    await endedBy(t.app, me.token, async () => {
      const res = await me.client.post('/api/auth/sign-in', {
        email: me.profile.email,
        password: FACTORY_PASSWORD,
      })
      expect(res.status).toBe(200)
    })
  })

  it('on a pause by an admin, saying why', async () => {
    const admin = await signedInUser(t, { isAdmin: true })
    const me = await signedInUser(t)
    expect(await endedBy(t.app, me.token, () => pause(admin, me))).toEqual({
      type: 'session-ended',
      reason: 'paused',
    })
  })

  it('on a password change: the other devices’ streams, not this one’s', async () => {
    const me = await signedInUser(t)
    const other = await createSession(t.db, me.profile.id, 30, t.clock.now())
    await endsOneOfTwo(t, { ending: other.token, kept: me.token, userId: me.profile.id }, () =>
      changePassword(me),
    )
  })
})

describe('an idle stream', () => {
  it('gets heartbeats and reads no session at them: it learns of an end only when told', async () => {
    const me = await signedInUser(t)
    const before = heartbeatTiming.intervalMs
    heartbeatTiming.intervalMs = 100
    const stream = await opened(t.app, me.token)
    try {
      await expect.poll(() => stream.commentCount(), { timeout: 3000 }).toBeGreaterThan(0)
      // Gone behind the app's back (no sign-out, nothing told the streams): the heartbeats go on.
      await t.db.delete(sessions).where(eq(sessions.profileId, me.profile.id))
      const beats = stream.commentCount()
      await expect.poll(() => stream.commentCount(), { timeout: 3000 }).toBeGreaterThan(beats + 2)
      expect(stream.isClosed()).toBe(false)
      expect(stream.events.map((event) => event.data.type)).toEqual(['ready'])
      // Told to check (what a sign-out or a password change on any instance does), it ends.
      const started = Date.now()
      await checkUserSessions(t.db, me.profile.id)
      await endsWithinASecond(stream, started)
    } finally {
      heartbeatTiming.intervalMs = before
      await stream.close()
    }
  })
})

// The clock is moved, not waited for: each test on an app of its own, whose clock it moves.
describe('a stream at its session’s expiry', () => {
  let c: TestApp
  beforeAll(async () => {
    c = await createTestApp()
  })
  afterAll(() => c.close())

  it('ends once the clock passes the session’s expiry', async () => {
    const me = await signedInUser(c)
    const stream = await opened(c.app, me.token)
    try {
      c.clock.advance(29 * millisecondsInDay)
      await marked(c, stream, me.profile.id)
      expect(stream.isClosed()).toBe(false)
      const started = Date.now()
      c.clock.advance(millisecondsInDay + 60_000)
      expect(await endsWithinASecond(stream, started)).toEqual({ type: 'session-ended' })
    } finally {
      await stream.close()
    }
  })

  it('outlives the expiry it opened with when the session was used since, and ends at the new one', async () => {
    const me = await signedInUser(c)
    const stream = await opened(c.app, me.token)
    try {
      // Used two hours later: the session slides to 30 days from then.
      c.clock.advance(2 * 60 * 60_000)
      expect((await me.client.get('/api/auth/session')).status).toBe(200)
      c.clock.advance(30 * millisecondsInDay - 60 * 60_000)
      // The stream's timer fires on the next turn and reads the session again; the marker goes
      // out after that read.
      await new Promise((resolve) => setTimeout(resolve, 0))
      await marked(c, stream, me.profile.id)
      expect(stream.events.map((event) => event.data.type)).toEqual(['ready', 'connection'])
      expect(stream.isClosed()).toBe(false)
      const started = Date.now()
      c.clock.advance(2 * 60 * 60_000)
      await endsWithinASecond(stream, started)
    } finally {
      await stream.close()
    }
  })
})

// Two server instances on one PostgreSQL database: what ends a session through one ends its
// streams on the other, through LISTEN/NOTIFY.
describe.skipIf(testDatabaseKind !== 'postgres')('a stream on another instance', () => {
  let one: TestApp
  let two: TestApp['app']
  let closeAll: () => Promise<void>
  beforeAll(async () => {
    const created = await createDatabaseFromTemplate(
      process.env.TEST_DATABASE_URL!,
      inject('postgresTemplate'),
    )
    const env = parseEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' })
    const logger = createLogger(env)
    const databaseOne = await openPostgres(created.url, 3)
    const databaseTwo = await openPostgres(created.url, 3)
    two = createApp(buildDeps({ database: databaseTwo, env, logger }))
    one = {
      app: createApp(buildDeps({ database: databaseOne, env, logger })),
      db: databaseOne.db,
      clock: systemClock,
    } as unknown as TestApp
    closeAll = async () => {
      await databaseOne.close()
      await databaseTwo.close()
      await created.drop()
    }
  })
  afterAll(() => closeAll())

  it('ends within a second of a sign-out through the first', async () => {
    const me = await signedInUser(one)
    await endedBy(two, me.token, () => signOut(me))
  })

  it('ends within a second of a pause through the first', async () => {
    const admin = await signedInUser(one, { isAdmin: true })
    const me = await signedInUser(one)
    expect(await endedBy(two, me.token, () => pause(admin, me))).toEqual({
      type: 'session-ended',
      reason: 'paused',
    })
  })

  it('ends within a second of a password change through the first, and keeps the changing session’s', async () => {
    const me = await signedInUser(one)
    const other = await createSession(one.db, me.profile.id, 30, one.clock.now())
    await endsOneOfTwo(
      { app: two, db: one.db },
      { ending: other.token, kept: me.token, userId: me.profile.id },
      () => changePassword(me),
    )
  })

  it('is refused by the second once the session ended through the first', async () => {
    const me = await signedInUser(one)
    await signOut(me)
    expect((await openEventStream(two, me.token)).response.status).toBe(401)
  })
})
