import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GROUP_NOT_FOUND } from '../../../domain/groups/group.schema'
import { GROUP_GAME_CLOSED, GROUP_GAME_ORGANISERS_ONLY } from '../../../domain/play-dates/group-offer'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import { eq } from 'drizzle-orm'
import { notificationPreferences, notifications, profiles } from '../../db/schema'
import { befriend, signedInUser, type SignedInPlayer } from '../../testing/factories'
import { mailTo } from '../../testing/mailbox'
import { nextNoonInPhoenix, runNoticeEmails } from '../../testing/notice-jobs'
import { createTestApp, type TestApp } from '../../testing/test-app'

// A group's PlayDates, offered to its members first (docs/decisions/0168), and the group's
// members-only chat, on PGlite and PostgreSQL.

let t: TestApp
// Wednesday, November 25, 2026, 10:00 AM in Phoenix.
const NOW = new Date('2026-11-25T17:00:00Z')
const HOUR = 60 * 60 * 1000
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const player = (firstName: string, extra: Record<string, unknown> = {}) =>
  signedInUser(t, { firstName, duprRating: 3.5, ...extra })

// A group with its owner, an organiser and a member; `outsider` is in no group.
async function groupOfFour() {
  const [owner, organiser, member, outsider] = await Promise.all([
    player('Olga'),
    player('Oren'),
    player('Mia'),
    player('Sam'),
  ])
  const created = await owner.client.post('/api/groups', { name: 'Tuesday Dinkers', visibility: 'open' })
  expect(created.status).toBe(201)
  const id = created.body.id as string
  const code = ((await owner.client.get(`/api/groups/${id}`)).body.invitePath as string).split('/').pop()
  for (const p of [organiser, member])
    expect((await p.client.post(`/api/groups/join/${code}`)).status).toBe(200)
  const named = await owner.client.put(`/api/groups/${id}/members/${organiser.profile.id}/role`, {
    role: 'organiser',
  })
  expect(named.status).toBe(204)
  return { id, owner, organiser, member, outsider }
}

const post = (by: SignedInPlayer, extra: Record<string, unknown> = {}) =>
  by.client.post('/api/play-dates', {
    type: 'challenge',
    state: 'AZ',
    regions: ['east_valley'],
    partnerWanted: true,
    amount: 20,
    description: 'Group doubles',
    startDate: '2026-12-02',
    startTime: '18:00',
    ...extra,
  })

const availableIds = async (viewer: SignedInPlayer) => {
  const res = await viewer.client.get('/api/play-dates?tab=available&pageSize=50')
  expect(res.status).toBe(200)
  return (res.body.items as Array<{ id: string }>).map((item) => item.id)
}

