import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser, signedInUser } from '../../testing/factories'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

// A player born on 1 June 1996 in Tempe, and what the raw answer must then not hold.
const BIRTHDATE = '1996-06-01'
const ZIP = '85283'
const hidden = (text: string) => !text.includes(BIRTHDATE) && !text.includes(ZIP)

describe('profile privacy', () => {
  it('is off by default: a stranger gets the age range and city, not the birthdate, ZIP code or debug ids', async () => {
    const [stranger, player] = await Promise.all([
      signedInUser(t),
      signedInUser(t, { birthdate: BIRTHDATE, zipCode: ZIP }),
    ])
    expect((await player.client.get('/api/profiles/me/privacy')).body).toEqual({
      showsBirthdateAndZip: false,
    })

    const res = await stranger.client.get(`/api/profiles/${player.profile.id}`)
    expect(res.status).toBe(200)
    expect(hidden(res.text)).toBe(true)
    expect(res.body.profile).toMatchObject({ place: 'Tempe, AZ', exact: null })
    expect(res.body.profile.ageRange).toMatch(/^(20s|30s)$/)
    expect(res.body.debug).toBeNull()
  })

  it('reads the age range on the server’s clock', async () => {
    const [stranger, player] = await Promise.all([
      signedInUser(t),
      signedInUser(t, { birthdate: BIRTHDATE, zipCode: ZIP }),
    ])
    try {
      t.clock.set(new Date('2026-05-31T12:00:00Z'))
      expect((await stranger.client.get(`/api/profiles/${player.profile.id}`)).body.profile.ageRange).toBe(
        '20s',
      )
      t.clock.set(new Date('2026-06-01T12:00:00Z'))
      expect((await stranger.client.get(`/api/profiles/${player.profile.id}`)).body.profile.ageRange).toBe(
        '30s',
      )
    } finally {
      t.clock.set(new Date())
    }
  })

  it('with the switch on, every player gets the exact birthdate, age and ZIP code, and no debug ids', async () => {
    const [stranger, player] = await Promise.all([
      signedInUser(t),
      signedInUser(t, { birthdate: BIRTHDATE, zipCode: ZIP }),
    ])
    const saved = await player.client.put('/api/profiles/me/privacy', { showsBirthdateAndZip: true })
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual({ showsBirthdateAndZip: true })
    expect((await player.client.get('/api/profiles/me/privacy')).body).toEqual({ showsBirthdateAndZip: true })

    const res = await stranger.client.get(`/api/profiles/${player.profile.id}`)
    expect(res.body.profile).toMatchObject({
      place: 'Tempe, AZ',
      exact: { birthdate: BIRTHDATE, zipCode: ZIP, isPublic: true },
    })
    expect(res.body.profile.exact.age).toBeGreaterThanOrEqual(29)
    expect(res.body.debug).toBeNull()

    // And off again: hidden again.
    await player.client.put('/api/profiles/me/privacy', { showsBirthdateAndZip: false })
    expect(hidden((await stranger.client.get(`/api/profiles/${player.profile.id}`)).text)).toBe(true)
  })

  it('shows the player themselves and admins everything, switch off', async () => {
    const [admin, player] = await Promise.all([
      signedInUser(t, { isAdmin: true }),
      signedInUser(t, { birthdate: BIRTHDATE, zipCode: ZIP }),
    ])
    for (const client of [player.client, admin.client]) {
      const res = await client.get(`/api/profiles/${player.profile.id}`)
      expect(res.body.profile).toMatchObject({
        place: 'Tempe, AZ',
        exact: { birthdate: BIRTHDATE, zipCode: ZIP, isPublic: false },
      })
      expect(res.body.debug).toEqual({ friendIds: [], watchedIds: [] })
    }
    // Their own profile and the admin's user details are as before.
    expect((await player.client.get('/api/profiles/me')).body).toMatchObject({
      birthdate: BIRTHDATE,
      zipCode: ZIP,
    })
    const details = await admin.client.get(`/api/admin/users/${player.profile.id}`)
    expect(details.status).toBe(200)
    expect(details.body).toMatchObject({ birthdate: BIRTHDATE, zipCode: ZIP })
  })

  it('shows no place for a ZIP code the place list does not know, and never the code itself', async () => {
    const stranger = await signedInUser(t)
    const player = await insertUser(t.db, { zipCode: '99950' })
    const res = await stranger.client.get(`/api/profiles/${player.id}`)
    expect(res.body.profile.place).toBeNull()
    expect(res.text).not.toContain('99950')
  })

  it('refuses a switch value that is not true or false, and strangers', async () => {
    const player = await signedInUser(t)
    const res = await player.client.put('/api/profiles/me/privacy', { showsBirthdateAndZip: 'yes' })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('invalid')
    expect((await player.client.get('/api/profiles/me/privacy')).body).toEqual({
      showsBirthdateAndZip: false,
    })
    const anonymous = createClient(t.app)
    expect((await anonymous.get('/api/profiles/me/privacy')).status).toBe(401)
    expect((await anonymous.put('/api/profiles/me/privacy', { showsBirthdateAndZip: true })).status).toBe(401)
  })
})
