import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ALREADY_A_MEMBER,
  ALREADY_ASKED,
  GROUP_CLOSED,
  GROUP_NAME_REQUIRED,
  INVITE_LINK_INVALID,
  ORGANISER_REMOVED_BY_OWNER,
  ORGANISERS_ONLY,
  OWNER_ONLY,
  OWNER_STAYS,
} from '../../../domain/groups/group.schema'
import { insertVenue, signedInUser, type SignedInPlayer } from '../../testing/factories'
import { createTestApp, type TestApp } from '../../testing/test-app'

// Groups of regulars (docs/decisions/0166-groups.md), on PGlite and PostgreSQL: roles, who sees a
// group, joining by link, asking to join, and an admin closing one.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const player = (firstName = 'Pat', extra: Record<string, unknown> = {}) =>
  signedInUser(t, { firstName, ...extra })

async function newGroup(owner: SignedInPlayer, visibility: 'open' | 'invite_only' = 'open') {
  const venue = await insertVenue(t.db, { name: 'Red Mountain Pickleball Park' })
  const created = await owner.client.post('/api/groups', {
    name: '  Tuesday Night Dinkers ',
    description: 'Every Tuesday, 6 PM.',
    homeVenueId: venue.id,
    visibility,
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const page = await owner.client.get(`/api/groups/${created.body.id}`)
  return { id: created.body.id as string, code: (page.body.invitePath as string).split('/').pop()! }
}

const memberIds = async (viewer: SignedInPlayer, id: string) =>
  (await viewer.client.get(`/api/groups/${id}`)).body.members.map(
    (m: { player: { firstName: string }; role: string }) => `${m.player.firstName}:${m.role}`,
  )

describe('groups', () => {
  it('are made by a player, who owns them, with a home venue and an invite link', async () => {
    const owner = await player('Olga')
    const venue = await insertVenue(t.db, { name: 'Kiwanis Park' })
    const created = await owner.client.post('/api/groups', {
      name: 'Kiwanis Mornings',
      homeVenueId: venue.id,
      visibility: 'invite_only',
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      name: 'Kiwanis Mornings',
      description: '',
      homeVenue: { id: venue.id, name: 'Kiwanis Park' },
      visibility: 'invite_only',
      memberCount: 1,
      myRole: 'owner',
      closed: false,
    })
    const page = await owner.client.get(`/api/groups/${created.body.id}`)
    expect(page.body.invitePath).toMatch(/^\/groups\/join\/[A-Za-z0-9_-]{22}$/)
    expect(page.body.members).toEqual([
      expect.objectContaining({
        role: 'owner',
        player: expect.objectContaining({
          firstName: 'Olga',
          reliability: expect.objectContaining({ played: 0 }),
        }),
      }),
    ])
    expect((await owner.client.get('/api/groups')).body.items.map((g: { id: string }) => g.id)).toEqual([
      created.body.id,
    ])
  })

  it('refuse a blank name and an unknown venue', async () => {
    const owner = await player()
    const blank = await owner.client.post('/api/groups', { name: '   ', visibility: 'open' })
    expect(blank.status).toBe(400)
    expect(blank.body.error.fields.name).toBe(GROUP_NAME_REQUIRED)
    const nowhere = await owner.client.post('/api/groups', {
      name: 'Somewhere',
      visibility: 'open',
      homeVenueId: '00000000-0000-4000-8000-000000000000',
    })
    expect(nowhere.status).toBe(400)
  })

  it('are seen by their members and admins only; anyone else finds them through the link', async () => {
    const [owner, stranger, admin] = await Promise.all([
      player('Olga'),
      player('Sam'),
      player('Ada', { isAdmin: true }),
    ])
    const { id, code } = await newGroup(owner)
    expect((await stranger.client.get(`/api/groups/${id}`)).status).toBe(404)
    expect((await admin.client.get(`/api/groups/${id}`)).body).toMatchObject({
      myRole: null,
      invitePath: null,
    })
    const preview = await stranger.client.get(`/api/groups/join/${code}`)
    expect(preview.status).toBe(200)
    expect(preview.body).toMatchObject({
      id,
      name: 'Tuesday Night Dinkers',
      memberCount: 1,
      myStatus: 'none',
    })
    const wrong = await stranger.client.get(`/api/groups/join/${'x'.repeat(22)}`)
    expect(wrong.status).toBe(404)
    expect(wrong.body.error.message).toBe(INVITE_LINK_INVALID)
  })

  it('take a player at once through an open group’s link; members see no link and manage no one', async () => {
    const [owner, a, b] = await Promise.all([player('Olga'), player('Ann'), player('Ben')])
    const { id, code } = await newGroup(owner)
    expect((await a.client.post(`/api/groups/join/${code}`)).body).toEqual({ groupId: id, status: 'joined' })
    const again = await a.client.post(`/api/groups/join/${code}`)
    expect(again.status).toBe(409)
    expect(again.body.error.message).toBe(ALREADY_A_MEMBER)
    await b.client.post(`/api/groups/join/${code}`)
    expect(await memberIds(a, id)).toEqual(['Olga:owner', 'Ann:member', 'Ben:member'])
    const asMember = (await a.client.get(`/api/groups/${id}`)).body
    expect(asMember).toMatchObject({ myRole: 'member', invitePath: null, joinRequests: [] })
    const removal = await a.client.delete(`/api/groups/${id}/members/${b.profile.id}`)
    expect(removal.status).toBe(403)
    expect(removal.body.error.message).toBe(ORGANISERS_ONLY)
    // A member leaves on their own.
    expect((await b.client.delete(`/api/groups/${id}/members/${b.profile.id}`)).status).toBe(204)
    expect(await memberIds(a, id)).toEqual(['Olga:owner', 'Ann:member'])
  })

  it('ask an invite-only group’s organisers, who accept or decline', async () => {
    const [owner, org, a, b] = await Promise.all([
      player('Olga'),
      player('Orin'),
      player('Ann'),
      player('Ben'),
    ])
    const { id, code } = await newGroup(owner, 'invite_only')
    // The owner lets Orin in and names him organiser.
    await org.client.post(`/api/groups/join/${code}`)
    let requests = (await owner.client.get(`/api/groups/${id}`)).body.joinRequests
    expect((await owner.client.post(`/api/groups/${id}/requests/${requests[0].id}/accept`)).status).toBe(204)
    expect(
      (await org.client.put(`/api/groups/${id}/members/${org.profile.id}/role`, { role: 'organiser' }))
        .status,
    ).toBe(403)
    const named = await owner.client.put(`/api/groups/${id}/members/${org.profile.id}/role`, {
      role: 'organiser',
    })
    expect(named.status).toBe(204)

    expect((await a.client.post(`/api/groups/join/${code}`)).body).toEqual({ groupId: id, status: 'asked' })
    const twice = await a.client.post(`/api/groups/join/${code}`)
    expect(twice.body.error.message).toBe(ALREADY_ASKED)
    expect((await a.client.get(`/api/groups/join/${code}`)).body.myStatus).toBe('asked')
    expect((await a.client.get(`/api/groups/${id}`)).status).toBe(404)
    await b.client.post(`/api/groups/join/${code}`)
    // The owner and the organiser are told in the app; a member is not.
    const told = async (p: SignedInPlayer) =>
      (await p.client.get('/api/notifications')).body.items.map(
        (n: { title: string; message: string }) => n.message,
      )
    for (const organiser of [owner, org])
      expect(await told(organiser)).toContain(
        `Ben ${b.profile.lastName} asked to join Tuesday Night Dinkers.`,
      )
    requests = (await org.client.get(`/api/groups/${id}`)).body.joinRequests
    expect(requests.map((r: { player: { firstName: string } }) => r.player.firstName)).toEqual(['Ann', 'Ben'])
    expect((await org.client.post(`/api/groups/${id}/requests/${requests[0].id}/accept`)).status).toBe(204)
    expect((await org.client.post(`/api/groups/${id}/requests/${requests[1].id}/decline`)).status).toBe(204)
    expect(await told(a)).toContain(`Orin ${org.profile.lastName} let you into Tuesday Night Dinkers.`)
    expect(await told(b)).toEqual([])
    // Answered once only.
    expect((await owner.client.post(`/api/groups/${id}/requests/${requests[1].id}/accept`)).status).toBe(404)
    expect(await memberIds(owner, id)).toEqual(['Olga:owner', 'Orin:organiser', 'Ann:member'])
    expect((await b.client.get(`/api/groups/${id}`)).status).toBe(404)
    // A member cannot answer.
    await b.client.post(`/api/groups/join/${code}`)
    const [again] = (await owner.client.get(`/api/groups/${id}`)).body.joinRequests
    expect((await a.client.post(`/api/groups/${id}/requests/${again.id}/accept`)).status).toBe(403)
  })

  it('let organisers remove members, only the owner remove organisers, and no one the owner', async () => {
    const [owner, org, org2, a] = await Promise.all([
      player('Olga'),
      player('Orin'),
      player('Ona'),
      player('Ann'),
    ])
    const { id, code } = await newGroup(owner)
    for (const p of [org, org2, a]) await p.client.post(`/api/groups/join/${code}`)
    for (const p of [org, org2])
      await owner.client.put(`/api/groups/${id}/members/${p.profile.id}/role`, { role: 'organiser' })
    expect((await org.client.delete(`/api/groups/${id}/members/${a.profile.id}`)).status).toBe(204)
    const organiser = await org.client.delete(`/api/groups/${id}/members/${org2.profile.id}`)
    expect(organiser.status).toBe(403)
    expect(organiser.body.error.message).toBe(ORGANISER_REMOVED_BY_OWNER)
    const ownerOut = await org.client.delete(`/api/groups/${id}/members/${owner.profile.id}`)
    expect(ownerOut.status).toBe(409)
    expect(ownerOut.body.error.message).toBe(OWNER_STAYS)
    expect(
      (await owner.client.delete(`/api/groups/${id}/members/${owner.profile.id}`)).body.error.message,
    ).toBe(OWNER_STAYS)
    expect(
      (await org.client.put(`/api/groups/${id}/members/${org2.profile.id}/role`, { role: 'member' })).body
        .error.message,
    ).toBe(OWNER_ONLY)
    expect((await owner.client.delete(`/api/groups/${id}/members/${org2.profile.id}`)).status).toBe(204)
    expect(await memberIds(owner, id)).toEqual(['Olga:owner', 'Orin:organiser'])
  })

  it('get a new invite link from an organiser: the old one stops working', async () => {
    const [owner, a] = await Promise.all([player('Olga'), player('Ann')])
    const { id, code } = await newGroup(owner)
    const renewed = await owner.client.post(`/api/groups/${id}/invite-link`)
    expect(renewed.status).toBe(200)
    expect((await a.client.post(`/api/groups/join/${code}`)).status).toBe(404)
    const fresh = (renewed.body.invitePath as string).split('/').pop()
    expect((await a.client.post(`/api/groups/join/${fresh}`)).body.status).toBe('joined')
  })

  it('are listed for admins, who close one: no one joins it any more', async () => {
    const [owner, a, admin, notAdmin] = await Promise.all([
      player('Olga'),
      player('Ann'),
      player('Ada', { isAdmin: true }),
      player('Nia'),
    ])
    const { id, code } = await newGroup(owner)
    await a.client.post(`/api/groups/join/${code}`)
    expect((await notAdmin.client.get('/api/admin/groups')).status).toBe(403)
    expect((await notAdmin.client.post(`/api/admin/groups/${id}/close`)).status).toBe(403)
    const all = await admin.client.get('/api/admin/groups')
    expect(all.body.items.map((g: { id: string }) => g.id)).toContain(id)
    expect((await admin.client.post(`/api/admin/groups/${id}/close`)).status).toBe(204)
    const closed = await notAdmin.client.post(`/api/groups/join/${code}`)
    expect(closed.status).toBe(409)
    expect(closed.body.error.message).toBe(GROUP_CLOSED)
    expect((await notAdmin.client.get(`/api/groups/join/${code}`)).body.error.message).toBe(GROUP_CLOSED)
    expect((await owner.client.get(`/api/groups/${id}`)).body.closed).toBe(true)
    // The page offers no changes to a closed group, and the server takes none; a member may leave.
    const named = await owner.client.put(`/api/groups/${id}/members/${a.profile.id}/role`, {
      role: 'organiser',
    })
    expect(named.status).toBe(409)
    expect(named.body.error.message).toBe(GROUP_CLOSED)
    const removed = await owner.client.delete(`/api/groups/${id}/members/${a.profile.id}`)
    expect(removed.body.error.message).toBe(GROUP_CLOSED)
    expect((await a.client.delete(`/api/groups/${id}/members/${a.profile.id}`)).status).toBe(204)
    expect((await admin.client.post(`/api/admin/groups/${id}/close`)).status).toBe(409)
  })

  it('keep one membership when the same link is followed twice at once', async () => {
    const [owner, a] = await Promise.all([player('Olga'), player('Ann')])
    const { id, code } = await newGroup(owner)
    const answers = await Promise.all([
      a.client.post(`/api/groups/join/${code}`),
      a.client.post(`/api/groups/join/${code}`),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    expect(await memberIds(owner, id)).toEqual(['Olga:owner', 'Ann:member'])
  })

  it('are for signed-in players who are not paused', async () => {
    const paused = await player('Pia', { isPaused: true })
    expect((await paused.client.get('/api/groups')).status).toBe(403)
  })
})
