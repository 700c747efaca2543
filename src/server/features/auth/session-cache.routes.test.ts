import { millisecondsInDay } from 'date-fns/constants'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profiles, sessions } from '../../db/schema'
import { signedInUser } from '../../testing/factories'
import { createTestApp, type TestApp, type TestClient, testDatabaseKind } from '../../testing/test-app'
import { hashToken } from './sessions'

// On the embedded database the server keeps the session lookups it read (docs/decisions/0119).
// Whatever changes a session or its player, by any path, the next request sees it: these tests
// change them behind the app's back, in SQL, and on a PostgreSQL server (no cache) they hold too.
describe('sessions kept by the server', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const sessionUser = async (client: TestClient) => {
    const response = await client.get('/api/auth/session')
    expect(response.status).toBe(200)
    return (response.body as { user: { firstName: string; isAdmin: boolean } | null }).user
  }

  it('are kept only on the embedded database', async () => {
    const { client } = await signedInUser(t)
    await sessionUser(client)
    if (testDatabaseKind === 'pglite') expect(t.database.sessionCache?.size).toBeGreaterThan(0)
    else expect(t.database.sessionCache).toBeNull()
  })

  it('show a change to the player at the next request', async () => {
    const { client, profile } = await signedInUser(t, { firstName: 'Robin' })
    expect((await sessionUser(client))?.firstName).toBe('Robin')
    await t.db.update(profiles).set({ firstName: 'Robyn' }).where(eq(profiles.id, profile.id))
    expect((await sessionUser(client))?.firstName).toBe('Robyn')
    await t.db.execute(sql`update profiles set is_admin = true where id = ${profile.id}`)
    expect((await sessionUser(client))?.isAdmin).toBe(true)
  })

  // A change names the session or the player it is about (docs/decisions/0192): a renewal, a
  // sign-in or a player saving their profile leaves everyone else's kept session alone.
  it.runIf(testDatabaseKind === 'pglite')('forget only the sessions a change is about', async () => {
    const cache = t.database.sessionCache!
    const kept = (token: string) => cache.get(hashToken(token)) !== undefined
    const a = await signedInUser(t)
    const b = await signedInUser(t)
    await sessionUser(a.client)
    await sessionUser(b.client)
    expect([kept(a.token), kept(b.token)]).toEqual([true, true])

    await t.db.update(profiles).set({ firstName: 'Changed' }).where(eq(profiles.id, a.profile.id))
    await expect.poll(() => kept(a.token)).toBe(false)
    expect(kept(b.token)).toBe(true)

    await sessionUser(a.client)
    expect(kept(a.token)).toBe(true)
    await t.db
      .update(sessions)
      .set({ lastSeenAt: t.clock.now() })
      .where(eq(sessions.tokenHash, hashToken(a.token)))
    await expect.poll(() => kept(a.token)).toBe(false)
    expect(kept(b.token)).toBe(true)

    // Someone else signs up and in.
    const c = await signedInUser(t)
    await sessionUser(c.client)
    expect(kept(b.token)).toBe(true)
    expect((await sessionUser(a.client))?.firstName).toBe('Changed')
  })

  it('show a change made in a transaction once it commits, and none if it rolls back', async () => {
    const { client, profile } = await signedInUser(t, { firstName: 'Sam' })
    expect((await sessionUser(client))?.firstName).toBe('Sam')
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(profiles).set({ firstName: 'Never' }).where(eq(profiles.id, profile.id))
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect((await sessionUser(client))?.firstName).toBe('Sam')
    await t.db.transaction(async (tx) => {
      await tx.update(profiles).set({ firstName: 'Samira' }).where(eq(profiles.id, profile.id))
    })
    expect((await sessionUser(client))?.firstName).toBe('Samira')
  })

  it('end at once when the player is paused, the session is deleted or the player is gone', async () => {
    const paused = await signedInUser(t)
    expect(await sessionUser(paused.client)).not.toBeNull()
    await t.db.update(profiles).set({ isPaused: true }).where(eq(profiles.id, paused.profile.id))
    expect(await sessionUser(paused.client)).toBeNull()

    const revoked = await signedInUser(t)
    expect((await revoked.client.get('/api/profiles/me')).status).toBe(200)
    await t.db.delete(sessions).where(eq(sessions.profileId, revoked.profile.id))
    expect((await revoked.client.get('/api/profiles/me')).status).toBe(401)

    // Deleting the player deletes the session by cascade.
    const deleted = await signedInUser(t)
    expect((await deleted.client.get('/api/profiles/me')).status).toBe(200)
    await t.db.delete(profiles).where(eq(profiles.id, deleted.profile.id))
    expect((await deleted.client.get('/api/profiles/me')).status).toBe(401)
  })

  it('run out by the clock, kept or not', async () => {
    const { client } = await signedInUser(t)
    expect((await client.get('/api/profiles/me')).status).toBe(200)
    expect((await client.get('/api/profiles/me')).status).toBe(200)
    t.clock.advance(31 * millisecondsInDay)
    expect((await client.get('/api/profiles/me')).status).toBe(401)
  })

  it('are still renewed when used after an hour', async () => {
    const { client, token } = await signedInUser(t)
    expect((await client.get('/api/profiles/me')).status).toBe(200)
    t.clock.advance(2 * 60 * 60 * 1000)
    const response = await client.get('/api/profiles/me')
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toContain(`pm_session=${token}`)
    const [row] = await t.db
      .select({ lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
    // Seen within the last minute, not two hours ago.
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(t.clock.now().getTime() - 60_000)
  })
})
