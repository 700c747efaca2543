import { randomUUID } from 'node:crypto'
import { zoneOfState } from '../../domain/play-dates/schedule'
import type { Db } from '../db/client'
import { connections, passwords, playDateRequests, playDates, profiles, venues } from '../db/schema'
import { createSession, hashPassword } from '../features/auth'
import { createClient, type TestApp } from './test-app'

export interface UserOverrides {
  email?: string
  firstName?: string
  lastName?: string
  gender?: 'male' | 'female'
  // null: a player without a DUPR rating yet.
  duprRating?: number | null
  selfRating?: number
  birthdate?: string
  zipCode?: string | null
  isAdmin?: boolean
  isPaused?: boolean
  confirmed?: boolean
  password?: string
}

let passwordHash: Promise<string> | undefined
export const FACTORY_PASSWORD = 'secret123'

// A confirmed player straight in the database; each call makes a new one.
export async function insertUser(db: Db, overrides: UserOverrides = {}) {
  const suffix = randomUUID().slice(0, 8)
  const hash =
    overrides.password !== undefined
      ? await hashPassword(overrides.password)
      : await (passwordHash ??= hashPassword(FACTORY_PASSWORD))
  const [profile] = await db
    .insert(profiles)
    .values({
      email: overrides.email ?? `player-${suffix}@example.com`,
      firstName: overrides.firstName ?? 'Pat',
      lastName: overrides.lastName ?? `Player${suffix}`,
      gender: overrides.gender ?? 'female',
      duprRating: overrides.duprRating === undefined ? 3.5 : overrides.duprRating,
      selfRating: overrides.selfRating ?? 3.5,
      birthdate: overrides.birthdate ?? '1990-05-17',
      zipCode: overrides.zipCode === undefined ? '85004' : overrides.zipCode,
      isAdmin: overrides.isAdmin ?? false,
      isPaused: overrides.isPaused ?? false,
      emailVerifiedAt: overrides.confirmed === false ? null : new Date(),
    })
    .returning()
  if (!profile) throw new Error('insertUser failed')
  await db.insert(passwords).values({ profileId: profile.id, hash })
  return profile
}

// A player with a live session and a client that sends its cookie.
export async function signedInUser(t: TestApp, overrides: UserOverrides = {}) {
  const profile = await insertUser(t.db, overrides)
  const { token } = await createSession(t.db, profile.id, 30, t.clock.now())
  const client = createClient(t.app)
  client.cookies.set('pm_session', token)
  return { profile, token, client }
}

export type SignedInPlayer = Awaited<ReturnType<typeof signedInUser>>

// An accepted friend connection between two players, straight in the database: what a PlayDate
// team or a partner list needs.
export async function befriend(db: Db, a: SignedInPlayer, b: SignedInPlayer) {
  await db
    .insert(connections)
    .values({ requesterId: a.profile.id, receiverId: b.profile.id, type: 'friend', status: 'accepted' })
}

// Two signed-in players who are friends.
export async function befriendedPair(t: TestApp, first: UserOverrides = {}, second: UserOverrides = {}) {
  const [a, b] = await Promise.all([signedInUser(t, first), signedInUser(t, second)])
  await befriend(t.db, a, b)
  return [a, b] as const
}

// A PlayDate start the server accepts whatever the state: 8:00 AM a week from today.
// The body of a valid sign-up; every call has its own address unless `overrides` gives one.
export const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Dana',
  lastName: 'Lee',
  gender: 'female',
  duprRating: 3.75,
  selfRating: 4,
  birthdate: '1990-05-17',
  zipCode: '85001',
  email: `player-${randomUUID()}@example.com`,
  password: 'correct-horse-1',
  consent: true,
  ...overrides,
})

export const nextWeek = () => ({
  startDate: new Date(Date.now() + 7 * 24 * 60 * 60_000).toISOString().slice(0, 10),
  startTime: '08:00',
})

// A valid body for POST /api/play-dates: a challenge in the East Valley next week at 8 AM, $25 an
// hour, posted with `partnerId`; `overrides` replace any field.
export const playDateBody = (partnerId: string, overrides: Record<string, unknown> = {}) => ({
  type: 'challenge',
  state: 'AZ',
  regions: ['east_valley'],
  partnerId,
  amount: 25,
  description: 'Doubles',
  ...nextWeek(),
  ...overrides,
})

// A venue in use (Kiwanis Park in Tempe, East Valley, unless told otherwise).
export async function insertVenue(db: Db, overrides: Partial<typeof venues.$inferInsert> = {}) {
  const [row] = await db
    .insert(venues)
    .values({
      name: 'Kiwanis Park',
      address: '6111 S All-America Way',
      city: 'Tempe',
      state: 'AZ',
      region: 'east_valley',
      courts: 8,
      setting: 'outdoor',
      timeZone: zoneOfState[overrides.state ?? 'AZ'],
      ...overrides,
    })
    .returning()
  if (!row) throw new Error('insertVenue failed')
  return row
}

// An open PlayDate, straight in the database, posted by `creator` with `partner`. A Saturday
// morning game in Arizona unless told otherwise.
export async function insertOpenPlayDate(
  db: Db,
  creator: SignedInPlayer,
  partner: SignedInPlayer,
  overrides: Partial<typeof playDates.$inferInsert> = {},
) {
  const [game] = await db
    .insert(playDates)
    .values({
      creatorId: creator.profile.id,
      partnerId: partner.profile.id,
      type: 'challenge',
      status: 'open',
      state: 'AZ',
      regions: ['east_valley'],
      paymentPerHourMin: 25,
      paymentPerHourMax: 25,
      description: 'Morning doubles',
      ...overrides,
    })
    .returning()
  return game!
}

// A matched PlayDate, straight in the database: `creators` posted it, `responders` were accepted.
// A Saturday morning game in Arizona unless told otherwise.
export async function insertMatchedPlayDate(
  db: Db,
  creators: readonly [SignedInPlayer, SignedInPlayer],
  responders: readonly [SignedInPlayer, SignedInPlayer],
  overrides: Partial<typeof playDates.$inferInsert> = {},
) {
  const game = await insertOpenPlayDate(db, creators[0], creators[1], { status: 'matched', ...overrides })
  await db.insert(playDateRequests).values({
    playDateId: game.id,
    requesterId: responders[0].profile.id,
    requesterPartnerId: responders[1].profile.id,
    status: 'accepted',
  })
  return game
}
