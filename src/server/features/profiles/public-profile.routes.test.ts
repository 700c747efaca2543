import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connections } from '../../db/schema'
import { insertUser, signedInUser } from '../../testing/factories'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const yearsAgo = (years: number, days = 0) => {
  const date = new Date()
  date.setUTCFullYear(date.getUTCFullYear() - years)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

describe('public profile', () => {
  it('shows a stranger the name, ratings, age range and city, never the email, birthdate or ZIP code', async () => {
    const viewer = await signedInUser(t)
    const player = await insertUser(t.db, {
      firstName: 'Jamie',
      lastName: 'Rivera',
      duprRating: 4.25,
      selfRating: 4.5,
      birthdate: yearsAgo(41, 1),
      zipCode: '85281',
    })
    const res = await viewer.client.get(`/api/profiles/${player.id}`)
    expect(res.status).toBe(200)
    expect(res.body.profile).toEqual({
      id: player.id,
      firstName: 'Jamie',
      lastName: 'Rivera',
      gender: player.gender,
      duprRating: 4.25,
      selfRating: 4.5,
      ageRange: '40s',
      place: 'Tempe, AZ',
      exact: null,
      photoUrl: null,
      bio: null,
      playsAt: [],
    })
    expect(res.text).not.toContain(player.email)
    expect(res.text).not.toContain(player.birthdate)
    expect(res.text).not.toContain('85281')
    expect(res.text).not.toMatch(/"age"|zipCode|birthdate/)
    expect(res.body.connections).toEqual([])
    expect(res.body.viewer).toEqual({
      friendStatus: 'none',
      friendConnectionId: null,
      isWatching: false,
      partnerStatus: 'none',
      partnerConnectionId: null,
    })
    expect(res.body).not.toHaveProperty('queryMs')
  })

  it('lists friends first, then the players watched, each by first and last name', async () => {
    const viewer = await signedInUser(t)
    const owner = await signedInUser(t)
    const player = owner.profile
    const [zoe, adam, bella, carl, both, stranger] = await Promise.all([
      insertUser(t.db, { firstName: 'Zoe', lastName: 'A' }),
      insertUser(t.db, { firstName: 'Adam', lastName: 'B' }),
      insertUser(t.db, { firstName: 'Bella', lastName: 'C' }),
      insertUser(t.db, { firstName: 'Carl', lastName: 'D' }),
      insertUser(t.db, { firstName: 'Abe', lastName: 'Both' }),
      insertUser(t.db, { firstName: 'Aaron', lastName: 'Watcher' }),
    ])
    await t.db.insert(connections).values([
      { requesterId: player.id, receiverId: zoe!.id, type: 'friend', status: 'accepted' },
      { requesterId: adam!.id, receiverId: player.id, type: 'friend', status: 'accepted' },
      { requesterId: player.id, receiverId: bella!.id, type: 'watched', status: 'accepted' },
      { requesterId: player.id, receiverId: carl!.id, type: 'friend', status: 'pending' },
      { requesterId: player.id, receiverId: both!.id, type: 'friend', status: 'accepted' },
      { requesterId: player.id, receiverId: both!.id, type: 'watched', status: 'accepted' },
      // Someone watching this player is not one of this player's connections.
      { requesterId: stranger!.id, receiverId: player.id, type: 'watched', status: 'accepted' },
    ])
    const res = await viewer.client.get(`/api/profiles/${player.id}`)
    expect(
      res.body.connections.map((c: { firstName: string; kind: string }) => [c.firstName, c.kind]),
    ).toEqual([
      ['Abe', 'friend'],
      ['Adam', 'friend'],
      ['Zoe', 'friend'],
      ['Bella', 'watching'],
    ])
    expect(res.body.friendCount).toBe(3)
    expect(res.body.watchedCount).toBe(2)
    // The ids are the debug panel's, which only the player and admins see.
    expect(res.body.debug).toBeNull()
    const debug = (await owner.client.get(`/api/profiles/${player.id}`)).body.debug
    expect([...debug.friendIds].sort()).toEqual([both!.id, adam!.id, zoe!.id].sort())
    expect([...debug.watchedIds].sort()).toEqual([both!.id, bella!.id].sort())
    for (const connection of res.body.connections) {
      expect(Object.keys(connection).sort()).toEqual(
        ['duprRating', 'firstName', 'gender', 'id', 'kind', 'lastName', 'photoUrl', 'selfRating'].sort(),
      )
    }
  })

  it('tells the viewer where they stand: request sent, received, friends, watching, partners', async () => {
    const viewer = await signedInUser(t)
    const player = await signedInUser(t)
    const sent = await viewer.client.post('/api/connections/friend-requests', {
      receiverId: player.profile.id,
    })
    let view = (await viewer.client.get(`/api/profiles/${player.profile.id}`)).body.viewer
    expect(view).toMatchObject({ friendStatus: 'sent', friendConnectionId: sent.body.id })
    expect((await player.client.get(`/api/profiles/${viewer.profile.id}`)).body.viewer.friendStatus).toBe(
      'received',
    )

    await player.client.post(`/api/connections/${sent.body.id}/accept`)
    await viewer.client.put(`/api/connections/watching/${player.profile.id}`)
    const invite = await viewer.client.post('/api/connections/partner-requests', {
      receiverId: player.profile.id,
    })
    view = (await viewer.client.get(`/api/profiles/${player.profile.id}`)).body.viewer
    expect(view).toEqual({
      friendStatus: 'friends',
      friendConnectionId: sent.body.id,
      isWatching: true,
      partnerStatus: 'sent',
      partnerConnectionId: invite.body.id,
    })
    // Watching is one-directional.
    expect((await player.client.get(`/api/profiles/${viewer.profile.id}`)).body.viewer).toMatchObject({
      isWatching: false,
      partnerStatus: 'received',
    })
  })

  it('has no viewer relationship on your own profile', async () => {
    const me = await signedInUser(t)
    const res = await me.client.get(`/api/profiles/${me.profile.id}`)
    expect(res.status).toBe(200)
    expect(res.body.viewer).toBeNull()
  })

  it('answers Profile Not Found for an unknown id and 400 for a malformed one', async () => {
    const me = await signedInUser(t)
    const unknown = await me.client.get('/api/profiles/00000000-0000-4000-8000-000000000000')
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.message).toBe('Profile Not Found')
    expect((await me.client.get('/api/profiles/nope')).status).toBe(400)
  })

  it('answers Profile Not Found for an account whose address was never confirmed', async () => {
    const me = await signedInUser(t)
    const pending = await insertUser(t.db, { confirmed: false })
    const res = await me.client.get(`/api/profiles/${pending.id}`)
    expect(res.status).toBe(404)
    expect(res.body.error.message).toBe('Profile Not Found')
  })

  it('leaves /profiles/me to the own-profile route', async () => {
    const me = await signedInUser(t)
    const res = await me.client.get('/api/profiles/me')
    expect(res.status).toBe(200)
    expect(res.body.id).toBe(me.profile.id)
  })

  it('is for signed-in players only', async () => {
    const player = await insertUser(t.db)
    expect((await createClient(t.app).get(`/api/profiles/${player.id}`)).status).toBe(401)
  })
})
