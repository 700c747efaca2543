import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { createApp } from '../../app'
import { buildDeps } from '../../deps'
import { LISTEN_APPLICATION_NAME, openPostgres } from '../../db/client'
import { parseEnv } from '../../env'
import { createLogger } from '../../lib/logger'
import {
  endUserStreams,
  MAX_EVENTS_PER_SECOND,
  publishToUser,
  publishToUsers,
  QUIET_WINDOW_MS,
} from '../../lib/realtime'
import { openEventStream, originOf } from '../../testing/event-stream'
import { signedInUser } from '../../testing/factories'
import { createDatabaseFromTemplate } from '../../testing/postgres-databases'
import { createClient, createTestApp, type TestApp, testDatabaseKind } from '../../testing/test-app'
import { createNotification } from '../notifications'
import { MAX_STREAMS_PER_PLAYER } from './realtime.routes'
import { systemClock } from '../../lib/clock'

// A page's `since` is a time by the server's clock, as its answers' Date header gives it (app.ts).
const serverTime = () => t.clock.now().getTime()
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /api/events', () => {
  it('opens a Server-Sent Events stream that starts with ready, an id and the retry delay', async () => {
    const me = await signedInUser(t)
    const stream = await openEventStream(t.app, me.token)
    try {
      expect(stream.response.status).toBe(200)
      expect(stream.response.headers.get('content-type')).toContain('text/event-stream')
      expect(stream.response.headers.get('cache-control')).toContain('no-cache')
      const first = await stream.waitFor(() => true)
      expect(first.data).toEqual({ type: 'ready' })
      expect(first.id).toMatch(/\S/)
      expect(first.retry).toBe(3000)
      expect(t.deps.realtime.streamCount(me.profile.id)).toBe(1)
    } finally {
      await stream.close()
    }
  })

  it('carries the headers every answer carries, and the cookie of a session it renewed', async () => {
    const me = await signedInUser(t)
    t.clock.advance(2 * 60 * 60 * 1000)
    const stream = await openEventStream(t.app, me.token, { 'x-request-id': 'stream-1' })
    try {
      expect(stream.response.status).toBe(200)
      expect(stream.response.headers.get('x-request-id')).toBe('stream-1')
      expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(stream.response.headers.get('content-security-policy')).toContain("default-src 'self'")
      expect(stream.response.headers.get('set-cookie')).toContain(`pm_session=${me.token}`)
      expect((await stream.waitFor(() => true)).data).toEqual({ type: 'ready' })
    } finally {
      await stream.close()
    }
  })

  it('opens no stream for a HEAD request', async () => {
    const me = await signedInUser(t)
    // Served by Node as `npm start` serves it, on a connection kept open.
    const res = await fetch(`${await originOf(t.app)}/api/events`, {
      method: 'HEAD',
      headers: { cookie: `pm_session=${me.token}` },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(t.deps.realtime.streamCount(me.profile.id)).toBe(0)
  })

  it('forgets a stream once the browser goes away', async () => {
    const me = await signedInUser(t)
    const hub = t.deps.realtime
    const stream = await openEventStream(t.app, me.token)
    await stream.waitFor((event) => event.type === 'ready')
    expect(hub.streamCount(me.profile.id)).toBe(1)
    await stream.close()
    await expect.poll(() => hub.streamCount(me.profile.id), { timeout: 3000 }).toBe(0)
  })

  it(`holds at most ${MAX_STREAMS_PER_PLAYER} streams per player and frees a slot when one closes`, async () => {
    const me = await signedInUser(t)
    const other = await signedInUser(t)
    const hub = t.deps.realtime
    // Opened all at once, as a script would: the claims are counted before any stream starts.
    const opened = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_PLAYER + 2 }, () => openEventStream(t.app, me.token)),
    )
    const accepted = opened.filter((stream) => stream.response.status === 200)
    const refused = opened.filter((stream) => stream.response.status !== 200)
    try {
      expect(accepted).toHaveLength(MAX_STREAMS_PER_PLAYER)
      expect(refused).toHaveLength(2)
      for (const stream of refused) {
        expect(stream.response.status).toBe(429)
        expect(await stream.response.json()).toEqual({
          error: {
            code: 'rate_limited',
            message: 'Live updates are already open in too many windows. Close one to get them here.',
          },
        })
      }
      await Promise.all(accepted.map((stream) => stream.waitFor((event) => event.type === 'ready')))
      expect(hub.streamCount(me.profile.id)).toBe(MAX_STREAMS_PER_PLAYER)

      // Another player is not affected.
      const theirs = await openEventStream(t.app, other.token)
      expect(theirs.response.status).toBe(200)
      await theirs.close()

      // Closing one tab lets the next one in.
      await accepted.shift()!.close()
      await expect
        .poll(() => hub.streamCount(me.profile.id), { timeout: 3000 })
        .toBe(MAX_STREAMS_PER_PLAYER - 1)
      const next = await openEventStream(t.app, me.token)
      accepted.push(next)
      expect(next.response.status).toBe(200)
    } finally {
      await Promise.all(accepted.map((stream) => stream.close()))
    }
  })

  it('ends every stream when the instance stops, and starts no new one', async () => {
    const other = await createTestApp()
    try {
      const me = await signedInUser(other)
      const hub = other.deps.realtime
      const streams = [await openEventStream(other.app, me.token), await openEventStream(other.app, me.token)]
      await Promise.all(streams.map((stream) => stream.waitFor((event) => event.type === 'ready')))
      hub.closeAllStreams()
      await expect.poll(() => hub.streamCount(me.profile.id), { timeout: 3000 }).toBe(0)
      await Promise.all(streams.map((stream) => stream.waitUntilClosed()))
      const late = await openEventStream(other.app, me.token)
      expect(late.response.status).toBe(503)
      expect(await late.response.json()).toEqual({
        error: { code: 'unavailable', message: 'Live updates are unavailable right now' },
      })
    } finally {
      await other.close()
    }
  })

  it('starts a resumed stream (Last-Event-ID) with resync, so the page refetches', async () => {
    const me = await signedInUser(t)
    const stream = await openEventStream(t.app, me.token, { 'last-event-id': 'abc-12' })
    try {
      expect((await stream.waitFor(() => true)).data).toEqual({ type: 'resync' })
    } finally {
      await stream.close()
    }
  })

  it('starts with ready when the player had no event since `since`, with resync when they had one', async () => {
    const me = await signedInUser(t)
    const other = await signedInUser(t)
    const bystander = await signedInUser(t)
    const first = async (since: number, token = me.token) => {
      const stream = await openEventStream(t.app, token, {}, since)
      try {
        expect(stream.response.status).toBe(200)
        return (await stream.waitFor(() => true)).data.type
      } finally {
        await stream.close()
      }
    }
    // A stream already open hears the events as the hub does: when they reach it, the hub has them.
    const watcher = await openEventStream(t.app, me.token)
    try {
      await watcher.waitFor((event) => event.type === 'ready')
      const pageRead = serverTime()
      expect(await first(pageRead)).toBe('ready')
      // A friend request after the page was read: the page misses it without a refetch.
      const res = await other.client.post('/api/connections/friend-requests', { receiverId: me.profile.id })
      expect(res.status).toBe(201)
      await watcher.waitFor((event) => event.type === 'connection')
      expect(await first(pageRead)).toBe('resync')
      // A page read after it has it already; the two players' event says nothing about a third.
      expect(await first(serverTime() + 1)).toBe('ready')
      expect(await first(pageRead, bystander.token)).toBe('ready')
      // Older than the hub remembers, or from before it heard every event: it cannot tell.
      expect(await first(serverTime() - QUIET_WINDOW_MS - 1000)).toBe('resync')
      expect(await first(0)).toBe('resync')
      // A resumed stream refetches whatever `since` says.
      const resumed = await openEventStream(t.app, me.token, { 'last-event-id': 'abc-12' }, serverTime() + 1)
      expect((await resumed.waitFor(() => true)).data).toEqual({ type: 'resync' })
      await resumed.close()
    } finally {
      await watcher.close()
    }
  })

  it('refuses a `since` that is not a time', async () => {
    const me = await signedInUser(t)
    for (const since of ['soon', '-5', '1.5']) {
      const res = await t.app.request(`http://localhost/api/events?since=${since}`, {
        headers: { cookie: `pm_session=${me.token}`, accept: 'text/event-stream' },
      })
      expect(res.status).toBe(400)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid')
    }
  })

  it('pushes a friend request to the receiver: the unread count and the connection change', async () => {
    const a = await signedInUser(t)
    const b = await signedInUser(t)
    const stream = await openEventStream(t.app, b.token)
    try {
      await stream.waitFor((event) => event.type === 'ready')
      const res = await a.client.post('/api/connections/friend-requests', { receiverId: b.profile.id })
      expect(res.status).toBe(201)
      // That it arrives; how soon is the bench's fan-out (bench/lib/fanout.ts).
      const notification = await stream.waitFor((event) => event.type === 'notification')
      expect(notification.data).toEqual({ type: 'notification', unreadCount: 1, asOf: expect.any(Number) })
      await stream.waitFor((event) => event.type === 'connection')
    } finally {
      await stream.close()
    }
  })

  it('sends a player only their own events', async () => {
    const me = await signedInUser(t)
    const other = await signedInUser(t)
    const stream = await openEventStream(t.app, me.token)
    try {
      await stream.waitFor((event) => event.type === 'ready')
      await createNotification(t.db, { userId: other.profile.id, type: 'other', title: 'x', message: 'y' })
      await publishToUsers(t.db, [other.profile.id], { type: 'connection' })
      // A marker for me, published last: when it arrives, the others would have too.
      await publishToUser(t.db, me.profile.id, { type: 'resync' })
      await stream.waitFor((event) => event.type === 'resync')
      expect(stream.events.map((event) => event.data.type)).toEqual(['ready', 'resync'])
    } finally {
      await stream.close()
    }
  })

  it('sends nothing for a write that rolls back', async () => {
    const me = await signedInUser(t)
    const stream = await openEventStream(t.app, me.token)
    try {
      await stream.waitFor((event) => event.type === 'ready')
      await expect(
        t.db.transaction(async (tx) => {
          await createNotification(tx, { userId: me.profile.id, type: 'other', title: 'x', message: 'y' })
          throw new Error('rolled back')
        }),
      ).rejects.toThrow('rolled back')
      await publishToUser(t.db, me.profile.id, { type: 'connection' })
      await stream.waitFor((event) => event.type === 'connection')
      expect(stream.events.map((event) => event.data.type)).toEqual(['ready', 'connection'])
    } finally {
      await stream.close()
    }
  })

  it('sends a write’s events once, after its commit, with the count read after it', async () => {
    const me = await signedInUser(t)
    const stream = await openEventStream(t.app, me.token)
    try {
      await stream.waitFor((event) => event.type === 'ready')
      await t.db.transaction(async (tx) => {
        await createNotification(tx, { userId: me.profile.id, type: 'other', title: 'one', message: 'y' })
        await createNotification(tx, { userId: me.profile.id, type: 'other', title: 'two', message: 'y' })
        await publishToUsers(tx, [me.profile.id], { type: 'connection' })
        await publishToUsers(tx, [me.profile.id], { type: 'connection' })
      })
      // A marker, published last: when it arrives, the write's events would have too.
      await publishToUser(t.db, me.profile.id, { type: 'resync' })
      await stream.waitFor((event) => event.type === 'resync')
      expect(stream.events.map((event) => event.data)).toEqual([
        expect.objectContaining({ type: 'ready' }),
        { type: 'notification', unreadCount: 2, asOf: expect.any(Number) },
        { type: 'connection' },
        { type: 'resync' },
      ])
    } finally {
      await stream.close()
    }
  })

  it('stamps each unread count with when it was read: the latest read holds every change', async () => {
    const me = await signedInUser(t)
    const stream = await openEventStream(t.app, me.token)
    try {
      await stream.waitFor((event) => event.type === 'ready')
      // Eight writes at once, each in its own transaction: their counts can leave in any order.
      await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          t.db.transaction((tx) =>
            createNotification(tx, { userId: me.profile.id, type: 'other', title: `n${n}`, message: 'y' }),
          ),
        ),
      )
      await stream.waitFor((event) => event.type === 'notification' && event.unreadCount === 8, {
        timeoutMs: 5000,
      })
      const counts = stream.events.flatMap((event) =>
        event.data.type === 'notification' ? [event.data] : [],
      )
      const latest = counts.reduce((a, b) => (b.asOf > a.asOf ? b : a))
      expect(latest.unreadCount).toBe(8)
      // A count read afterwards is stamped later.
      const { body } = await me.client.get('/api/notifications/unread-count')
      expect(body.count).toBe(8)
      expect(body.asOf).toBeGreaterThanOrEqual(latest.asOf)
    } finally {
      await stream.close()
    }
  })

  it('coalesces a burst: fewer events than writes, and the last count wins', async () => {
    const me = await signedInUser(t)
    const stream = await openEventStream(t.app, me.token)
    try {
      await stream.waitFor((event) => event.type === 'ready')
      // The 30 leave in one statement after one commit: they reach the stream's queue together.
      await t.db.transaction(async (tx) => {
        for (let count = 1; count <= 30; count++) {
          await publishToUser(tx, me.profile.id, { type: 'notification', unreadCount: count, asOf: count })
        }
      })
      await stream.waitFor((event) => event.type === 'notification' && event.unreadCount === 30, {
        timeoutMs: 5000,
      })
      const received = stream.events.filter((event) => event.data.type === 'notification')
      const counts = received.map((event) =>
        event.data.type === 'notification' ? event.data.unreadCount : 0,
      )
      // A second's worth at most, then the latest of those that waited; in order, the last one
      // last (a queue that sent each would send 30 over three seconds).
      expect(received.length).toBeLessThanOrEqual(MAX_EVENTS_PER_SECOND + 1)
      expect(counts).toEqual([...new Set(counts)].sort((x, y) => x - y))
      expect(counts.at(-1)).toBe(30)
      // No more than 10 in any one second.
      for (let i = 10; i < received.length; i++) {
        expect(received[i]!.receivedAt - received[i - 10]!.receivedAt).toBeGreaterThanOrEqual(900)
      }
    } finally {
      await stream.close()
    }
  })

  it('ends every stream of a player at once with session-ended', async () => {
    const me = await signedInUser(t)
    const other = await signedInUser(t)
    const first = await openEventStream(t.app, me.token)
    const second = await openEventStream(t.app, me.token)
    const bystander = await openEventStream(t.app, other.token)
    try {
      await Promise.all([first, second, bystander].map((s) => s.waitFor((event) => event.type === 'ready')))
      await endUserStreams(t.db, me.profile.id)
      for (const stream of [first, second]) {
        await stream.waitFor((event) => event.type === 'session-ended')
        await stream.waitUntilClosed()
      }
      expect(bystander.isClosed()).toBe(false)
      const hub = t.deps.realtime
      await expect.poll(() => hub.streamCount(me.profile.id), { timeout: 3000 }).toBe(0)
      expect(hub.streamCount(other.profile.id)).toBe(1)
    } finally {
      await Promise.all([first, second, bystander].map((s) => s.close()))
    }
  })

  it('is refused without a session and for a paused player', async () => {
    expect((await createClient(t.app).get('/api/events')).status).toBe(401)
    const paused = await signedInUser(t, { isPaused: true })
    expect((await paused.client.get('/api/events')).status).toBe(403)
  })
})

