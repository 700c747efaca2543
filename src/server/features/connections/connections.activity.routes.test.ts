import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connections, playDates, profiles } from '../../db/schema'
import { befriend, playDateBody, signedInUser, type SignedInPlayer } from '../../testing/factories'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const activity = async (player: SignedInPlayer) => {
  const res = await player.client.get('/api/connections/activity')
  expect(res.status).toBe(200)
  return res.body.items as Array<Record<string, unknown> & { kind: string; id: string }>
}

async function postPlayDate(creator: SignedInPlayer, partner: SignedInPlayer) {
  const res = await creator.client.post(
    '/api/play-dates',
    playDateBody(partner.profile.id, { description: 'Doubles at Kiwanis' }),
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.id as string
}

// Me, my friend Fay (who has a partner of her own), and Sid, who is not my friend.
async function circle() {
  const [me, fay, fayPartner, sid, sidPartner] = await Promise.all([
    signedInUser(t, { firstName: 'Me' }),
    signedInUser(t, { firstName: 'Fay', lastName: 'Cole' }),
    signedInUser(t, { firstName: 'Pat' }),
    signedInUser(t, { firstName: 'Sid' }),
    signedInUser(t, { firstName: 'Tom' }),
  ])
  await befriend(t.db, me, fay)
  await befriend(t.db, fay, fayPartner)
  await befriend(t.db, sid, sidPartner)
  return { me, fay, fayPartner, sid, sidPartner }
}

describe('friends’ activity', () => {
  it('shows the open PlayDate a friend posted, with their face and a link to it', async () => {
    const { me, fay, fayPartner } = await circle()
    const playDateId = await postPlayDate(fay, fayPartner)
    const items = await activity(me)
    expect(items[0]).toEqual({
      kind: 'play_date_posted',
      id: `play_date_posted:${playDateId}`,
      at: expect.any(String),
      friend: { id: fay.profile.id, firstName: 'Fay', lastName: 'Cole', photoUrl: null },
      playDate: {
        id: playDateId,
        type: 'challenge',
        paymentPerHourMax: 25,
        state: 'AZ',
        startsAt: expect.any(String),
        timeZone: expect.any(String),
      },
    })
  })

  it('shows a friend’s new friendship once, naming both, and never the viewer’s own', async () => {
    const { me, fay, fayPartner } = await circle()
    const items = await activity(me)
    const friendships = items.filter((i) => i.kind === 'became_friends')
    // Fay and Pat; not Fay and me, which is mine.
    expect(friendships).toHaveLength(1)
    expect(friendships[0]).toMatchObject({
      friend: { id: fay.profile.id },
      other: { id: fayPartner.profile.id },
    })
    // Pat becomes my friend too: the Fay and Pat friendship still shows only once.
    await befriend(t.db, me, fayPartner)
    expect((await activity(me)).filter((i) => i.kind === 'became_friends')).toHaveLength(1)
  })

  it('never shows what a non-friend did, even a friend of a friend', async () => {
    const { me, fay, sid, sidPartner } = await circle()
    await postPlayDate(sid, sidPartner)
    // Sid befriends Fay: Fay's new friendship shows, Sid's own PlayDate does not.
    await befriend(t.db, sid, fay)
    const items = await activity(me)
    const mentioned = JSON.stringify(items)
    expect(items.some((i) => i.kind === 'play_date_posted')).toBe(false)
    expect(mentioned).not.toContain(sidPartner.profile.id)
    expect(
      items.filter((i) => i.kind === 'became_friends').map((i) => (i.other as { id: string }).id),
    ).toContain(sid.profile.id)
    // A pending request is nobody's news.
    const [newcomer] = await Promise.all([signedInUser(t)])
    await t.db.insert(connections).values({
      requesterId: fay.profile.id,
      receiverId: newcomer.profile.id,
      type: 'friend',
      status: 'pending',
    })
    expect(JSON.stringify(await activity(me))).not.toContain(newcomer.profile.id)
  })

  it('leaves out PlayDates no longer open, those the viewer is on, paused players and old news', async () => {
    const { me, fay, fayPartner } = await circle()
    const matched = await postPlayDate(fay, fayPartner)
    await t.db.update(playDates).set({ status: 'matched' }).where(eq(playDates.id, matched))
    const withMe = await postPlayDate(fay, me)
    const old = await postPlayDate(fay, fayPartner)
    await t.db
      .update(playDates)
      .set({ createdAt: new Date(t.clock.now().getTime() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(playDates.id, old))
    const ids = (await activity(me)).map((i) => i.id)
    for (const hidden of [matched, withMe, old]) expect(ids).not.toContain(`play_date_posted:${hidden}`)

    const fresh = await postPlayDate(fay, fayPartner)
    expect((await activity(me)).map((i) => i.id)).toContain(`play_date_posted:${fresh}`)
    await t.db.update(profiles).set({ isPaused: true }).where(eq(profiles.id, fay.profile.id))
    expect(await activity(me)).toEqual([])
  })

  it('is empty for a player without friends, and needs a signed-in player who is not paused', async () => {
    const loner = await signedInUser(t)
    expect(await activity(loner)).toEqual([])
    expect((await createClient(t.app).get('/api/connections/activity')).status).toBe(401)
    const paused = await signedInUser(t, { isPaused: true })
    expect((await paused.client.get('/api/connections/activity')).status).toBe(403)
  })
})
