import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connections } from '../../db/schema'
import { insertUser, signedInUser } from '../../testing/factories'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const carol = {
  firstName: 'Carol',
  lastName: 'Jensen',
  gender: 'female',
  duprRating: 3.6,
  ageGroup: '50_or_over',
}

describe('players', () => {
  it('adds a player, lists it, reads it, updates it and deletes it', async () => {
    const { client } = await signedInUser(t)
    const created = await client.post('/api/players', { ...carol, duprId: 'CJ4821' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      ...carol,
      duprId: 'CJ4821',
      profileLinked: false,
      profileId: null,
      linkedProfile: null,
    })
    const id = created.body.id as string

    const list = await client.get('/api/players')
    expect(list.status).toBe(200)
    expect(list.body.map((p: { id: string }) => p.id)).toEqual([id])

    expect((await client.get(`/api/players/${id}`)).body).toEqual(created.body)

    const updated = await client.put(`/api/players/${id}`, { ...carol, duprRating: '3.75', duprId: '' })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ id, duprRating: 3.75, duprId: null })

    const deleted = await client.delete(`/api/players/${id}`)
    expect(deleted.status).toBe(204)
    expect((await client.get(`/api/players/${id}`)).status).toBe(404)
    expect((await client.get('/api/players')).body).toEqual([])
  })

  it('lists the newest player first', async () => {
    const { client } = await signedInUser(t)
    for (const firstName of ['Ann', 'Ben', 'Cy']) {
      expect((await client.post('/api/players', { ...carol, firstName })).status).toBe(201)
    }
    const list = await client.get('/api/players')
    expect(list.body.map((p: { firstName: string }) => p.firstName)).toEqual(['Cy', 'Ben', 'Ann'])
  })

  it('defaults the age group to under 50 and stores an empty DUPR ID as null', async () => {
    const { client } = await signedInUser(t)
    const res = await client.post('/api/players', {
      firstName: 'Ben',
      lastName: 'Ortiz',
      gender: 'male',
      duprRating: 3.95,
      duprId: '  ',
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ ageGroup: 'under_50', duprId: null })
  })

  it('refuses missing fields with the spec messages', async () => {
    const { client } = await signedInUser(t)
    const res = await client.post('/api/players', {
      firstName: ' ',
      lastName: '',
      gender: '',
      duprRating: '',
    })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('invalid')
    expect(res.body.error.fields).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      gender: 'Gender is required',
      duprRating: 'DUPR rating is required',
    })
  })

  it('keeps DUPR between 2.00 and 7.00 and DUPR IDs at six letters or digits', async () => {
    const { client } = await signedInUser(t)
    const low = await client.post('/api/players', { ...carol, duprRating: 1.99 })
    expect(low.status).toBe(400)
    expect(low.body.error.fields).toEqual({ duprRating: 'Rating must be at least 2.00' })
    const high = await client.post('/api/players', { ...carol, duprRating: '7.5' })
    expect(high.body.error.fields).toEqual({ duprRating: 'Rating must be at most 7.00' })
    const badId = await client.post('/api/players', { ...carol, duprId: 'AB-123' })
    expect(badId.status).toBe(400)
    expect(badId.body.error.message).toBe('Must be 6 characters (letters and numbers)')
    expect(badId.body.error.fields).toEqual({ duprId: 'Must be 6 characters (letters and numbers)' })
    const badAge = await client.post('/api/players', { ...carol, ageGroup: 'senior' })
    expect(badAge.body.error.fields).toEqual({ ageGroup: 'Age group is required' })
  })

  it('answers a body that is not an object with a 400, not a 500', async () => {
    const { client } = await signedInUser(t)
    expect((await client.post('/api/players', '[1,2]')).status).toBe(400)
    expect((await client.post('/api/players', '{oops')).status).toBe(400)
  })

  it('never shows or changes another user’s player', async () => {
    const owner = await signedInUser(t)
    const other = await signedInUser(t)
    const created = await owner.client.post('/api/players', carol)
    const id = created.body.id as string

    expect((await other.client.get(`/api/players/${id}`)).status).toBe(404)
    const update = await other.client.put(`/api/players/${id}`, { ...carol, firstName: 'Mallory' })
    expect(update.status).toBe(404)
    expect(update.body.error).toEqual({ code: 'not_found', message: 'Player not found' })
    expect((await other.client.delete(`/api/players/${id}`)).status).toBe(404)
    expect((await other.client.get('/api/players')).body).toEqual([])

    const mine = await owner.client.get(`/api/players/${id}`)
    expect(mine.body.firstName).toBe('Carol')
  })

  it('answers an id that is not a player id with a 404', async () => {
    const { client } = await signedInUser(t)
    expect((await client.get('/api/players/not-an-id')).status).toBe(404)
    expect((await client.get(`/api/players/${randomUUID()}`)).status).toBe(404)
    expect((await client.put('/api/players/123', carol)).status).toBe(404)
    expect((await client.delete('/api/players/123')).status).toBe(404)
  })

  it('asks a signed-out visitor to sign in', async () => {
    const anonymous = createClient(t.app)
    expect((await anonymous.get('/api/players')).status).toBe(401)
    expect((await anonymous.post('/api/players', carol)).status).toBe(401)
    expect((await anonymous.get('/api/players/profile-search?q=al')).status).toBe(401)
    expect((await anonymous.get('/api/team-builder/training-partners')).status).toBe(401)
  })

  it('refuses a paused user', async () => {
    const { client } = await signedInUser(t, { isPaused: true })
    const res = await client.get('/api/players')
    expect(res.status).toBe(403)
    expect(res.body.error.message).toBe('Your access has been paused')
  })
})

