import { createECDH, randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import webpush from 'web-push'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobHandlers } from '../../jobs'
import { runDueJobs } from '../../lib/jobs'
import { befriend, signedInUser } from '../../testing/factories'
import { insertFullGame } from '../../testing/full-game'
import { createTestApp, type TestApp } from '../../testing/test-app'

// Quiet hours hold a push as they hold an email (docs/decisions/0139), until 8 AM on the clock of
// the player's zone, also the nights the clocks change. The push service here only records the
// paths it is sent to: push.routes.test.ts checks what a real one checks.

let t: TestApp
let service: Server
let origin: string
const received: string[] = []

beforeAll(async () => {
  service = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      received.push(request.url ?? '/')
      response.writeHead(201).end()
    })
  })
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`
  t = await createTestApp({ PUSH_TEST_SERVER: origin })
  t.deps.vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:admin@picklematch.test' }
})
afterAll(async () => {
  await new Promise((resolve) => service.close(resolve))
  await t.close()
})

const MINUTE = 60_000

// A browser's subscription at `path` of the push service.
const subscription = (path: string) => {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return {
    endpoint: `${origin}${path}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  }
}

describe('quiet hours and push', () => {
  // 10:00 PM in Denver on the Saturday before the clocks go forward (Sunday, March 14, 2027) and on
  // the Saturday before they go back (Sunday, November 7, 2027); 8:00 AM the next morning.
  it.each([
    ['forward', new Date('2027-03-14T05:00:00Z'), new Date('2027-03-14T14:00:00Z')],
    ['back', new Date('2027-11-07T04:00:00Z'), new Date('2027-11-07T15:00:00Z')],
  ])(
    'hold a push until 8 AM in the player’s zone the night the clocks go %s',
    async (change, night, eightAm) => {
      t.clock.set(night)
      const [sender, player] = await Promise.all([signedInUser(t), signedInUser(t)])
      const path = `/push/${change}`
      expect((await player.client.post('/api/push/subscriptions', subscription(path))).status).toBe(200)
      await player.client.put('/api/notification-preferences/quiet-hours', {
        enabled: true,
        start: '21:00',
        end: '08:00',
        timeZone: 'America/Denver',
      })
      await sender.client.post('/api/connections/friend-requests', { receiverId: player.profile.id })
      expect((await player.client.get('/api/notifications')).body.items).toHaveLength(1)

      await runDueJobs(t.db, jobHandlers(t.deps), new Date(night.getTime() + MINUTE))
      // A minute before 8 AM on the clock the morning has: still night.
      await runDueJobs(t.db, jobHandlers(t.deps), new Date(eightAm.getTime() - MINUTE))
      expect(received.filter((p) => p === path)).toEqual([])
      await runDueJobs(t.db, jobHandlers(t.deps), eightAm)
      expect(received.filter((p) => p === path)).toEqual([path])
    },
  )

  // A game at 9:00 AM in Arizona loses a player at 10:30 PM the evening before (issue 52): the sub
  // wave asks at once in the app; its push waits for 8:00 AM like its email.
  it('hold a sub offer’s push until 8 AM, while the app shows it at once', async () => {
    const start = new Date('2027-01-16T16:00:00Z')
    const evening = new Date(start.getTime() - 10.5 * 60 * MINUTE)
    const g = await insertFullGame(t, start)
    const friend = await signedInUser(t, { firstName: 'Fay' })
    await befriend(t.db, g.c, friend)
    const path = '/push/sub-offer'
    expect((await friend.client.post('/api/push/subscriptions', subscription(path))).status).toBe(200)
    t.clock.set(evening)
    expect((await g.d.client.post(`/api/play-dates/${g.id}/leave`)).status).toBe(200)
    const [asked] = (await friend.client.get('/api/notifications')).body.items
    expect(asked.title).toBe('Sub wanted')

    await runDueJobs(t.db, jobHandlers(t.deps), new Date(evening.getTime() + MINUTE))
    await runDueJobs(t.db, jobHandlers(t.deps), new Date(start.getTime() - 60 * MINUTE - MINUTE))
    expect(received.filter((p) => p === path)).toEqual([])
    await runDueJobs(t.db, jobHandlers(t.deps), new Date(start.getTime() - 60 * MINUTE))
    expect(received.filter((p) => p === path)).toEqual([path])
  })
})
