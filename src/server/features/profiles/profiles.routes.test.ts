import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profiles } from '../../db/schema'
import { insertUser, signedInUser } from '../../testing/factories'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const changes = {
  firstName: ' Jamie ',
  lastName: 'Rivera',
  gender: 'male',
  duprRating: '4.56',
  selfRating: 5,
  birthdate: '1975-12-31',
  zipCode: '85004-1234',
}

describe('own profile', () => {
  it('needs a session', async () => {
    expect((await createClient(t.app).get('/api/profiles/me')).status).toBe(401)
    expect((await createClient(t.app).put('/api/profiles/me', changes)).status).toBe(401)
  })

  it('answers the signed-in player', async () => {
    const { profile, client } = await signedInUser(t, { firstName: 'Ana', duprRating: 3.25 })
    const res = await client.get('/api/profiles/me')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: profile.id,
      email: profile.email,
      firstName: 'Ana',
      duprRating: 3.25,
    })
    expect(res.body).not.toHaveProperty('isPaused')
  })

  it('updates every field and answers the updated user', async () => {
    const { profile, client } = await signedInUser(t)
    const res = await client.put('/api/profiles/me', {
      ...changes,
      email: 'hijack@example.com',
      isAdmin: true,
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: profile.id,
      email: profile.email,
      firstName: 'Jamie',
      lastName: 'Rivera',
      gender: 'male',
      duprRating: 4.56,
      selfRating: 5,
      birthdate: '1975-12-31',
      zipCode: '85004-1234',
      isAdmin: false,
    })
    const session = await client.get('/api/auth/session')
    expect(session.body.user.firstName).toBe('Jamie')
  })

  it('applies the sign-up rules to every field and changes nothing when refused', async () => {
    const { profile, client } = await signedInUser(t, { firstName: 'Kept' })
    const res = await client.put('/api/profiles/me', {
      firstName: '',
      lastName: '',
      gender: '',
      duprRating: '',
      selfRating: 8,
      birthdate: '3000-01-01',
      zipCode: '',
    })
    expect(res.status).toBe(400)
    expect(res.body.error.fields).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      gender: 'Gender is required',
      duprRating: 'DUPR rating is required',
      selfRating: 'Rating must be at most 7.00',
      birthdate: 'Birthdate cannot be in the future',
      zipCode: 'ZIP code is required',
    })
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, profile.id))
    expect(row!.firstName).toBe('Kept')
  })

  it('only ever changes the caller’s own profile', async () => {
    const other = await insertUser(t.db, { firstName: 'Other' })
    const { client } = await signedInUser(t)
    await client.put('/api/profiles/me', changes)
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, other.id))
    expect(row!.firstName).toBe('Other')
  })

  it('is closed to a paused player', async () => {
    const { profile, client } = await signedInUser(t)
    await t.db.update(profiles).set({ isPaused: true }).where(eq(profiles.id, profile.id))
    const res = await client.put('/api/profiles/me', changes)
    expect(res.status).toBe(403)
    expect(res.body.error.message).toBe('Your access has been paused')
  })
})
