import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  connections,
  playDateRequests,
  playDates,
  profiles,
  sessions,
  signupCodes,
} from '../../db/schema'
import { insertUser, signedInUser } from '../../testing/factories'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let admin: Awaited<ReturnType<typeof signedInUser>>
beforeAll(async () => {
  t = await createTestApp()
  admin = await signedInUser(t, { isAdmin: true, firstName: 'Avery', lastName: 'Admin' })
})
afterAll(() => t.close())

const adminEndpoints: Array<[string, string, unknown?]> = [
  ['GET', '/api/admin/users'],
  ['GET', `/api/admin/users/${crypto.randomUUID()}`],
  ['PUT', `/api/admin/users/${crypto.randomUUID()}/admin`, { isAdmin: true }],
  ['PUT', `/api/admin/users/${crypto.randomUUID()}/paused`, { isPaused: true }],
  ['GET', '/api/admin/user-search?q=ab'],
  ['GET', '/api/admin/signup-codes'],
  ['POST', '/api/admin/signup-codes', {}],
  ['GET', '/api/admin/play-dates'],
  ['DELETE', `/api/admin/play-dates/${crypto.randomUUID()}`],
]

async function call(client: ReturnType<typeof createClient>, method: string, path: string, body?: unknown) {
  if (method === 'GET') return client.get(path)
  if (method === 'DELETE') return client.delete(path)
  if (method === 'PUT') return client.put(path, body as Record<string, unknown>)
  return client.post(path, body as Record<string, unknown>)
}

describe('admin access', () => {
  it('refuses anonymous, regular and paused callers on every admin endpoint', async () => {
    const regular = await signedInUser(t)
    const pausedAdmin = await signedInUser(t, { isAdmin: true, isPaused: true })
    const codesBefore = (await t.db.select().from(signupCodes)).length
    for (const [method, path, body] of adminEndpoints) {
      expect((await call(createClient(t.app), method, path, body)).status, `${method} ${path}`).toBe(401)
      const asRegular = await call(regular.client, method, path, body)
      expect(asRegular.status, `${method} ${path}`).toBe(403)
      expect(asRegular.body.error.message).toBe('You do not have permission to access this page.')
      expect((await call(pausedAdmin.client, method, path, body)).status, `${method} ${path}`).toBe(403)
    }
    expect((await t.db.select().from(signupCodes)).length).toBe(codesBefore)
  })
})