// Two server instances on one PostgreSQL database: a write through one reaches a stream held
// by the other, through LISTEN/NOTIFY.
describe.skipIf(testDatabaseKind !== 'postgres')('a lost LISTEN connection', () => {
  it('tells every open stream to resync once it is back, then delivers again', async () => {
    const me = await signedInUser(t)
    const stream = await openEventStream(t.app, me.token)
    const pageRead = serverTime()
    try {
      await stream.waitFor((event) => event.type === 'ready')
      // What an operator's restart of a connection pooler or a failover does to the listener.
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      await admin.connect()
      try {
        const killed = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = (select datname from pg_stat_activity where pid = $1) and application_name = $2`,
          [await backendPid(t), LISTEN_APPLICATION_NAME],
        )
        expect(killed.rowCount).toBe(1)
      } finally {
        await admin.end()
      }
      const resync = await stream.waitFor((event) => event.type === 'resync', { timeoutMs: 8000 })
      expect(resync.data).toEqual({ type: 'resync' })
      // What was published while the listener was gone is unknown: a page read before cannot be
      // vouched for.
      const late = await openEventStream(t.app, me.token, {}, pageRead)
      expect((await late.waitFor(() => true)).data).toEqual({ type: 'resync' })
      await late.close()
      await publishToUser(t.db, me.profile.id, { type: 'connection' })
      await stream.waitFor((event) => event.type === 'connection')
    } finally {
      await stream.close()
    }
  })
})

async function backendPid(app: TestApp) {
  const result = (await app.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
    rows: Array<{ pid: number }>
  }
  return result.rows[0]!.pid
}

describe.skipIf(testDatabaseKind !== 'postgres')('two server instances', () => {
  it('delivers a notification created through one instance to a stream on the other', async () => {
    const url = process.env.TEST_DATABASE_URL!
    const created = await createDatabaseFromTemplate(url, inject('postgresTemplate'))
    const env = parseEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' })
    const logger = createLogger(env)
    const databaseOne = await openPostgres(created.url, 3)
    const databaseTwo = await openPostgres(created.url, 3)
    const one = createApp(buildDeps({ database: databaseOne, env, logger }))
    const two = createApp(buildDeps({ database: databaseTwo, env, logger }))
    const harness = { app: one, db: databaseOne.db, clock: systemClock } as unknown as TestApp
    try {
      const a = await signedInUser(harness)
      const b = await signedInUser(harness)
      const stream = await openEventStream(two, b.token)
      try {
        await stream.waitFor((event) => event.type === 'ready')
        const res = await a.client.post('/api/connections/friend-requests', { receiverId: b.profile.id })
        expect(res.status).toBe(201)
        const event = await stream.waitFor((e) => e.type === 'notification')
        expect(event.data).toEqual({ type: 'notification', unreadCount: 1, asOf: expect.any(Number) })
      } finally {
        await stream.close()
      }
    } finally {
      await databaseOne.close()
      await databaseTwo.close()
      await created.drop()
    }
  })
})