describe('group PlayDates', () => {
  it('are offered to the members first and to everyone 24 hours after posting', async () => {
    t.clock.set(NOW)
    const { id, organiser, member, outsider } = await groupOfFour()
    const created = await post(organiser, { groupId: id, groupAudience: 'members_first' })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const game = created.body.id as string
    expect(created.body.group).toEqual({
      id,
      name: 'Tuesday Dinkers',
      openToAllAt: new Date(NOW.getTime() + 24 * HOUR).toISOString(),
    })

    expect(await availableIds(member)).toContain(game)
    expect((await member.client.get(`/api/play-dates/${game}`)).body.group.name).toBe('Tuesday Dinkers')
    expect(await availableIds(outsider)).not.toContain(game)
    const hidden = await outsider.client.get(`/api/play-dates/${game}`)
    expect(hidden.status).toBe(404)
    expect(hidden.body.error.message).toBe(PLAY_DATE_MESSAGES.notFound)
    const refused = await outsider.client.post(`/api/play-dates/${game}/requests`, { alone: true })
    expect(refused.status).toBe(404)
    expect(refused.body.error.message).toBe(PLAY_DATE_MESSAGES.notFound)

    // A minute before the opening it is still the members'; at the opening it is everyone's.
    t.clock.set(new Date(NOW.getTime() + 24 * HOUR - 60_000))
    expect(await availableIds(outsider)).not.toContain(game)
    t.clock.set(new Date(NOW.getTime() + 24 * HOUR))
    expect(await availableIds(outsider)).toContain(game)
    expect((await outsider.client.get(`/api/play-dates/${game}`)).status).toBe(200)
    const applied = await outsider.client.post(`/api/play-dates/${game}/requests`, { alone: true })
    expect(applied.status, JSON.stringify(applied.body)).toBe(201)
  })

  it('take a member’s application before they open, alone or with a friend', async () => {
    t.clock.set(NOW)
    const { id, owner, member, outsider } = await groupOfFour()
    const game = (await post(owner, { groupId: id })).body.id as string
    const alone = await member.client.post(`/api/play-dates/${game}/requests`, { alone: true })
    expect(alone.status, JSON.stringify(alone.body)).toBe(201)

    const second = (await post(owner, { groupId: id, startDate: '2026-12-03' })).body.id as string
    await befriend(t.db, member, outsider)
    const pair = await member.client.post(`/api/play-dates/${second}/requests`, {
      partnerId: outsider.profile.id,
    })
    expect(pair.status, JSON.stringify(pair.body)).toBe(201)
    // The outsider applied through the member: the game is theirs to see now.
    expect((await outsider.client.get(`/api/play-dates/${second}`)).status).toBe(200)
  })

  it('for members only never open to everyone', async () => {
    t.clock.set(NOW)
    const { id, owner, member, outsider } = await groupOfFour()
    const created = await post(owner, { groupId: id, groupAudience: 'members_only' })
    expect(created.status).toBe(201)
    expect(created.body.group.openToAllAt).toBeNull()
    const game = created.body.id as string
    t.clock.set(new Date(NOW.getTime() + 6 * 24 * HOUR))
    expect(await availableIds(member)).toContain(game)
    expect(await availableIds(outsider)).not.toContain(game)
    expect((await outsider.client.get(`/api/play-dates/${game}`)).status).toBe(404)
    expect((await outsider.client.post(`/api/play-dates/${game}/requests`, { alone: true })).status).toBe(404)
  })

  it('let their page name the group, linked, to its members and admins, before and after they open', async () => {
    t.clock.set(NOW)
    const { id, owner, member, outsider } = await groupOfFour()
    const game = (await post(owner, { groupId: id })).body.id as string
    const [friend, admin] = await Promise.all([player('Fay'), player('Ada', { isAdmin: true })])
    await befriend(t.db, member, friend)
    const pair = await member.client.post(`/api/play-dates/${game}/requests`, {
      partnerId: friend.profile.id,
    })
    expect(pair.status, JSON.stringify(pair.body)).toBe(201)
    const seen = async (viewer: SignedInPlayer) => {
      const res = await viewer.client.get(`/api/play-dates/${game}`)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return { group: res.body.group.name as string, canOpenGroup: res.body.viewer.canOpenGroup as boolean }
    }
    const named = { group: 'Tuesday Dinkers', canOpenGroup: true }
    // Before it opens: the member and the admin may open the group's page; the member's partner
    // from outside the group reads its name ("Members first") and may not.
    expect(await seen(member)).toEqual(named)
    expect(await seen(admin)).toEqual(named)
    expect(await seen(friend)).toEqual({ group: 'Tuesday Dinkers', canOpenGroup: false })
    // Once open to everyone: still the members' and admins' group to open, no one else's.
    t.clock.set(new Date(NOW.getTime() + 24 * HOUR))
    expect(await seen(member)).toEqual(named)
    expect(await seen(owner)).toEqual(named)
    expect(await seen(admin)).toEqual(named)
    expect((await seen(outsider)).canOpenGroup).toBe(false)
    expect((await seen(friend)).canOpenGroup).toBe(false)
    // A game without a group has none to open.
    t.clock.set(NOW)
    const plain = (await post(owner)).body.id as string
    const open = await member.client.get(`/api/play-dates/${plain}`)
    expect(open.body.group).toBeNull()
    expect(open.body.viewer.canOpenGroup).toBe(false)
  })

  it('are listed on the group’s page, soonest first, for its members and admins', async () => {
    t.clock.set(NOW)
    const { id, owner, member, outsider } = await groupOfFour()
    const later = (await post(owner, { groupId: id, startDate: '2026-12-09' })).body.id
    const sooner = (await post(owner, { groupId: id, startDate: '2026-12-01' })).body.id
    const elsewhere = (await post(owner)).body.id
    const page = await member.client.get(`/api/groups/${id}`)
    expect(page.body.upcomingGames.map((g: { id: string }) => g.id)).toEqual([sooner, later])
    expect(page.body.upcomingGames).not.toContainEqual(expect.objectContaining({ id: elsewhere }))
    const admin = await player('Ada', { isAdmin: true })
    expect((await admin.client.get(`/api/groups/${id}`)).body.upcomingGames).toHaveLength(2)
    expect((await outsider.client.get(`/api/groups/${id}`)).status).toBe(404)
    // Past its start a game leaves the list.
    t.clock.set(new Date('2026-12-02T12:00:00Z'))
    expect(
      (await member.client.get(`/api/groups/${id}`)).body.upcomingGames.map((g: { id: string }) => g.id),
    ).toEqual([later])
  })

  it('are posted by the group’s owner and organisers only, in a group that is open', async () => {
    t.clock.set(NOW)
    const { id, member, outsider, organiser } = await groupOfFour()
    const byMember = await post(member, { groupId: id })
    expect(byMember.status).toBe(403)
    expect(byMember.body.error.message).toBe(GROUP_GAME_ORGANISERS_ONLY)
    const byOutsider = await post(outsider, { groupId: id })
    expect(byOutsider.status).toBe(404)
    expect(byOutsider.body.error.message).toBe(GROUP_NOT_FOUND)
    const admin = await player('Ada', { isAdmin: true })
    expect((await admin.client.post(`/api/admin/groups/${id}/close`)).status).toBe(204)
    const closed = await post(organiser, { groupId: id })
    expect(closed.status).toBe(409)
    expect(closed.body.error.message).toBe(GROUP_GAME_CLOSED)
  })

  it('are told to the group’s members, in the app and by email, under the group games switch', async () => {
    t.clock.set(NOW)
    const { id, owner, organiser, member, outsider } = await groupOfFour()
    // Nia switched the group games off, in the app and by email.
    const quiet = await player('Nia')
    const code = ((await owner.client.get(`/api/groups/${id}`)).body.invitePath as string).split('/').pop()
    expect((await quiet.client.post(`/api/groups/join/${code}`)).status).toBe(200)
    await t.db
      .insert(notificationPreferences)
      .values({ profileId: quiet.profile.id, kind: 'group_games', inApp: false, email: false })
    // Pia joined, then an admin paused her: a paused player hears of no group's games.
    const paused = await player('Pia')
    expect((await paused.client.post(`/api/groups/join/${code}`)).status).toBe(200)
    await t.db.update(profiles).set({ isPaused: true }).where(eq(profiles.id, paused.profile.id))
    // Oren posts with Olga as his partner: she hears of it as his partner.
    await befriend(t.db, organiser, owner)
    const created = await post(organiser, { groupId: id, partnerWanted: false, partnerId: owner.profile.id })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const game = created.body.id as string

    const told = await t.db
      .select({ userId: notifications.userId, title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.link, `/playdates/${game}`))
    const byPlayer = new Map(told.map((n) => [n.userId, n]))
    expect(byPlayer.get(member.profile.id)).toEqual({
      userId: member.profile.id,
      title: 'New game in Tuesday Dinkers',
      message: `Oren ${organiser.profile.lastName} posted a game for the group`,
    })
    expect(byPlayer.get(owner.profile.id)?.title).toBe('New PlayDate')
    for (const p of [organiser, quiet, outsider, paused]) expect(byPlayer.has(p.profile.id)).toBe(false)

    // The notices' emails are queued at the database's own time, which this test's clock is before.
    await runNoticeEmails(t, nextNoonInPhoenix(new Date()))
    const mail = (
      await mailTo(
        t,
        [owner, organiser, member, outsider, quiet].map((p) => p.profile.email),
      )
    )
      .filter((m) => m.subject.startsWith('New game in'))
      .map(({ recipient, subject }) => ({ recipient, subject }))
    // The email names the game: its start in its zone.
    expect(mail).toEqual([
      { recipient: member.profile.email, subject: 'New game in Tuesday Dinkers: Wed, Dec 2 · 6:00 PM MST' },
    ])
  })
})

