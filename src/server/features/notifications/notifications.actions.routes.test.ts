import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  befriend,
  playDateBody,
  signedInUser,
  type SignedInPlayer,
  type UserOverrides,
} from '../../testing/factories'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const newest = async (player: SignedInPlayer) => (await player.client.get('/api/notifications')).body.items[0]
const badge = async (player: SignedInPlayer) =>
  (await player.client.get('/api/notifications/unread-count')).body.count

async function openPlayDate(creator: SignedInPlayer, partner: SignedInPlayer) {
  const res = await creator.client.post(
    '/api/play-dates',
    playDateBody(partner.profile.id, { description: 'Doubles at Kiwanis' }),
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.id as string
}

// A creator team's open PlayDate and a pair's application to it, the pair named as given.
async function pairApplied(applicantName: UserOverrides, partnerName: UserOverrides) {
  const [creator, partner, applicant, applicantPartner] = await Promise.all([
    signedInUser(t),
    signedInUser(t),
    signedInUser(t, applicantName),
    signedInUser(t, partnerName),
  ])
  await befriend(t.db, creator, partner)
  await befriend(t.db, applicant, applicantPartner)
  const playDateId = await openPlayDate(creator, partner)
  const applied = await applicant.client.post(`/api/play-dates/${playDateId}/requests`, {
    partnerId: applicantPartner.profile.id,
  })
  expect(applied.status).toBe(201)
  return { creator, partner, applicant, applicantPartner, playDateId, applied }
}

describe('acting from a notification', () => {
  it('a friend request offers Accept and Decline with the sender’s face, until it is answered', async () => {
    const sender = await signedInUser(t, { firstName: 'Sam', lastName: 'Lee' })
    const receiver = await signedInUser(t)
    const sent = await sender.client.post('/api/connections/friend-requests', {
      receiverId: receiver.profile.id,
    })
    const notification = await newest(receiver)
    expect(notification).toMatchObject({
      type: 'connection_request',
      message: 'Sam Lee wants to be your friend',
      actor: { id: sender.profile.id, firstName: 'Sam', lastName: 'Lee' },
      action: { kind: 'answer_connection', connectionId: sent.body.id },
    })

    const accepted = await receiver.client.post(`/api/connections/${sent.body.id}/accept`)
    expect(accepted.status).toBe(200)
    // Answered elsewhere (or on another device): the row no longer offers it, and a late tap gets
    // the server's reason.
    expect((await newest(receiver)).action).toBeNull()
    const late = await receiver.client.post(`/api/connections/${sent.body.id}/reject`)
    expect(late.status).toBe(409)
    expect(late.body.error.message).toBe('This request is no longer pending')
  })

  it('an application offers Accept and Decline to the creator team, and the match opens the chat', async () => {
    const { creator, partner, applicant, applicantPartner, playDateId, applied } = await pairApplied(
      { firstName: 'Cal', lastName: 'Ray' },
      { firstName: 'Jo', lastName: 'Lee' },
    )

    // Both players of the pair are named, to each player of the creator team.
    const told = await newest(creator)
    expect(told).toMatchObject({
      title: 'New application',
      message: 'Cal Ray and Jo Lee applied to your PlayDate',
      actor: { id: applicant.profile.id },
      action: { kind: 'answer_application', requestId: applied.body.id, playDateId },
    })
    expect((await newest(partner)).message).toBe('Cal Ray and Jo Lee applied to your PlayDate')
    // The partner named on the application hears of it but has nothing to answer.
    expect(await newest(applicantPartner)).toMatchObject({
      message: 'Cal Ray applied with you to a PlayDate',
      action: null,
    })

    expect((await creator.client.post(`/api/play-dates/requests/${applied.body.id}/accept`)).status).toBe(200)
    expect((await newest(creator)).action).toBeNull()
    expect((await newest(applicant)).action).toEqual({ kind: 'open_chat', playDateId })

    const message = await applicant.client.post(`/api/play-dates/${playDateId}/messages`, { content: 'GG?' })
    expect(message.status).toBe(201)
    expect(await newest(partner)).toMatchObject({
      title: 'New message',
      action: { kind: 'open_chat', playDateId },
    })
  })

  it('a pair’s names are kept as written in its application’s notice, a percent sign too', async () => {
    const { creator } = await pairApplied(
      { firstName: 'Ana', lastName: '100%s' },
      { firstName: 'Bo%', lastName: 'Reyes' },
    )
    expect((await newest(creator)).message).toBe('Ana 100%s and Bo% Reyes applied to your PlayDate')
  })

  it('what the app says itself offers nothing but its link', async () => {
    const [creator, partner] = await Promise.all([signedInUser(t), signedInUser(t)])
    await befriend(t.db, creator, partner)
    await openPlayDate(creator, partner)
    expect(await newest(partner)).toMatchObject({ type: 'playdate_created', action: null })
  })
})

describe('the badge', () => {
  it('clears when the player opens the list, while each notification stays unread', async () => {
    const [me, a, b, c] = await Promise.all([
      signedInUser(t),
      signedInUser(t),
      signedInUser(t),
      signedInUser(t),
    ])
    await a.client.post('/api/connections/friend-requests', { receiverId: me.profile.id })
    await b.client.post('/api/connections/friend-requests', { receiverId: me.profile.id })
    await me.client.post('/api/connections/friend-requests', { receiverId: c.profile.id })
    await a.client.post('/api/connections/friend-requests', { receiverId: c.profile.id })
    expect(await badge(me)).toBe(2)

    const seen = await me.client.post('/api/notifications/seen')
    expect(seen.status).toBe(200)
    expect(seen.body).toEqual({ marked: 2 })
    expect(await badge(me)).toBe(0)
    const list = await me.client.get('/api/notifications')
    expect(list.body).toMatchObject({ total: 2, unreadCount: 2 })
    expect(list.body.items.every((n: { read: boolean }) => !n.read)).toBe(true)
    // Only the player's own: another player's badge still counts the requests sent to them.
    expect(await badge(c)).toBe(2)
    expect((await me.client.post('/api/notifications/seen')).body).toEqual({ marked: 0 })
  })

  it('counts what arrives after the list was opened', async () => {
    const [me, first, second] = await Promise.all([signedInUser(t), signedInUser(t), signedInUser(t)])
    await first.client.post('/api/connections/friend-requests', { receiverId: me.profile.id })
    await me.client.post('/api/notifications/seen')
    await second.client.post('/api/connections/friend-requests', { receiverId: me.profile.id })
    expect(await badge(me)).toBe(1)
  })

  it('needs a signed-in player who is not paused', async () => {
    expect((await createClient(t.app).post('/api/notifications/seen')).status).toBe(401)
    const paused = await signedInUser(t, { isPaused: true })
    expect((await paused.client.post('/api/notifications/seen')).status).toBe(403)
  })
})
