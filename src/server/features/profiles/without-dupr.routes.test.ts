import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connections, profiles } from '../../db/schema'
import { signedInUser, signUpBody } from '../../testing/factories'
import { linkSentTo } from '../../testing/mailbox'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'

// A player who joins without a DUPR rating (docs/decisions/0096-joining-without-dupr.md), on
// PGlite and PostgreSQL.

let t: TestApp
// Wednesday, November 25, 2026, 10:00 AM in Phoenix.
const NOW = new Date('2026-11-25T17:00:00Z')
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: '0' })
  t.clock.set(NOW)
})
afterAll(() => t.close())

type Player = Awaited<ReturnType<typeof signedInUser>>

const beginnerSignUp = (overrides: Record<string, unknown> = {}) =>
  signUpBody({
    firstName: 'Bea',
    lastName: 'Ginner',
    noDuprRating: true,
    duprRating: undefined,
    selfRating: '2.5',
    ...overrides,
  })

const confirmationToken = async (email: string) => (await linkSentTo(t, email, '/email-confirmation')).token

async function friends(a: Player, b: Player) {
  await t.db
    .insert(connections)
    .values({ requesterId: a.profile.id, receiverId: b.profile.id, type: 'friend', status: 'accepted' })
}

const createPlayDate = (by: Player, partner: Player) =>
  by.client.post('/api/play-dates', {
    type: 'challenge',
    state: 'AZ',
    regions: ['east_valley'],
    partnerId: partner.profile.id,
    amount: 25,
    description: 'Beginner friendly doubles',
    startDate: '2026-11-28',
    startTime: '08:00',
  })

const availableIds = (viewer: Player, min: number, max: number) =>
  viewer.client
    .get(`/api/play-dates?tab=available&minRating=${min}&maxRating=${max}&pageSize=50`)
    .then((res) => res.body.items.map((x: { id: string }) => x.id) as string[])

describe('signing up without a DUPR rating', () => {
  it('creates the account with no DUPR rating and the self rating', async () => {
    const body = beginnerSignUp()
    const client = createClient(t.app)
    const res = await client.post('/api/auth/sign-up', body)
    expect(res.status).toBe(201)
    const confirmed = await client.post('/api/auth/confirm-email', {
      token: await confirmationToken(body.email),
    })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.user).toMatchObject({ firstName: 'Bea', duprRating: null, selfRating: 2.5 })
    const [row] = await t.db.select().from(profiles).where(eq(profiles.email, body.email))
    expect(row?.duprRating).toBeNull()

    // Other players and admins see no DUPR rating either.
    const viewer = await signedInUser(t)
    const profile = await viewer.client.get(`/api/profiles/${row!.id}`)
    expect(profile.body.profile).toMatchObject({ duprRating: null, selfRating: 2.5 })
    const admin = await signedInUser(t, { isAdmin: true })
    const detail = await admin.client.get(`/api/admin/users/${row!.id}`)
    expect(detail.body).toMatchObject({ duprRating: null, selfRating: 2.5 })
  })

  it('keeps the spec rules for a player who does not tick the box', async () => {
    const missing = await createClient(t.app).post(
      '/api/auth/sign-up',
      beginnerSignUp({ noDuprRating: false, selfRating: '' }),
    )
    expect(missing.status).toBe(400)
    expect(missing.body.error.fields).toEqual({
      duprRating: 'DUPR rating is required',
      selfRating: 'Self rating is required',
    })
    const outOfRange = await createClient(t.app).post(
      '/api/auth/sign-up',
      beginnerSignUp({ noDuprRating: undefined, duprRating: 1.5 }),
    )
    expect(outOfRange.body.error.fields).toEqual({ duprRating: 'Rating must be at least 2.00' })
  })
})

describe('adding a DUPR rating later', () => {
  const profileFields = {
    firstName: 'Bea',
    lastName: 'Ginner',
    gender: 'female',
    selfRating: 2.5,
    birthdate: '1995-03-02',
    zipCode: '85004',
  }

  it('Profile Settings takes a DUPR rating, with the same rules as sign-up', async () => {
    const beginner = await signedInUser(t, { duprRating: null, selfRating: 2.5 })
    const refused = await beginner.client.put('/api/profiles/me', { ...profileFields, duprRating: 7.5 })
    expect(refused.status).toBe(400)
    expect(refused.body.error.fields).toEqual({ duprRating: 'Rating must be at most 7.00' })
    const empty = await beginner.client.put('/api/profiles/me', { ...profileFields, duprRating: '' })
    expect(empty.body.error.fields).toEqual({ duprRating: 'DUPR rating is required' })

    const added = await beginner.client.put('/api/profiles/me', { ...profileFields, duprRating: '3.12' })
    expect(added.status).toBe(200)
    expect(added.body).toMatchObject({ duprRating: 3.12, selfRating: 2.5 })
    expect((await beginner.client.get('/api/auth/session')).body.user.duprRating).toBe(3.12)
  })

  it('the rating prompt keeps a player without one, or takes their new DUPR rating', async () => {
    const beginner = await signedInUser(t, { duprRating: null, selfRating: 2.5 })
    const kept = await beginner.client.put('/api/profiles/me/ratings', { noDuprRating: true, selfRating: 3 })
    expect(kept.status).toBe(200)
    expect(kept.body).toMatchObject({ duprRating: null, selfRating: 3 })
    const check = await beginner.client.get('/api/profiles/me/rating-check')
    expect(check.body).toMatchObject({ duprRating: null, selfRating: 3 })
    const added = await beginner.client.put('/api/profiles/me/ratings', { duprRating: 3.4, selfRating: 3 })
    expect(added.body).toMatchObject({ duprRating: 3.4, selfRating: 3 })
  })
})

