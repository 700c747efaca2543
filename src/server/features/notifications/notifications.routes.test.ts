import { and, eq, notInArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications } from '../../db/schema'
import { signedInUser } from '../../testing/factories'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'
import { createNotification } from './notifications.service'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function seed(userId: string, count: number) {
  const created = []
  for (let i = 0; i < count; i++) {
    created.push(
      await createNotification(t.db, {
        userId,
        type: i % 2 === 0 ? 'other' : 'playdate_created',
        title: `Title ${i}`,
        message: `Message ${i}`,
        link: `/playdates/${i}`,
      }),
    )
  }
  return created
}

describe('notifications', () => {
  it('lists the player’s own notifications newest first with the totals', async () => {
    const me = await signedInUser(t)
    const other = await signedInUser(t)
    await seed(me.profile.id, 3)
    await seed(other.profile.id, 2)

    const res = await me.client.get('/api/notifications')
    expect(res.status).toBe(200)
    expect(res.body.items.map((n: { title: string }) => n.title)).toEqual(['Title 2', 'Title 1', 'Title 0'])
    expect(res.body).toMatchObject({ total: 3, unreadCount: 3, nextCursor: null })
    expect(res.body.items[0]).toEqual({
      id: expect.any(String),
      type: 'other',
      title: 'Title 2',
      message: 'Message 2',
      link: '/playdates/2',
      read: false,
      actor: null,
      action: null,
      game: null,
      createdAt: expect.any(String),
    })
  })

  it('pages with a cursor without skipping or repeating', async () => {
    const me = await signedInUser(t)
    // Several in one statement share the same created_at: the id breaks the tie.
    await t.db.insert(notifications).values(
      Array.from({ length: 7 }, (_, i) => ({
        userId: me.profile.id,
        type: 'other' as const,
        title: `Same time ${i}`,
        message: 'm',
      })),
    )
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
      const res = await me.client.get(`/api/notifications?limit=3${query}`)
      expect(res.status).toBe(200)
      expect(res.body.total).toBe(7)
      seen.push(...res.body.items.map((n: { id: string }) => n.id))
      cursor = res.body.nextCursor
    } while (cursor)
    expect(seen).toHaveLength(7)
    expect(new Set(seen).size).toBe(7)

    // The rest removed after the first page: the next page is empty and still has the totals.
    const first = await me.client.get('/api/notifications?limit=3')
    await t.db.delete(notifications).where(
      and(
        eq(notifications.userId, me.profile.id),
        notInArray(
          notifications.id,
          first.body.items.map((n: { id: string }) => n.id),
        ),
      ),
    )
    const next = await me.client.get(
      `/api/notifications?limit=3&cursor=${encodeURIComponent(first.body.nextCursor)}`,
    )
    expect(next.body).toMatchObject({ items: [], total: 3, unreadCount: 3, nextCursor: null })
  })

  it('refuses a forged cursor and an oversized page', async () => {
    const me = await signedInUser(t)
    expect((await me.client.get('/api/notifications?cursor=garbage')).status).toBe(400)
    // The right shape with parts out of range never reaches the database.
    const forged = (time: string, id: string) => Buffer.from(JSON.stringify([time, id])).toString('base64url')
    const zero = '00000000-0000-0000-0000-000000000000'
    for (const cursor of [
      forged('2026-13-45 99:99:99+00', zero),
      forged('2026-02-30 10:00:00+00', zero),
      forged('9999-12-31 23:59:59+99:99', zero),
      forged('2026-01-01 00:00:00+00', '-'.repeat(36)),
    ]) {
      const res = await me.client.get(`/api/notifications?limit=1&cursor=${cursor}`)
      expect(res.status, cursor).toBe(400)
      expect(res.body.error.message).toBe('Invalid page cursor')
    }
    const fine = await me.client.get(
      `/api/notifications?limit=1&cursor=${forged('2026-02-28 10:00:00.123456+00', zero)}`,
    )
    expect(fine.status).toBe(200)
    expect((await me.client.get('/api/notifications?limit=1000')).status).toBe(400)
  })

  it('counts unread notifications and marks one read, only the player’s own', async () => {
    const me = await signedInUser(t)
    const other = await signedInUser(t)
    const [first] = await seed(me.profile.id, 2)

    expect((await me.client.get('/api/notifications/unread-count')).body).toEqual({
      count: 2,
      asOf: expect.any(Number),
    })

    const foreign = await other.client.post(`/api/notifications/${first!.id}/read`)
    expect(foreign.status).toBe(404)

    const read = await me.client.post(`/api/notifications/${first!.id}/read`)
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ id: first!.id, read: true })
    expect((await me.client.get('/api/notifications/unread-count')).body).toEqual({
      count: 1,
      asOf: expect.any(Number),
    })
    expect((await me.client.get('/api/notifications')).body.unreadCount).toBe(1)
  })

  it('marks all of the player’s notifications read and nobody else’s', async () => {
    const me = await signedInUser(t)
    const other = await signedInUser(t)
    await seed(me.profile.id, 3)
    await seed(other.profile.id, 2)

    const res = await me.client.post('/api/notifications/read-all')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ marked: 3 })
    expect((await me.client.get('/api/notifications/unread-count')).body.count).toBe(0)
    const list = await me.client.get('/api/notifications')
    expect(list.body).toMatchObject({ total: 3, unreadCount: 0 })
    expect((await me.client.post('/api/notifications/read-all')).body).toEqual({ marked: 0 })
    expect((await other.client.get('/api/notifications/unread-count')).body.count).toBe(2)
  })

  it('dismisses one notification, only the player’s own', async () => {
    const me = await signedInUser(t)
    const other = await signedInUser(t)
    const [first, second] = await seed(me.profile.id, 2)

    expect((await other.client.delete(`/api/notifications/${first!.id}`)).status).toBe(404)
    expect((await me.client.delete(`/api/notifications/${first!.id}`)).status).toBe(204)
    expect((await me.client.delete(`/api/notifications/${first!.id}`)).status).toBe(404)
    const left = await me.client.get('/api/notifications')
    expect(left.body.items.map((n: { id: string }) => n.id)).toEqual([second!.id])
  })

  it('dismisses all of the player’s notifications and nobody else’s', async () => {
    const me = await signedInUser(t)
    const other = await signedInUser(t)
    await seed(me.profile.id, 3)
    await seed(other.profile.id, 2)

    const res = await me.client.delete('/api/notifications')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ deleted: 3 })
    expect((await me.client.get('/api/notifications')).body).toMatchObject({ items: [], total: 0 })
    const theirs = await t.db.select().from(notifications).where(eq(notifications.userId, other.profile.id))
    expect(theirs).toHaveLength(2)
  })

  it('answers a malformed id with 400 and a signed-out visitor with 401', async () => {
    const me = await signedInUser(t)
    expect((await me.client.post('/api/notifications/not-an-id/read')).status).toBe(400)
    const anonymous = createClient(t.app)
    expect((await anonymous.get('/api/notifications')).status).toBe(401)
    expect((await anonymous.get('/api/notifications/unread-count')).status).toBe(401)
    expect((await anonymous.delete('/api/notifications')).status).toBe(401)
  })

  it('refuses a paused player', async () => {
    const paused = await signedInUser(t, { isPaused: true })
    const res = await paused.client.get('/api/notifications')
    expect(res.status).toBe(403)
    expect(res.body.error.message).toBe('Your access has been paused')
  })

  it('sends nothing when the caller’s transaction rolls back', async () => {
    const me = await signedInUser(t)
    await expect(
      t.db.transaction(async (tx) => {
        await createNotification(tx, { userId: me.profile.id, type: 'other', title: 'x', message: 'y' })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect((await me.client.get('/api/notifications/unread-count')).body).toEqual({
      count: 0,
      asOf: expect.any(Number),
    })
  })
})