describe('linking a platform profile', () => {
  it('links an existing profile and unlinks it again', async () => {
    const { client } = await signedInUser(t)
    const jordan = await insertUser(t.db, { firstName: 'Jordan', lastName: 'Reyes' })
    const created = await client.post('/api/players', { ...carol, profileId: jordan.id })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ profileLinked: true, profileId: jordan.id })
    expect(created.body.linkedProfile).toEqual({ id: jordan.id, firstName: 'Jordan', lastName: 'Reyes' })
    const listed = await client.get('/api/players')
    expect(listed.body[0].linkedProfile).toEqual({ id: jordan.id, firstName: 'Jordan', lastName: 'Reyes' })

    const unlinked = await client.put(`/api/players/${created.body.id}`, { ...carol, profileId: null })
    expect(unlinked.body).toMatchObject({ profileLinked: false, profileId: null, linkedProfile: null })

    const relinked = await client.put(`/api/players/${created.body.id}`, { ...carol, profileId: jordan.id })
    expect(relinked.body).toMatchObject({ profileLinked: true, profileId: jordan.id })
  })

  it('refuses a profile that does not exist', async () => {
    const { client } = await signedInUser(t)
    const res = await client.post('/api/players', { ...carol, profileId: randomUUID() })
    expect(res.status).toBe(400)
    expect(res.body.error.fields).toEqual({ profileId: 'Profile not found' })
    const malformed = await client.post('/api/players', { ...carol, profileId: 'nope' })
    expect(malformed.status).toBe(400)
    expect(malformed.body.error.fields).toEqual({ profileId: 'Profile not found' })
  })

  it('treats an account whose address was never confirmed as not found', async () => {
    const { client } = await signedInUser(t)
    const pending = await insertUser(t.db, { firstName: 'Pending', lastName: 'Person', confirmed: false })
    const res = await client.post('/api/players', { ...carol, profileId: pending.id })
    expect(res.status).toBe(400)
    expect(res.body.error.fields).toEqual({ profileId: 'Profile not found' })
    expect(JSON.stringify(res.body)).not.toContain('Pending')
    const created = await client.post('/api/players', carol)
    const updated = await client.put(`/api/players/${created.body.id}`, { ...carol, profileId: pending.id })
    expect(updated.status).toBe(400)
    expect(updated.body.error.fields).toEqual({ profileId: 'Profile not found' })
    expect((await client.get('/api/players')).body[0]).toMatchObject({ profileId: null, linkedProfile: null })
  })

  it('refuses the captain’s own profile', async () => {
    const { client, profile } = await signedInUser(t)
    const res = await client.post('/api/players', { ...carol, profileId: profile.id })
    expect(res.status).toBe(400)
    expect(res.body.error.fields.profileId).toMatch(/own profile/)
  })

  it('links one profile to at most one of a user’s players', async () => {
    const { client } = await signedInUser(t)
    const jordan = await insertUser(t.db)
    const first = await client.post('/api/players', { ...carol, profileId: jordan.id })
    expect(first.status).toBe(201)
    const second = await client.post('/api/players', { ...carol, firstName: 'Again', profileId: jordan.id })
    expect(second.status).toBe(409)
    expect(second.body.error.message).toBe('This profile is already linked to one of your players')
    // Saving the linked player itself again is fine.
    const same = await client.put(`/api/players/${first.body.id}`, { ...carol, profileId: jordan.id })
    expect(same.status).toBe(200)
    // Another user may link the same profile to their own list.
    const other = await signedInUser(t)
    expect((await other.client.post('/api/players', { ...carol, profileId: jordan.id })).status).toBe(201)
  })
})

