import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../testing/test-app'
import type { Database } from '../db/client'
import {
  connections,
  jobs,
  notifications,
  playDates,
  playerVenues,
  profiles,
  signupCodes,
} from '../db/schema'
import { DEMO_ADMIN_EMAIL, isDatabaseEmpty, seedDemo } from './seed'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

describe('demo data', () => {
  it('fills an empty database with a believable world', async () => {
    const { db } = database
    expect(await isDatabaseEmpty(db)).toBe(true)
    // Made at a moment of the server's clock far from today's: every time in it counts from there.
    const madeAt = new Date('2031-03-14T16:00:00Z')
    const { summary } = await seedDemo(db, { productName: 'PickleMatch', now: madeAt })
    expect(summary).toContain(DEMO_ADMIN_EMAIL)
    expect(await isDatabaseEmpty(db)).toBe(false)

    const people = await db.select().from(profiles)
    expect(people.length).toBeGreaterThanOrEqual(30)
    expect(people.filter((p) => p.isAdmin)).toHaveLength(1)
    expect(new Set(people.map((p) => p.gender))).toEqual(new Set(['male', 'female']))
    // They joined over the months before the data was made.
    const joinedDaysAgo = people.map((p) => (madeAt.getTime() - p.createdAt.getTime()) / 86_400_000)
    expect(joinedDaysAgo.every((days) => days > 0 && days <= 180)).toBe(true)
    // Each plays where sign-up would have put them from their ZIP code (home-area.rules.ts).
    const areaOf = (firstName: string) => {
      const player = people.find((p) => p.firstName === firstName)
      return `${player?.homeState}:${player?.homeRegion}`
    }
    expect(areaOf('Avery')).toBe('AZ:central_phoenix') // 85004, Phoenix
    expect(areaOf('Maya')).toBe('AZ:east_valley') // 85281, Tempe
    expect(areaOf('Linda')).toBe('AZ:west_valley') // 85374, Surprise
    expect(areaOf('Diego')).toBe('AZ:tucson') // 85705
    expect(areaOf('Nate')).toBe('AZ:yuma') // 85364
    expect(areaOf('Chris')).toBe('FL:statewide') // 32801, Orlando
    expect(people.every((p) => p.homeState !== null)).toBe(true)
    // Some players say a few words about themselves and where they play; most leave it empty.
    const withBio = people.filter((p) => p.bio !== null)
    expect(withBio.length).toBeGreaterThanOrEqual(5)
    expect(withBio.length).toBeLessThan(people.length / 2)
    const playsAt = await db.select().from(playerVenues)
    expect(new Set(playsAt.map((row) => row.profileId)).size).toBeGreaterThanOrEqual(5)

    const games = await db.select().from(playDates)
    expect(new Set(games.map((p) => p.status))).toEqual(
      new Set(['open', 'matched', 'completed', 'cancelled', 'expired']),
    )
    // A real fortnight of games: every PlayDate has a time and a venue, the open ones ahead
    // (over the next 14 days), the finished ones behind (over the last 30).
    const now = madeAt.getTime()
    const days = (p: (typeof games)[number]) => (p.startsAt!.getTime() - now) / 86_400_000
    expect(games.every((p) => p.startsAt && p.timeZone && p.durationMinutes && p.venueId)).toBe(true)
    const open = games.filter((p) => p.status === 'open')
    expect(open.length).toBeGreaterThanOrEqual(10)
    expect(open.every((p) => days(p) > 0 && days(p) <= 14)).toBe(true)
    // Each says who may join alone, as the wizard's do: none is from before ranges (0209).
    expect(games.every((p) => p.minDupr !== null && p.maxDupr !== null)).toBe(true)
    // The app's jobs for the games ahead, as if they had been posted and matched in the app: each
    // open one leaves the lists when it starts, each matched one reminds its players.
    const scheduled = await db.select().from(jobs)
    const jobsOf = (kind: string, gameId: string) =>
      scheduled.filter(
        (job) => job.kind === kind && (job.payload as { playDateId: string }).playDateId === gameId,
      )
    for (const game of open) expect(jobsOf('play-date-expiry', game.id)).toHaveLength(1)
    const matched = games.filter((p) => p.status === 'matched' && days(p) > 0)
    expect(matched.length).toBeGreaterThan(0)
    for (const game of matched) expect(jobsOf('play-date-reminder', game.id).length).toBeGreaterThan(0)
    const done = games.filter((p) => p.status === 'completed' || p.status === 'expired')
    expect(done.every((p) => days(p) < 0 && days(p) >= -30)).toBe(true)

    const friendStates = new Set(
      (await db.select().from(connections)).filter((c) => c.type === 'friend').map((c) => c.status),
    )
    expect(friendStates).toEqual(new Set(['pending', 'accepted', 'rejected']))

    const codes = await db.select().from(signupCodes)
    expect(codes.some((c) => c.usedAt === null)).toBe(true)
    expect(codes.some((c) => c.usedAt !== null)).toBe(true)
    expect(codes.every((c) => c.usedAt === null || c.createdAt < c.usedAt)).toBe(true)

    // Every demo notification names the player it tells of, and the ones that ask for an answer
    // can be answered from their row.
    const notes = await db.select().from(notifications)
    expect(notes.every((n) => n.actorId !== null)).toBe(true)
    expect(new Set(notes.map((n) => n.action))).toEqual(
      new Set(['answer_connection', 'answer_application', 'open_chat', null]),
    )
    const pending = new Set(
      (await db.select().from(connections)).filter((c) => c.status === 'pending').map((c) => c.id),
    )
    // Those about a PlayDate name their game, as every notice about one does.
    const aboutGames = notes.filter((n) => n.link?.startsWith('/playdates/'))
    expect(aboutGames.length).toBeGreaterThan(0)
    expect(aboutGames.every((n) => n.link === `/playdates/${n.playDateId}`)).toBe(true)
    const answers = notes.filter((n) => n.action === 'answer_connection')
    expect(answers.every((n) => n.subjectId !== null && pending.has(n.subjectId))).toBe(true)
  })
})
