import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq, like } from 'drizzle-orm'
// The decoder of the encrypted content coding web-push itself uses (RFC 8188/8291).
import ece from 'http_ece'
import webpush from 'web-push'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { NEW_MESSAGE_TITLE } from '../../../domain/notifications/notification.schema'
import { PUSH_MESSAGES } from '../../../domain/push/push.schema'
import { nextNoonInPhoenix } from '../../testing/notice-jobs'
import { jobs, playDates, pushSubscriptions } from '../../db/schema'
import { jobHandlers } from '../../jobs'
import { runDueJobs } from '../../lib/jobs'
import { insertVenue, signedInUser } from '../../testing/factories'
import { statementsSent } from '../../testing/statements'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { createNotification } from '../notifications'
import { DEVICES_PER_PLAYER, isPushService } from './push.service'
import { parseEnv } from '../../env'

// Web Push against a local push service that checks what a real one checks: the VAPID signature
// (RFC 8292) and the payload encryption (RFC 8291), on PGlite and PostgreSQL.

interface Received {
  path: string
  headers: IncomingMessage['headers']
  body: Buffer
}

let t: TestApp
let service: Server
let origin: string
const received: Received[] = []
// What the fake push service answers next, per path (201 by default).
const answers = new Map<string, number>()
const keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:admin@picklematch.test' }

// Paths the fake push service holds without answering until the test lets it answer.
const held = new Map<string, { answer: () => void; closed: boolean }>()
const arrived = new Map<string, () => void>()

beforeAll(async () => {
  service = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? '/'
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) })
      const answer = () => response.writeHead(answers.get(path) ?? 201).end()
      const hold = held.get(path)
      if (!hold) return answer()
      hold.answer = answer
      // The sender gave up on the request (its timeout).
      response.on('close', () => (hold.closed = true))
      arrived.get(path)?.()
    })
  })
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`
  t = await createTestApp({ PUSH_TEST_SERVER: origin })
  t.deps.vapid = keys
})
// Each test runs at noon in Phoenix tomorrow, outside every default quiet hours (which hold
// pushes), whatever the time of day the suite runs at.
beforeEach(() => t.clock.set(nextNoonInPhoenix(new Date())))
afterAll(async () => {
  await new Promise((resolve) => service.close(resolve))
  await t.close()
})

// A browser's side of a subscription: its key pair and auth secret.
function device(path: string) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16).toString('base64url')
  return {
    ecdh,
    auth,
    subscription: {
      endpoint: `${origin}${path}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
    },
  }
}

// The VAPID JWT checked as a push service does: signed by the key it names, for our audience.
function checkVapid(headers: IncomingMessage['headers']) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization))
  expect(match).not.toBeNull()
  const [, token, key] = match!
  expect(key).toBe(keys.publicKey)
  const [header, payload, signature] = token!.split('.')
  const point = Buffer.from(key!, 'base64url')
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  )
  expect(valid).toBe(true)
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'))
  expect(claims).toMatchObject({ aud: origin, sub: keys.subject })
  expect(claims.exp * 1000).toBeGreaterThan(Date.now())
}

const runJobs = () => runDueJobs(t.db, jobHandlers(t.deps), new Date(t.clock.now().getTime() + 60_000))