describe('profile search', () => {
  it('matches first name, last name or "first last", case-insensitively, and never the caller', async () => {
    const tag = randomUUID().slice(0, 6).replace(/\d/g, 'x')
    const me = await signedInUser(t, { firstName: `Quinn${tag}`, lastName: 'Caller' })
    const ada = await insertUser(t.db, { firstName: `Quinn${tag}`, lastName: 'Lovelace', gender: 'female' })
    const bob = await insertUser(t.db, { firstName: 'Robert', lastName: `Quinn${tag}son` })

    const byFirst = await me.client.get(`/api/players/profile-search?q=${encodeURIComponent(`QUINN${tag}`)}`)
    expect(byFirst.status).toBe(200)
    expect(byFirst.body.map((p: { id: string }) => p.id).sort()).toEqual([ada.id, bob.id].sort())

    const full = await me.client.get(
      `/api/players/profile-search?q=${encodeURIComponent(`quinn${tag} love`)}`,
    )
    expect(full.body.map((p: { id: string }) => p.id)).toEqual([ada.id])

    const spanning = await me.client.get(
      `/api/players/profile-search?q=${encodeURIComponent(`ert quinn${tag}`)}`,
    )
    expect(spanning.body.map((p: { id: string }) => p.id)).toEqual([bob.id])
  })

  it('returns what the form needs and never the birthdate', async () => {
    const tag = `zed${randomUUID().slice(0, 6).replace(/\d/g, 'y')}`
    const me = await signedInUser(t)
    const found = await insertUser(t.db, {
      firstName: tag,
      lastName: 'Older',
      gender: 'male',
      duprRating: 4.12,
      birthdate: `${new Date().getFullYear() - 50}-12-31`,
    })
    const res = await me.client.get(`/api/players/profile-search?q=${tag}`)
    expect(res.body).toEqual([
      {
        id: found.id,
        firstName: tag,
        lastName: 'Older',
        gender: 'male',
        duprRating: 4.12,
        selfRating: 3.5,
        ageGroup: '50_or_over',
      },
    ])
  })

  it('leaves out accounts whose address was never confirmed', async () => {
    const tag = `unc${randomUUID().slice(0, 6).replace(/\d/g, 'u')}`
    const me = await signedInUser(t)
    await insertUser(t.db, { firstName: tag, lastName: 'Pending', confirmed: false })
    const confirmedPlayer = await insertUser(t.db, { firstName: tag, lastName: 'Confirmed' })
    const res = await me.client.get(`/api/players/profile-search?q=${tag}`)
    expect(res.body.map((p: { id: string }) => p.id)).toEqual([confirmedPlayer.id])
  })

  it('starts at two characters', async () => {
    const { client } = await signedInUser(t)
    const res = await client.get('/api/players/profile-search?q=%20a%20')
    expect(res.status).toBe(400)
    expect(res.body.error.fields).toEqual({ q: 'Enter at least 2 characters' })
    expect((await client.get('/api/players/profile-search')).status).toBe(400)
  })

  it('returns at most ten profiles', async () => {
    const tag = `many${randomUUID().slice(0, 6).replace(/\d/g, 'q')}`
    const me = await signedInUser(t)
    for (let i = 0; i < 12; i += 1) await insertUser(t.db, { firstName: tag, lastName: `Number${i}` })
    const res = await me.client.get(`/api/players/profile-search?q=${tag}`)
    expect(res.body).toHaveLength(10)
  })

  it('treats % and _ as plain text', async () => {
    const me = await signedInUser(t)
    const res = await me.client.get('/api/players/profile-search?q=%25%25')
    expect(res.status).toBe(200)
    expect(res.body).toEqual([])
    const underscore = await me.client.get('/api/players/profile-search?q=__')
    expect(underscore.body).toEqual([])
  })
})