describe('user management', () => {
  it('searches, filters, sorts and pages in the database', async () => {
    const tag = `Zq${Date.now() % 100000}`
    await Promise.all(
      Array.from({ length: 23 }, (_, i) =>
        insertUser(t.db, {
          firstName: `${tag}${String(i).padStart(2, '0')}`,
          lastName: i % 2 ? 'Odd' : 'Even',
          gender: i % 3 ? 'female' : 'male',
          duprRating: 2 + i * 0.1,
          isPaused: i === 4,
        }),
      ),
    )
    const first = await admin.client.get(
      `/api/admin/users?search=${tag.toLowerCase()}&sort=first_name&direction=asc`,
    )
    expect(first.status).toBe(200)
    expect(first.body.total).toBe(23)
    expect(first.body.items).toHaveLength(20)
    expect(first.body.items[0].firstName).toBe(`${tag}00`)
    const second = await admin.client.get(
      `/api/admin/users?search=${tag}&sort=first_name&direction=asc&page=2`,
    )
    expect(second.body.items.map((u: { firstName: string }) => u.firstName)).toEqual([
      `${tag}20`,
      `${tag}21`,
      `${tag}22`,
    ])

    const paused = await admin.client.get(`/api/admin/users?search=${tag}&paused=yes`)
    expect(paused.body.items.map((u: { firstName: string }) => u.firstName)).toEqual([`${tag}04`])
    const active = await admin.client.get(`/api/admin/users?search=${tag}&paused=no`)
    expect(active.body.total).toBe(22)
    expect(active.body.items.every((u: { isPaused: boolean }) => !u.isPaused)).toBe(true)
    // Without a search, the paused players come from their own (partial) index.
    const everyPaused = await admin.client.get('/api/admin/users?paused=yes&sort=last_name&direction=asc')
    expect(everyPaused.body.items.every((u: { isPaused: boolean }) => u.isPaused)).toBe(true)
    expect(everyPaused.body.items.map((u: { id: string }) => u.id)).toContain(paused.body.items[0].id)
    const men = await admin.client.get(`/api/admin/users?search=${tag}&gender=male`)
    expect(men.body.total).toBe(8)
    // Past the last page: no items, and still the totals, by name alone and with a filter.
    const past = await admin.client.get(`/api/admin/users?search=${tag}&page=4`)
    expect(past.body).toMatchObject({ items: [], page: 4, total: 23, totalCapped: false })
    const pastMen = await admin.client.get(`/api/admin/users?search=${tag}&gender=male&page=3`)
    expect(pastMen.body).toMatchObject({ items: [], total: 8 })
    const twoWords = await admin.client.get(`/api/admin/users?search=${tag}01 odd`)
    expect(twoWords.body.items.map((u: { firstName: string }) => u.firstName)).toEqual([`${tag}01`])
    const byDupr = await admin.client.get(`/api/admin/users?search=${tag}&sort=dupr_rating&direction=desc`)
    expect(byDupr.body.items[0].duprRating).toBe(4.2)
    const admins = await admin.client.get('/api/admin/users?admin=yes')
    expect(admins.body.items.every((u: { isAdmin: boolean }) => u.isAdmin)).toBe(true)
    const byEmail = await admin.client.get(
      `/api/admin/users?search=${encodeURIComponent(admin.profile.email)}`,
    )
    expect(byEmail.body.items.map((u: { id: string }) => u.id)).toEqual([admin.profile.id])
    const literal = await admin.client.get('/api/admin/users?search=%25')
    expect(literal.status).toBe(200)
    expect(literal.body.total).toBe(0)
  })

  it('finds names from the start of a word and addresses by their words before the @ or their start', async () => {
    const older = await insertUser(t.db, {
      firstName: 'Brenna',
      lastName: 'Quillfeather',
      email: 'bq.driftwood77.1990@example.com',
    })
    const newer = await insertUser(t.db, {
      firstName: 'Ivo',
      lastName: 'Quillon',
      email: 'ivo.q@example.org',
    })
    await insertUser(t.db, { firstName: 'Tess', lastName: 'Marquill', email: 'tess.m@example.org' })
    const ids = async (search: string) => {
      const res = await admin.client.get(`/api/admin/users?search=${encodeURIComponent(search)}`)
      expect(res.status, search).toBe(200)
      return res.body.items.map((u: { id: string }) => u.id)
    }

    expect(await ids('QUILL')).toEqual([newer.id, older.id])
    expect(await ids('brenna q')).toEqual([older.id])
    expect(await ids('driftwood')).toEqual([older.id])
    expect(await ids('bq.driftwood7')).toEqual([older.id])
    expect(await ids('bq.driftwood77.1990@example.c')).toEqual([older.id])
    expect(await ids('BQ.DRIFTWOOD77.1990@EXAMPLE.COM')).toEqual([older.id])
    expect(await ids('uill')).toEqual([])
    expect(await ids('1990')).toEqual([])
    expect(await ids('@example.com')).toEqual([])
    const oldestFirst = await admin.client.get('/api/admin/users?search=quill&sort=created_at&direction=asc')
    expect(oldestFirst.body.items.map((u: { id: string }) => u.id)).toEqual([older.id, newer.id])
    const byLast = await admin.client.get('/api/admin/users?search=quill&sort=last_name&direction=asc')
    expect(byLast.body.items.map((u: { lastName: string }) => u.lastName)).toEqual([
      'Quillfeather',
      'Quillon',
    ])
  })

  it('keeps the name search total as players join, rename and leave', async () => {
    const tag = `Yv${Date.now() % 100000}`
    const total = async (search: string) =>
      (await admin.client.get(`/api/admin/users?search=${encodeURIComponent(search)}`)).body.total
    await Promise.all(
      Array.from({ length: 3 }, () => insertUser(t.db, { firstName: tag, lastName: 'Stays' })),
    )
    const renaming = await signedInUser(t, { firstName: tag, lastName: 'Moves' })
    const leaving = await insertUser(t.db, { firstName: tag, lastName: 'Leaves' })
    expect(await total(tag)).toBe(5)

    const renamed = await renaming.client.put('/api/profiles/me', {
      firstName: `${tag}x`,
      lastName: 'Moved',
      gender: 'female',
      duprRating: 3.5,
      selfRating: 3.5,
      birthdate: '1990-05-17',
      zipCode: '85004',
    })
    expect(renamed.status).toBe(200)
    await t.db.delete(profiles).where(eq(profiles.id, leaving.id))
    expect(await total(tag)).toBe(4)
    expect(await total(`${tag}x`)).toBe(1)
    expect(await total(`${tag} stays`)).toBe(3)
    expect(await total(`${tag} leaves`)).toBe(0)
  })

  it('shows a user with accepted friends and the audit of admin actions', async () => {
    const target = await insertUser(t.db, { firstName: 'Tess' })
    const friend = await insertUser(t.db, { firstName: 'Fay', duprRating: 4.4 })
    await t.db
      .insert(connections)
      .values({ requesterId: friend.id, receiverId: target.id, type: 'friend', status: 'accepted' })
    await admin.client.put(`/api/admin/users/${target.id}/admin`, { isAdmin: true })
    const res = await admin.client.get(`/api/admin/users/${target.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: target.id, firstName: 'Tess', isAdmin: true })
    expect(res.body.friends).toEqual([
      { id: friend.id, firstName: 'Fay', lastName: friend.lastName, duprRating: 4.4, selfRating: 3.5 },
    ])
    expect(res.body.audit).toMatchObject([{ action: 'make_admin', actorName: 'Avery Admin' }])
    expect((await admin.client.get(`/api/admin/users/${crypto.randomUUID()}`)).status).toBe(404)
  })

  it('answers a malformed id with 400 and the words of an id that names nobody', async () => {
    const missing = await admin.client.get(`/api/admin/users/${crypto.randomUUID()}`)
    expect(missing.body.error.message).toBe('User not found')
    for (const res of [
      await admin.client.get('/api/admin/users/not-an-id'),
      await admin.client.put('/api/admin/users/not-an-id/admin', { isAdmin: true }),
      await admin.client.put('/api/admin/users/not-an-id/paused', { isPaused: true }),
    ]) {
      expect(res.status).toBe(400)
      expect(res.body.error.message).toBe('User not found')
    }
    const playDate = await admin.client.delete('/api/admin/play-dates/not-an-id')
    expect(playDate.status).toBe(400)
    expect(playDate.body.error.message).toBe('PlayDate Not Found')
    const gone = await admin.client.delete(`/api/admin/play-dates/${crypto.randomUUID()}`)
    expect(gone.status).toBe(404)
    expect(gone.body.error.message).toBe('PlayDate Not Found')
  })

  it('pausing revokes every session of the user; resuming lets them back', async () => {
    const player = await signedInUser(t)
    expect((await player.client.get('/api/auth/session')).body.user.id).toBe(player.profile.id)
    const paused = await admin.client.put(`/api/admin/users/${player.profile.id}/paused`, { isPaused: true })
    expect(paused.status).toBe(200)
    expect(paused.body.isPaused).toBe(true)
    expect(await t.db.select().from(sessions).where(eq(sessions.profileId, player.profile.id))).toHaveLength(
      0,
    )
    expect((await player.client.get('/api/play-dates')).status).toBe(401)
    const resumed = await admin.client.put(`/api/admin/users/${player.profile.id}/paused`, {
      isPaused: false,
    })
    expect(resumed.body.isPaused).toBe(false)
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, player.profile.id))
    expect(audit.map((a) => a.action).sort()).toEqual(['pause', 'resume'])
  })

  it('refuses self-pause, self-demotion and demoting the last admin', async () => {
    const selfPause = await admin.client.put(`/api/admin/users/${admin.profile.id}/paused`, {
      isPaused: true,
    })
    expect(selfPause.status).toBe(403)
    const selfDemote = await admin.client.put(`/api/admin/users/${admin.profile.id}/admin`, {
      isAdmin: false,
    })
    expect(selfDemote.status).toBe(403)

    // A separate world with exactly two admins who try to demote each other at once.
    const other = await createTestApp()
    try {
      const x = await signedInUser(other, { isAdmin: true })
      const y = await signedInUser(other, { isAdmin: true })
      const results = await Promise.all([
        x.client.put(`/api/admin/users/${y.profile.id}/admin`, { isAdmin: false }),
        y.client.put(`/api/admin/users/${x.profile.id}/admin`, { isAdmin: false }),
      ])
      const admins = await other.db.select().from(profiles).where(eq(profiles.isAdmin, true))
      expect(admins).toHaveLength(1)
      expect(results.filter((r) => r.status === 200)).toHaveLength(1)
      const loser = results.find((r) => r.status !== 200)!
      expect([403, 409]).toContain(loser.status)
    } finally {
      await other.close()
    }
  })
})

describe('signup codes', () => {
  it('creates a random 7-digit code with an optional URL code and user, newest first', async () => {
    const user = await insertUser(t.db, { firstName: 'Quinn', lastName: 'Assignee' })
    const created = await admin.client.post('/api/admin/signup-codes', {
      urlCode: 'Spring_League-1',
      assignedToId: user.id,
    })
    expect(created.status).toBe(201)
    expect(created.body.code).toMatch(/^[1-9]\d{6}$/)
    expect(created.body).toMatchObject({ urlCode: 'Spring_League-1', status: 'available', usedBy: null })
    expect(created.body.assignedTo).toMatchObject({ id: user.id, firstName: 'Quinn' })
    const plain = await admin.client.post('/api/admin/signup-codes', { urlCode: '' })
    expect(plain.status).toBe(201)
    expect(plain.body.urlCode).toBeNull()
    const list = await admin.client.get('/api/admin/signup-codes')
    expect(list.body.items[0].id).toBe(plain.body.id)
    expect(list.body.items[1].id).toBe(created.body.id)
  })

  it('shows who used a code and when, and lists every code newest first, a page at a time', async () => {
    const player = await insertUser(t.db, { firstName: 'Ursula', lastName: 'Used' })
    const start = Date.parse('2030-01-01T00:00:00Z')
    const rows = await t.db
      .insert(signupCodes)
      .values(
        Array.from({ length: 201 }, (_, i) => ({
          code: String(8_000_000 + i),
          // Two codes share a time at the page boundary: the id keeps them in one order.
          createdAt: new Date(start + (i > 100 ? i - 1 : i) * 1000),
          ...(i === 200 ? { userId: player.id, usedAt: new Date(start + 600_000) } : {}),
        })),
      )
      .returning()
    const first = await admin.client.get('/api/admin/signup-codes')
    expect(first.status).toBe(200)
    expect(first.body.items).toHaveLength(100)
    expect(first.body.items[0]).toMatchObject({
      id: rows[200]!.id,
      status: 'used',
      usedBy: { id: player.id, firstName: 'Ursula', lastName: 'Used' },
      usedAt: new Date(start + 600_000).toISOString(),
      assignedTo: null,
    })
    expect(first.body.items[1]).toMatchObject({ id: rows[199]!.id, status: 'available', usedBy: null })

    const seen: string[] = first.body.items.map((code: { id: string }) => code.id)
    let cursor: string | null = first.body.nextCursor
    while (cursor) {
      const next = await admin.client.get(`/api/admin/signup-codes?cursor=${encodeURIComponent(cursor)}`)
      expect(next.status).toBe(200)
      seen.push(...next.body.items.map((code: { id: string }) => code.id))
      cursor = next.body.nextCursor
    }
    // Every code once, the 201 newest in order.
    expect(new Set(seen).size).toBe(seen.length)
    const ours = [...rows].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (b.id > a.id ? 1 : -1),
    )
    expect(seen.slice(0, 201)).toEqual(ours.map((r) => r.id))

    for (const bad of ['nonsense', Buffer.from('["2030-13-01 00:00:00+00","x"]').toString('base64url')]) {
      const refused = await admin.client.get(`/api/admin/signup-codes?cursor=${bad}`)
      expect(refused.status).toBe(400)
      expect(refused.body.error.message).toBe('Invalid page cursor')
    }
    await t.db.delete(signupCodes).where(
      inArray(
        signupCodes.id,
        rows.map((r) => r.id),
      ),
    )
  })

  it('enforces the URL code rules and uniqueness (any letter case)', async () => {
    for (const bad of ['ab', 'x'.repeat(51), 'has space', 'émoji', 'semi;colon']) {
      const res = await admin.client.post('/api/admin/signup-codes', { urlCode: bad })
      expect(res.status, bad).toBe(400)
      expect(res.body.error.fields.urlCode).toBe(
        'URL code must be 3-50 characters and contain only letters, numbers, underscores, and hyphens',
      )
    }
    expect((await admin.client.post('/api/admin/signup-codes', { urlCode: 'mesa-club' })).status).toBe(201)
    const taken = await admin.client.post('/api/admin/signup-codes', { urlCode: 'MESA-CLUB' })
    expect(taken.status).toBe(409)
    expect(taken.body.error.fields.urlCode).toBe('This URL code is already in use')
  })

  it('refuses a URL code of 7 digits, which could be another code (one string, two codes)', async () => {
    const generated = await admin.client.post('/api/admin/signup-codes', {})
    const clash = await admin.client.post('/api/admin/signup-codes', { urlCode: generated.body.code })
    expect(clash.status).toBe(400)
    expect(clash.body.error.fields.urlCode).toBe(
      'A URL code cannot be a 7-digit number; those are the generated codes',
    )
    // Whatever the server is asked, the database holds the rule too.
    await expect(t.db.insert(signupCodes).values({ code: '7654321', urlCode: '1234567' })).rejects.toThrow()
    for (const fine of ['123456', '12345678', 'club-2026']) {
      expect((await admin.client.post('/api/admin/signup-codes', { urlCode: fine })).status, fine).toBe(201)
    }
  })

  it('finds users by name for assignment, up to 5 in name order, from 2 characters', async () => {
    const users = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        insertUser(t.db, { firstName: `Pat${7 - i}`, lastName: 'Searchable' }),
      ),
    )
    await insertUser(t.db, { firstName: 'Email', lastName: 'Only', email: 'searchable.e@example.com' })
    const res = await admin.client.get('/api/admin/user-search?q=searchab')
    expect(res.body.items).toEqual(
      users
        .map((u) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName }))
        .sort((a, b) => (a.firstName < b.firstName ? -1 : 1))
        .slice(0, 5),
    )
    expect((await admin.client.get('/api/admin/user-search?q=s')).status).toBe(400)
  })
})

describe('PlayDate management', () => {
  it('filters, searches by creator or partner name, sorts by payment, pages by 10 and deletes', async () => {
    const creatorUser = await insertUser(t.db, { firstName: 'Creatrix', lastName: 'Mgmt' })
    const partnerUser = await insertUser(t.db, { firstName: 'Partnerly', lastName: 'Mgmt' })
    const rows = await t.db
      .insert(playDates)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          creatorId: creatorUser.id,
          partnerId: partnerUser.id,
          type: i % 2 ? ('earn' as const) : ('challenge' as const),
          status: i === 0 ? ('cancelled' as const) : ('open' as const),
          state: i < 6 ? ('AZ' as const) : ('TX' as const),
          regions: i < 6 ? ['east_valley', 'tucson', 'yuma'] : ['statewide'],
          paymentPerHourMin: 10 + i * 5,
          paymentPerHourMax: 10 + i * 5,
          description: `Game ${i}`,
        })),
      )
      .returning({ id: playDates.id })
    const byPartner = await admin.client.get('/api/admin/play-dates?search=partnerly')
    expect(byPartner.body.total).toBe(12)
    expect(byPartner.body.items).toHaveLength(10)
    const page2 = await admin.client.get('/api/admin/play-dates?search=partnerly&page=2')
    expect(page2.body.items).toHaveLength(2)
    const texasEarn = await admin.client.get('/api/admin/play-dates?search=creatrix&state=TX&type=earn')
    expect(texasEarn.body.total).toBe(3)
    const cancelled = await admin.client.get('/api/admin/play-dates?search=creatrix&status=cancelled')
    expect(cancelled.body.items.map((p: { id: string }) => p.id)).toEqual([rows[0]!.id])
    const richest = await admin.client.get(
      '/api/admin/play-dates?search=creatrix&sort=payment_max&direction=desc',
    )
    expect(richest.body.items[0].paymentPerHourMax).toBe(65)

    const target = rows[3]!.id
    const applicant = await insertUser(t.db)
    const mate = await insertUser(t.db)
    await t.db
      .insert(playDateRequests)
      .values({ playDateId: target, requesterId: applicant.id, requesterPartnerId: mate.id })
    expect((await admin.client.delete(`/api/admin/play-dates/${target}`)).status).toBe(204)
    expect(await t.db.select().from(playDates).where(eq(playDates.id, target))).toHaveLength(0)
    expect(
      await t.db.select().from(playDateRequests).where(eq(playDateRequests.playDateId, target)),
    ).toHaveLength(0)
    expect((await admin.client.delete(`/api/admin/play-dates/${target}`)).status).toBe(404)
  })

  it('sorts by type, status or payment, ties by creation time in the same direction', async () => {
    const creatorUser = await insertUser(t.db, { firstName: 'Tiebreak', lastName: 'Sorter' })
    const start = Date.parse('2026-03-01T12:00:00Z')
    const rows = await t.db
      .insert(playDates)
      .values(
        Array.from({ length: 4 }, (_, i) => ({
          creatorId: creatorUser.id,
          type: i < 2 ? ('earn' as const) : ('challenge' as const),
          status: 'open' as const,
          state: 'AZ' as const,
          regions: ['tucson'],
          paymentPerHourMin: 40,
          paymentPerHourMax: 40,
          description: `Tie ${i}`,
          createdAt: new Date(start + i * 60_000),
        })),
      )
      .returning({ id: playDates.id })
    const ids = (path: string) =>
      admin.client
        .get(`/api/admin/play-dates?search=tiebreak&${path}`)
        .then((res) => res.body.items.map((p: { id: string }) => p.id))
    const [a, b, c, d] = rows.map((r) => r.id)
    expect(await ids('sort=payment_min&direction=desc')).toEqual([d, c, b, a])
    expect(await ids('sort=payment_max&direction=asc')).toEqual([a, b, c, d])
    expect(await ids('sort=type&direction=asc')).toEqual([c, d, a, b])
    expect(await ids('sort=type&direction=desc')).toEqual([b, a, d, c])
    expect(await ids('sort=status&direction=desc')).toEqual([d, c, b, a])
  })
})