describe('web push', () => {
  it('tells the browser the key to subscribe with', async () => {
    const player = await signedInUser(t)
    const config = await player.client.get('/api/push/config')
    expect(config.body).toEqual({ enabled: true, publicKey: keys.publicKey })
  })

  it('sends each notification to the player’s devices, signed and encrypted, once', async () => {
    const player = await signedInUser(t)
    const phone = device('/push/phone')
    const tablet = device('/push/tablet')
    for (const d of [phone, tablet])
      expect((await player.client.post('/api/push/subscriptions', d.subscription)).status).toBe(200)
    // The same subscription again changes nothing.
    await player.client.post('/api/push/subscriptions', phone.subscription)

    await createNotification(t.db, {
      userId: player.profile.id,
      type: 'other',
      title: 'PlayDate in 2 hours',
      message: 'Sat, Dec 5 · 8:00 AM MST at Kiwanis Park',
      link: '/playdates/123',
    })
    received.length = 0
    await runJobs()
    // Two instances' later turns find nothing left to send.
    await runJobs()
    expect(received.map((r) => r.path).sort()).toEqual(['/push/phone', '/push/tablet'])

    for (const [d, request] of [
      [phone, received.find((r) => r.path === '/push/phone')!],
      [tablet, received.find((r) => r.path === '/push/tablet')!],
    ] as const) {
      checkVapid(request.headers)
      expect(request.headers['content-encoding']).toBe('aes128gcm')
      expect(Number(request.headers.ttl)).toBe(7200)
      const plain = ece.decrypt(request.body, {
        version: 'aes128gcm',
        privateKey: d.ecdh,
        authSecret: d.auth,
      })
      expect(JSON.parse(plain.toString('utf8'))).toMatchObject({
        title: 'PlayDate in 2 hours',
        body: 'Sat, Dec 5 · 8:00 AM MST at Kiwanis Park',
        url: '/playdates/123',
      })
    }
  })

  it('says when and where the PlayDate is in a push about one', async () => {
    const player = await signedInUser(t)
    const d = device('/push/game')
    await player.client.post('/api/push/subscriptions', d.subscription)
    const venue = await insertVenue(t.db)
    const [game] = await t.db
      .insert(playDates)
      .values({
        creatorId: player.profile.id,
        type: 'challenge',
        state: 'AZ',
        regions: ['east_valley'],
        paymentPerHourMin: 25,
        paymentPerHourMax: 25,
        description: 'Doubles',
        startsAt: new Date('2026-12-05T15:00:00Z'),
        timeZone: 'America/Phoenix',
        durationMinutes: 120,
        venueId: venue.id,
      })
      .returning({ id: playDates.id })
    await createNotification(t.db, {
      userId: player.profile.id,
      type: 'other',
      title: 'Application accepted',
      message: 'Maya Lopez accepted the application: you are matched',
      link: `/playdates/${game!.id}`,
    })
    received.length = 0
    await runJobs()
    const request = received.find((r) => r.path === '/push/game')!
    const plain = ece.decrypt(request.body, { version: 'aes128gcm', privateKey: d.ecdh, authSecret: d.auth })
    expect(JSON.parse(plain.toString('utf8')).body).toBe(
      'Maya Lopez accepted the application: you are matched · Sat, Dec 5 · 8:00 AM MST at Kiwanis Park',
    )
  })

  it('marks a chat message to stay quiet while the app is open, and nothing else', async () => {
    const player = await signedInUser(t)
    const d = device('/push/chat')
    await player.client.post('/api/push/subscriptions', d.subscription)
    for (const title of [NEW_MESSAGE_TITLE, 'Application accepted'])
      await createNotification(t.db, {
        userId: player.profile.id,
        type: 'other',
        title,
        message: 'x',
        link: '/playdates/1',
      })
    received.length = 0
    await runJobs()
    const payloads = received
      .filter((r) => r.path === '/push/chat')
      .map((r) =>
        JSON.parse(
          ece
            .decrypt(r.body, { version: 'aes128gcm', privateKey: d.ecdh, authSecret: d.auth })
            .toString('utf8'),
        ),
      )
    expect(payloads.find((p) => p.title === NEW_MESSAGE_TITLE)).toMatchObject({ quietWhileOpen: true })
    expect(payloads.find((p) => p.title === 'Application accepted')).not.toHaveProperty('quietWhileOpen')
  })

  it('forgets a device the push service answers 410 or 404 for, and tries again on other errors', async () => {
    const player = await signedInUser(t)
    const gone = device('/push/gone')
    const flaky = device('/push/flaky')
    await player.client.post('/api/push/subscriptions', gone.subscription)
    await player.client.post('/api/push/subscriptions', flaky.subscription)
    answers.set('/push/gone', 410)
    answers.set('/push/flaky', 503)
    await createNotification(t.db, {
      userId: player.profile.id,
      type: 'other',
      title: 'Hi',
      message: 'Hello',
    })
    await runJobs()
    const left = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.profileId, player.profile.id))
    expect(left.map((s) => s.endpoint)).toEqual([flaky.subscription.endpoint])
    const flakyId = await idOf(flaky.subscription.endpoint)
    const [retry] = await t.db
      .select()
      .from(jobs)
      .where(like(jobs.key, `push:%:${flakyId}`))
    expect(retry).toMatchObject({ attempts: 1, doneAt: null })
    expect(retry!.lastError).toContain('503')
  })

  it('turns push off per device, for its own player only', async () => {
    const player = await signedInUser(t)
    const other = await signedInUser(t)
    const d = device('/push/off')
    await player.client.post('/api/push/subscriptions', d.subscription)
    await other.client.post('/api/push/subscriptions/remove', { endpoint: d.subscription.endpoint })
    expect(await idOf(d.subscription.endpoint)).toBeDefined()
    await player.client.post('/api/push/subscriptions/remove', { endpoint: d.subscription.endpoint })
    expect(await idOf(d.subscription.endpoint)).toBeUndefined()
    await createNotification(t.db, {
      userId: player.profile.id,
      type: 'other',
      title: 'Hi',
      message: 'Hello',
    })
    received.length = 0
    await runJobs()
    expect(received).toEqual([])
  })

  it('refuses a subscription that is not a push address, and every call without a session', async () => {
    const player = await signedInUser(t)
    const bad = await player.client.post('/api/push/subscriptions', {
      endpoint: 'ftp://example.com/x',
      keys: { p256dh: 'abc', auth: 'def' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.message).toBe(PUSH_MESSAGES.endpoint)
    const badKeys = await player.client.post('/api/push/subscriptions', {
      endpoint: `${origin}/push/x`,
      keys: { p256dh: 'not base64!', auth: 'def' },
    })
    expect(badKeys.status).toBe(400)
  })

  it('takes only the browsers’ push services, at their exact hosts on port 443, in every mode', async () => {
    const player = await signedInUser(t)
    // Outside production too: an internal address, or another port of the test push service's
    // host, is refused; only the origin PUSH_TEST_SERVER names is taken besides the real services.
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data',
      'http://localhost:3000/api/admin',
      `http://127.0.0.1:${Number(new URL(origin).port) + 1}/push/x`,
      'https://storage.googleapis.com/bucket/object',
    ]) {
      const refused = await player.client.post('/api/push/subscriptions', {
        endpoint,
        keys: device('/push/x').subscription.keys,
      })
      expect(refused.status, endpoint).toBe(400)
      expect(refused.body.error.message).toBe(PUSH_MESSAGES.notAPushService)
    }
    expect(isPushService(`${origin}/push/x`, origin)).toBe(true)
    expect(isPushService(`${origin}/push/x`)).toBe(false)
    expect(isPushService('https://fcm.googleapis.com/fcm/send/abc')).toBe(true)
    expect(isPushService('https://fcm.googleapis.com:443/fcm/send/abc')).toBe(true)
    expect(isPushService('https://updates.push.services.mozilla.com/wpush/v2/x')).toBe(true)
    expect(isPushService('https://web.push.apple.com/QGx')).toBe(true)
    expect(isPushService('https://wns2-bl2p.notify.windows.com/w/?token=x')).toBe(true)
    expect(isPushService('http://fcm.googleapis.com/fcm/send/abc')).toBe(false)
    expect(isPushService('https://fcm.googleapis.com:8443/fcm/send/abc')).toBe(false)
    expect(isPushService('https://storage.googleapis.com/bucket/x')).toBe(false)
    expect(isPushService('https://android.googleapis.com/gcm/send/x')).toBe(false)
    expect(isPushService('https://user:pw@fcm.googleapis.com/fcm/send/abc')).toBe(false)
    expect(isPushService('https://169.254.169.254/latest')).toBe(false)
    expect(isPushService('https://fcm.googleapis.com.evil.test/x')).toBe(false)
    expect(isPushService('https://a.b.notify.windows.com/x')).toBe(false)
    expect(() =>
      parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://x.test', PUSH_TEST_SERVER: origin }),
    ).toThrow(/PUSH_TEST_SERVER/)
  })

  it(`keeps ${DEVICES_PER_PLAYER} devices a player, forgetting the oldest`, async () => {
    const player = await signedInUser(t)
    const devices = Array.from({ length: DEVICES_PER_PLAYER + 2 }, (_, i) => device(`/push/many-${i}`))
    for (const d of devices) {
      expect((await player.client.post('/api/push/subscriptions', d.subscription)).status).toBe(200)
    }
    const left = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.profileId, player.profile.id))
    expect(left.map((s) => s.endpoint).sort()).toEqual(
      devices
        .slice(2)
        .map((d) => d.subscription.endpoint)
        .sort(),
    )
    // Turned on again at once, from many devices, the cap still holds.
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        player.client.post('/api/push/subscriptions', device(`/push/burst-${i}`).subscription),
      ),
    )
    const after = await t.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.profileId, player.profile.id))
    expect(after).toHaveLength(DEVICES_PER_PLAYER)
  })

  it('takes turns between players: one player’s many pushes do not hold up another’s', async () => {
    const busy = await signedInUser(t)
    const other = await signedInUser(t)
    for (let i = 0; i < DEVICES_PER_PLAYER; i++)
      await busy.client.post('/api/push/subscriptions', device(`/push/busy-${i}`).subscription)
    await other.client.post('/api/push/subscriptions', device('/push/other').subscription)
    for (let i = 0; i < 3; i++)
      await createNotification(t.db, {
        userId: busy.profile.id,
        type: 'other',
        title: `Busy ${i}`,
        message: 'x',
      })
    await createNotification(t.db, {
      userId: other.profile.id,
      type: 'other',
      title: 'Friend request',
      message: 'x',
    })
    received.length = 0
    // Thirty of the busy player's pushes were due first; the other player's goes in the first two.
    await runDueJobs(t.db, jobHandlers(t.deps), new Date(t.clock.now().getTime() + 60_000), 2)
    expect(received.map((r) => r.path)).toContain('/push/other')
    await runJobs()
    expect(received).toHaveLength(3 * DEVICES_PER_PLAYER + 1)
  })

  // On the embedded database a transaction holds the one session every request waits for, from
  // begin to commit (docs/decisions/0234).
  it('reads what a push sends before its transaction: inside it, only the claim and the lease', async () => {
    const player = await signedInUser(t)
    const phone = device('/push/read-first')
    await player.client.post('/api/push/subscriptions', phone.subscription)
    await runJobs()
    await createNotification(t.db, {
      userId: player.profile.id,
      type: 'other',
      title: 'Read',
      message: 'first',
    })
    received.length = 0
    const { before, inside, all } = await statementsSent(runJobs)
    expect(received.map((r) => r.path)).toEqual(['/push/read-first'])
    expect(before.some((text) => /^select/i.test(text) && text.includes('"push_subscriptions"'))).toBe(true)
    expect(inside, all.join('\n')).toHaveLength(2)
    expect(
      inside.every((text) => /^update "jobs"/i.test(text)),
      all.join('\n'),
    ).toBe(true)
  })

  it('holds no transaction while a push service is slow to answer', { timeout: 30_000 }, async () => {
    const player = await signedInUser(t)
    const slow = device('/push/slow')
    await player.client.post('/api/push/subscriptions', slow.subscription)
    await createNotification(t.db, { userId: player.profile.id, type: 'other', title: 'Slow', message: 'x' })
    const hold = { answer: () => {}, closed: false }
    held.set('/push/slow', hold)
    const reached = new Promise<void>((resolve) => arrived.set('/push/slow', resolve))
    const turn = runJobs()
    await reached
    const id = await idOf(slow.subscription.endpoint)
    // While the push service holds the request, the job's row is free (no transaction holds it)
    // and the database answers others at once: on the embedded database, held by a transaction,
    // this waited for the send to time out.
    const [job] = await t.db.transaction((tx) =>
      tx
        .select({ id: jobs.id, attempts: jobs.attempts })
        .from(jobs)
        .where(like(jobs.key, `push:%:${id}`))
        .for('update', { noWait: true }),
    )
    expect(hold.closed).toBe(false)
    // Claimed: counted, and leased to the runner making the call.
    expect(job?.attempts).toBe(1)
    hold.answer()
    await turn
    held.delete('/push/slow')
    const [done] = await t.db
      .select()
      .from(jobs)
      .where(like(jobs.key, `push:%:${id}`))
    expect(done).toMatchObject({ attempts: 1, lastError: null })
    expect(done!.doneAt).not.toBeNull()
    const [sub] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id!))
    expect(sub!.lastSentAt).not.toBeNull()
  })

  it('says push is off, and refuses subscriptions, without VAPID keys', async () => {
    const player = await signedInUser(t)
    t.deps.vapid = undefined
    try {
      expect((await player.client.get('/api/push/config')).body).toEqual({ enabled: false, publicKey: null })
      const refused = await player.client.post('/api/push/subscriptions', device('/push/none').subscription)
      expect(refused.status).toBe(409)
      expect(refused.body.error.message).toBe(PUSH_MESSAGES.off)
    } finally {
      t.deps.vapid = keys
    }
  })
})

async function idOf(endpoint: string) {
  const [row] = await t.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint))
  return row?.id
}