describe('training partners', () => {
  it('lists accepted friends, closest DUPR first, highlighting those within 0.5', async () => {
    const me = await signedInUser(t, { duprRating: 4 })
    const near = await insertUser(t.db, { firstName: 'Near', duprRating: 4.5 })
    const far = await insertUser(t.db, { firstName: 'Far', duprRating: 5.25 })
    const closest = await insertUser(t.db, { firstName: 'Closest', duprRating: 3.9 })
    const pending = await insertUser(t.db, { firstName: 'Pending', duprRating: 4 })
    const watched = await insertUser(t.db, { firstName: 'Watched', duprRating: 4 })
    await t.db.insert(connections).values([
      { requesterId: me.profile.id, receiverId: near.id, type: 'friend', status: 'accepted' },
      { requesterId: far.id, receiverId: me.profile.id, type: 'friend', status: 'accepted' },
      { requesterId: closest.id, receiverId: me.profile.id, type: 'friend', status: 'accepted' },
      { requesterId: me.profile.id, receiverId: pending.id, type: 'friend', status: 'pending' },
      { requesterId: me.profile.id, receiverId: watched.id, type: 'watched', status: 'accepted' },
    ])

    const res = await me.client.get('/api/team-builder/training-partners')
    expect(res.status).toBe(200)
    expect(res.body.duprRating).toBe(4)
    expect(
      res.body.partners.map((p: { firstName: string; ratingGap: number; isClose: boolean }) => [
        p.firstName,
        p.ratingGap,
        p.isClose,
      ]),
    ).toEqual([
      ['Closest', 0.1, true],
      ['Near', 0.5, true],
      ['Far', 1.25, false],
    ])
  })

  it('is empty for a player without friends', async () => {
    const { client } = await signedInUser(t)
    const res = await client.get('/api/team-builder/training-partners')
    expect(res.body.partners).toEqual([])
  })
})

describe('API document', () => {
  it('lists the team builder routes for signed-in users', async () => {
    const res = await createClient(t.app).get('/api/openapi.json')
    expect(res.body.paths['/api/players'].get['x-access']).toBe('user')
    expect(res.body.paths['/api/players/{id}'].delete['x-access']).toBe('user')
    expect(res.body.paths['/api/players/profile-search'].get['x-access']).toBe('user')
    expect(res.body.paths['/api/team-builder/training-partners'].get['x-access']).toBe('user')
  })
})