describe('a group’s chat', () => {
  it('is its members’: they write and read, admins read, anyone else finds no group', async () => {
    t.clock.set(NOW)
    const { id, owner, member, outsider } = await groupOfFour()
    const sent = await member.client.post(`/api/groups/${id}/messages`, { content: 'Who brings balls?' })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    await owner.client.post(`/api/groups/${id}/messages`, { content: 'I do' })
    const thread = await owner.client.get(`/api/groups/${id}/messages`)
    expect(thread.status).toBe(200)
    expect(
      thread.body.items.map((m: { firstName: string; content: string }) => [m.firstName, m.content]),
    ).toEqual([
      ['Mia', 'Who brings balls?'],
      ['Olga', 'I do'],
    ])
    expect(thread.body.hasEarlier).toBe(false)

    const admin = await player('Ada', { isAdmin: true })
    expect((await admin.client.get(`/api/groups/${id}/messages`)).body.items).toHaveLength(2)
    expect((await admin.client.post(`/api/groups/${id}/messages`, { content: 'Hi' })).status).toBe(404)
    for (const res of [
      await outsider.client.get(`/api/groups/${id}/messages`),
      await outsider.client.post(`/api/groups/${id}/messages`, { content: 'Let me in' }),
    ]) {
      expect(res.status).toBe(404)
      expect(res.body.error.message).toBe(GROUP_NOT_FOUND)
    }
  })

  it('sends a message once for one key, and takes none once the group is closed', async () => {
    t.clock.set(NOW)
    const { id, member } = await groupOfFour()
    const requestKey = '6f1f3c2e-8a4b-4c1d-9e2f-0a1b2c3d4e5f'
    const first = await member.client.post(`/api/groups/${id}/messages`, { content: 'Rain?', requestKey })
    const again = await member.client.post(`/api/groups/${id}/messages`, { content: 'Rain?', requestKey })
    expect(again.body.id).toBe(first.body.id)
    expect((await member.client.get(`/api/groups/${id}/messages`)).body.items).toHaveLength(1)
    const admin = await player('Ada', { isAdmin: true })
    await admin.client.post(`/api/admin/groups/${id}/close`)
    expect((await member.client.post(`/api/groups/${id}/messages`, { content: 'Hello?' })).status).toBe(409)
    expect((await member.client.get(`/api/groups/${id}/messages`)).status).toBe(200)
  })
})
