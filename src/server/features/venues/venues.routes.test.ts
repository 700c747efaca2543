import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../db/schema'
import { signedInUser } from '../../testing/factories'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let admin: Awaited<ReturnType<typeof signedInUser>>
let player: Awaited<ReturnType<typeof signedInUser>>
beforeAll(async () => {
  t = await createTestApp()
  admin = await signedInUser(t, { isAdmin: true })
  player = await signedInUser(t)
})
afterAll(() => t.close())

const venue = (overrides: Record<string, unknown> = {}) => ({
  name: 'Mesa Tennis & Pickleball Center',
  address: '1550 N Stapley Dr',
  city: 'Mesa',
  state: 'AZ',
  region: 'east_valley',
  courts: 12,
  setting: 'outdoor',
  latitude: 33.4366,
  longitude: -111.8063,
  ...overrides,
})

describe('venues', () => {
  it('an admin adds a venue, players find it by state and region, and the audit log keeps it', async () => {
    const created = await admin.client.post('/api/admin/venues', venue({ name: 'Red Mountain Courts' }))
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      name: 'Red Mountain Courts',
      courts: 12,
      retired: false,
      isDemo: false,
    })

    const found = await player.client.get('/api/venues?state=AZ&regions=east_valley,tucson')
    expect(found.status).toBe(200)
    expect(found.body.items.map((v: { name: string }) => v.name)).toContain('Red Mountain Courts')
    const elsewhere = await player.client.get('/api/venues?state=AZ&regions=tucson')
    expect(elsewhere.body.items.map((v: { name: string }) => v.name)).not.toContain('Red Mountain Courts')

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, created.body.id), eq(auditLog.action, 'venue_created')))
    expect(audit).toHaveLength(1)
  })

  it('an admin edits a venue and retires it: it leaves the players’ list, and comes back when restored', async () => {
    const { body } = await admin.client.post('/api/admin/venues', venue({ name: 'Kiwanis Park' }))
    const edited = await admin.client.put(
      `/api/admin/venues/${body.id}`,
      venue({ name: 'Kiwanis Park', courts: 8 }),
    )
    expect(edited.body).toMatchObject({ courts: 8 })

    const retired = await admin.client.put(`/api/admin/venues/${body.id}/retired`, { retired: true })
    expect(retired.body).toMatchObject({ retired: true })
    const names = async () =>
      (await player.client.get('/api/venues?state=AZ')).body.items.map((v: { name: string }) => v.name)
    expect(await names()).not.toContain('Kiwanis Park')
    const all = await admin.client.get('/api/admin/venues?retired=all&state=AZ')
    expect(all.body.items.map((v: { name: string }) => v.name)).toContain('Kiwanis Park')

    await admin.client.put(`/api/admin/venues/${body.id}/retired`, { retired: false })
    expect(await names()).toContain('Kiwanis Park')
  })

  it('refuses a venue with a region of another state, half a position, or no courts, naming the field', async () => {
    const wrongRegion = await admin.client.post(
      '/api/admin/venues',
      venue({ state: 'UT', region: 'east_valley' }),
    )
    expect(wrongRegion.status).toBe(400)
    expect(wrongRegion.body.error.fields).toMatchObject({ region: 'Choose a region of the chosen state' })

    const halfPosition = await admin.client.post('/api/admin/venues', venue({ longitude: null }))
    expect(halfPosition.status).toBe(400)
    expect(halfPosition.body.error.fields).toMatchObject({
      longitude: 'Give both latitude and longitude, or neither',
    })

    const noCourts = await admin.client.post('/api/admin/venues', venue({ courts: 0 }))
    expect(noCourts.status).toBe(400)
    expect(noCourts.body.error.fields).toMatchObject({ courts: 'A venue has at least one court' })

    const blank = await admin.client.post('/api/admin/venues', venue({ name: '   ' }))
    expect(blank.body.error.fields).toMatchObject({ name: 'Name is required' })
  })

  it('lets only admins add, change or retire venues, and only signed-in players list them', async () => {
    const { body } = await admin.client.post('/api/admin/venues', venue({ name: 'Only admins' }))
    expect((await player.client.post('/api/admin/venues', venue())).status).toBe(403)
    expect((await player.client.put(`/api/admin/venues/${body.id}`, venue())).status).toBe(403)
    expect((await player.client.put(`/api/admin/venues/${body.id}/retired`, { retired: true })).status).toBe(
      403,
    )
    expect((await player.client.get('/api/admin/venues')).status).toBe(403)

    const paused = await signedInUser(t, { isPaused: true })
    expect((await paused.client.get('/api/venues')).status).toBe(403)
    const anonymous = await createClient(t.app).get('/api/venues')
    expect(anonymous.status).toBe(401)
  })

  it('answers 404 for a venue that does not exist, and 400 for an id that cannot be one', async () => {
    const missing = await admin.client.put(`/api/admin/venues/${crypto.randomUUID()}`, venue())
    expect(missing.status).toBe(404)
    expect(missing.body.error.message).toBe('Venue not found')
    const malformed = await admin.client.put('/api/admin/venues/not-an-id/retired', { retired: true })
    expect(malformed.status).toBe(400)
  })
})
