import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications, profiles } from '../../db/schema'
import { signedInUser } from '../../testing/factories'
import { createTestApp, type TestApp, type TestClient, testDatabaseKind } from '../../testing/test-app'

// On the embedded database the server keeps each player's unread count (docs/decisions/0122).
// Whatever changes their notifications, by any path, the next count follows: these tests change
// them behind the app's back, in SQL, and on a PostgreSQL server (no cache) they hold too.
describe('unread counts kept by the server', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const unread = async (client: TestClient) => {
    const response = await client.get('/api/notifications/unread-count')
    expect(response.status).toBe(200)
    return (response.body as { count: number }).count
  }
  const notify = (userId: string, title = 'Hello') =>
    t.db.insert(notifications).values({ userId, type: 'other', title, message: 'A message' })

  it('are kept only on the embedded database, one per player', async () => {
    const { client, profile } = await signedInUser(t)
    await notify(profile.id)
    expect(await unread(client)).toBe(1)
    if (testDatabaseKind === 'pglite') expect(t.database.unreadCache?.get(profile.id)?.count).toBe(1)
    else expect(t.database.unreadCache).toBeNull()
  })

  it('follow a notification added, seen, deleted or changed to another player', async () => {
    const ana = await signedInUser(t)
    const ben = await signedInUser(t)
    expect(await unread(ana.client)).toBe(0)
    expect(await unread(ben.client)).toBe(0)
    await notify(ana.profile.id)
    await notify(ana.profile.id)
    expect(await unread(ana.client)).toBe(2)
    expect(await unread(ben.client)).toBe(0)
    await t.db.execute(
      sql`update notifications set seen = true where id = (select id from notifications where user_id = ${ana.profile.id} limit 1)`,
    )
    expect(await unread(ana.client)).toBe(1)
    // Moved to Ben: both players' counts change.
    await t.db
      .update(notifications)
      .set({ userId: ben.profile.id })
      .where(eq(notifications.userId, ana.profile.id))
    expect(await unread(ana.client)).toBe(0)
    expect(await unread(ben.client)).toBe(1)
    await t.db.delete(notifications).where(eq(notifications.userId, ben.profile.id))
    expect(await unread(ben.client)).toBe(0)
  })

  it('follow a change made in a transaction once it commits, and none if it rolls back', async () => {
    const { client, profile } = await signedInUser(t)
    expect(await unread(client)).toBe(0)
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(notifications).values({ userId: profile.id, type: 'other', title: 'x', message: 'y' })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await unread(client)).toBe(0)
    await t.db.transaction(async (tx) => {
      await tx.insert(notifications).values({ userId: profile.id, type: 'other', title: 'x', message: 'y' })
    })
    expect(await unread(client)).toBe(1)
  })

  it('follow the app’s own writes: opening the list clears the badge', async () => {
    const { client, profile } = await signedInUser(t)
    await notify(profile.id)
    expect(await unread(client)).toBe(1)
    expect((await client.post('/api/notifications/seen')).status).toBe(200)
    expect(await unread(client)).toBe(0)
  })

  it('follow a player deleted with their notifications', async () => {
    const { client, profile } = await signedInUser(t)
    await notify(profile.id)
    expect(await unread(client)).toBe(1)
    await t.db.delete(profiles).where(eq(profiles.id, profile.id))
    expect(t.database.unreadCache?.get(profile.id)).toBeUndefined()
  })
})