describe('ratings computed with the self rating', () => {
  it('a PlayDate team averages the self rating in place of a missing DUPR, and follows its changes', async () => {
    const [beginner, mate, viewer] = await Promise.all([
      signedInUser(t, { duprRating: null, selfRating: 3 }),
      signedInUser(t, { duprRating: 4 }),
      signedInUser(t),
    ])
    await friends(beginner!, mate!)
    const created = await createPlayDate(beginner!, mate!)
    expect(created.status).toBe(201)
    const id = created.body.id as string
    const shown = await viewer!.client.get(`/api/play-dates/${id}`)
    expect(shown.body.creatorTeam).toMatchObject({
      captain: { duprRating: null, selfRating: 3 },
      averageDupr: 3.5,
    })
    // The Available filter reads the same average.
    expect(await availableIds(viewer!, 3.5, 3.5)).toContain(id)

    // A new self rating moves it while there is no DUPR rating; a DUPR rating then replaces it.
    await beginner!.client.put('/api/profiles/me/ratings', { noDuprRating: true, selfRating: 3.5 })
    expect(await availableIds(viewer!, 3.75, 3.75)).toContain(id)
    await beginner!.client.put('/api/profiles/me/ratings', { duprRating: 5, selfRating: 3.5 })
    expect(await availableIds(viewer!, 4.5, 4.5)).toContain(id)
    expect(await availableIds(viewer!, 3.75, 3.75)).not.toContain(id)
  })

  it('home suggests games around the self rating', async () => {
    const beginner = await signedInUser(t, { duprRating: null, selfRating: 5 })
    const home = await beginner.client.get('/api/home')
    expect(home.status).toBe(200)
    expect(home.body.suggestedBy).toMatchObject({ minRating: 4.2, maxRating: 5.8 })
  })

  it('Train with Friends orders by the self rating on either side', async () => {
    const [beginner, near, far, selfRatedNear] = await Promise.all([
      signedInUser(t, { duprRating: null, selfRating: 3, firstName: 'Bea' }),
      signedInUser(t, { duprRating: 3.2, firstName: 'Near' }),
      signedInUser(t, { duprRating: 4.5, firstName: 'Far' }),
      signedInUser(t, { duprRating: null, selfRating: 2.9, firstName: 'Selfie' }),
    ])
    await Promise.all([
      friends(beginner!, near!),
      friends(beginner!, far!),
      friends(selfRatedNear!, beginner!),
    ])
    const res = await beginner!.client.get('/api/team-builder/training-partners')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ duprRating: null, selfRating: 3 })
    expect(res.body.partners.map((p: { firstName: string }) => p.firstName)).toEqual([
      'Selfie',
      'Near',
      'Far',
    ])
    expect(res.body.partners[0]).toMatchObject({
      duprRating: null,
      selfRating: 2.9,
      ratingGap: 0.1,
      isClose: true,
    })
    expect(res.body.partners[2]).toMatchObject({ ratingGap: 1.5, isClose: false })
  })

  it('the admin users list puts players without a DUPR rating last when sorted by it', async () => {
    const tag = `Sortdupr${randomBytes(3).toString('hex')}`
    await Promise.all([
      signedInUser(t, { firstName: tag, duprRating: null, selfRating: 6.5 }),
      signedInUser(t, { firstName: tag, duprRating: 3 }),
      signedInUser(t, { firstName: tag, duprRating: 4 }),
    ])
    const admin = await signedInUser(t, { isAdmin: true })
    for (const direction of ['asc', 'desc']) {
      const res = await admin.client.get(
        `/api/admin/users?search=${tag.toLowerCase()}&sort=dupr_rating&direction=${direction}`,
      )
      expect(res.status).toBe(200)
      const ratings = res.body.items.map((u: { duprRating: number | null }) => u.duprRating)
      expect(ratings).toEqual(direction === 'asc' ? [3, 4, null] : [4, 3, null])
    }
  })
})
