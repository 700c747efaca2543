import { eq } from 'drizzle-orm'
import { createSession } from '../features/auth'
import { notifications, profiles } from '../db/schema'
import { insertUser, nextWeek, type UserOverrides } from './factories'
import type { TestApp } from './test-app'
import { send } from './openapi-operations'

// A small world for the security suites: a victim with something of every kind (lists,
// entries, SUPR players, PlayDates open and matched, applications, chat, notifications,
// friend requests both ways) and the players who will try to reach it.

export interface Actor {
  id: string
  email: string
  cookie: string
}

async function actor(t: TestApp, overrides: UserOverrides = {}): Promise<Actor> {
  const profile = await insertUser(t.db, overrides)
  const { token } = await createSession(t.db, profile.id, 30, t.clock.now())
  return { id: profile.id, email: profile.email, cookie: `pm_session=${token}` }
}

async function call(t: TestApp, who: Actor, method: string, url: string, body?: unknown) {
  const res = await send(t.app, {
    method,
    url,
    cookie: who.cookie,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${res.text}`)
  return res.json
}

async function befriend(t: TestApp, a: Actor, b: Actor) {
  const request = await call(t, a, 'POST', '/api/connections/friend-requests', { receiverId: b.id })
  await call(t, b, 'POST', `/api/connections/${request.id}/accept`)
  return request.id as string
}

const playDateInput = (partnerId: string) => ({
  type: 'challenge',
  state: 'AZ',
  regions: ['east_valley'],
  partnerId,
  amount: 25,
  description: 'Morning doubles at the park',
  ...nextWeek(),
})

export async function seedWorld(t: TestApp) {
  const [victim, victimPartner, third, thirdPartner, stranger, attacker, attackerFriend] = await Promise.all([
    actor(t, { firstName: 'Vera', lastName: 'Victim', birthdate: '1971-03-09', zipCode: '85283' }),
    actor(t, { firstName: 'Val', lastName: 'Partner' }),
    actor(t, { firstName: 'Theo', lastName: 'Third' }),
    actor(t, { firstName: 'Tia', lastName: 'Third' }),
    actor(t, { firstName: 'Sam', lastName: 'Stranger' }),
    actor(t, { firstName: 'Ash', lastName: 'Attacker' }),
    actor(t, { firstName: 'Abe', lastName: 'Accomplice' }),
  ])
  const [paused, admin] = await Promise.all([
    actor(t, { firstName: 'Paula', lastName: 'Paused', isPaused: true }),
    actor(t, { firstName: 'Ada', lastName: 'Admin', isAdmin: true }),
  ])

  const friendship = await befriend(t, victim, victimPartner)
  await befriend(t, third, thirdPartner)
  await befriend(t, attacker, attackerFriend)
  const sentRequest = (
    await call(t, victim, 'POST', '/api/connections/friend-requests', { receiverId: stranger.id })
  ).id as string
  const receivedRequest = (
    await call(t, attackerFriend, 'POST', '/api/connections/friend-requests', { receiverId: victim.id })
  ).id as string

  const openPlayDate = (await call(t, victim, 'POST', '/api/play-dates', playDateInput(victimPartner.id)))
    .id as string
  const pendingRequest = (
    await call(t, third, 'POST', `/api/play-dates/${openPlayDate}/requests`, { partnerId: thirdPartner.id })
  ).id as string

  const matchedPlayDate = (await call(t, victim, 'POST', '/api/play-dates', playDateInput(victimPartner.id)))
    .id as string
  const acceptedRequest = (
    await call(t, third, 'POST', `/api/play-dates/${matchedPlayDate}/requests`, {
      partnerId: thirdPartner.id,
    })
  ).id as string
  await call(t, victim, 'POST', `/api/play-dates/requests/${acceptedRequest}/accept`)
  const message = (
    await call(t, victim, 'POST', `/api/play-dates/${matchedPlayDate}/messages`, { content: 'See you at 9' })
  ).id as string

  const list = (await call(t, victim, 'POST', '/api/partner-lists', { name: 'Spring tournament' }))
    .id as string
  const manualEntry = (
    await call(t, victim, 'POST', `/api/partner-lists/${list}/manual-entries`, {
      firstName: 'Mia',
      lastName: 'Manual',
      email: 'mia.manual@example.com',
    })
  ).id as string
  const friendEntry = (
    await call(t, victim, 'POST', `/api/partner-lists/${list}/friend-entries`, { friendId: victimPartner.id })
  ).id as string

  const group = (
    await call(t, victim, 'POST', '/api/groups', { name: 'Tuesday regulars', visibility: 'invite_only' })
  ).id as string
  const groupMessage = (
    await call(t, victim, 'POST', `/api/groups/${group}/messages`, { content: 'Courts 3 and 4 tonight' })
  ).id as string
  // A game for the group's members only: no one else sees it or applies (docs/decisions/0168).
  const groupPlayDate = (
    await call(t, victim, 'POST', '/api/play-dates', {
      ...playDateInput(victimPartner.id),
      groupId: group,
      groupAudience: 'members_only',
    })
  ).id as string

  const superPlayer = (
    await call(t, victim, 'POST', '/api/players', {
      firstName: 'Sue',
      lastName: 'Supr',
      gender: 'female',
      duprRating: 3.75,
    })
  ).id as string

  const [notification] = await t.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, victim.id))
    .limit(1)
  if (!notification) throw new Error('the victim has no notification')
  const [victimProfile] = await t.db.select().from(profiles).where(eq(profiles.id, victim.id))

  const ids = {
    victim: victim.id,
    friendship,
    sentRequest,
    receivedRequest,
    openPlayDate,
    matchedPlayDate,
    pendingRequest,
    acceptedRequest,
    message,
    list,
    manualEntry,
    friendEntry,
    superPlayer,
    group,
    groupMessage,
    groupPlayDate,
    notification: notification.id,
  }
  return {
    actors: { victim, victimPartner, third, thirdPartner, stranger, attacker, attackerFriend, paused, admin },
    ids,
    // What no other player may ever read: the victim's private data and the ids of their
    // private things (their profile id is public, it is how players find each other).
    secrets: {
      email: victimProfile!.email,
      birthdate: '1971-03-09',
      // Other players see "Tempe, AZ" (docs/decisions/0160).
      zipCode: '85283',
      manualEntryEmail: 'mia.manual@example.com',
      list,
      manualEntry,
      friendEntry,
      superPlayer,
      group,
      groupMessage,
      groupPlayDate,
      notification: notification.id,
      matchedPlayDate,
      acceptedRequest,
      message,
    },
  }
}

export type World = Awaited<ReturnType<typeof seedWorld>>
export type SeedName = keyof World['ids']
