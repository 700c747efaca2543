import { randomBytes } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client'
import { notificationPreferences, notifications, playDateRequests, playDates } from '../../db/schema'
import { runDueJobs } from '../../lib/jobs'
import { createLogger } from '../../lib/logger'
import { createMailer } from '../../lib/mail'
import { insertUser, insertVenue } from '../../testing/factories'
import { mailTo } from '../../testing/mailbox'
import { openTwoInstances } from '../../testing/test-app'
import { noticeEmailJobs } from '../notifications'
import { playDateJobs, reminderJobs, scheduleExpiry, scheduleReminders } from './play-dates.jobs'

const silent = createLogger({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })
const NOW = new Date('2026-12-01T12:00:00Z')
const START = new Date('2026-12-05T15:00:00Z') // Sat, Dec 5 · 8:00 AM MST
const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000)

// Two instances on one database (testing/test-app.ts).
let instances: Awaited<ReturnType<typeof openTwoInstances>>
let first: Database
let second: Database
beforeAll(async () => {
  instances = await openTwoInstances()
  ;({ first, second } = instances)
})
afterAll(() => instances.close())

const signingKey = randomBytes(32)
// The PlayDates' jobs and the notice emails they lead to (jobs.ts).
const handlersFor = (database: Database) => {
  const settings = {
    mailer: createMailer({ db: database.db, env: { MAIL_FROM: 'App <a@b.c>' }, logger: silent }),
    productName: 'PickleMatch',
    origin: 'https://picklematch.example',
    signingKey,
  }
  return { ...playDateJobs(settings), ...noticeEmailJobs(settings) }
}

async function matchedGame(status: 'matched' | 'open' = 'matched') {
  const db = first.db
  const players = await Promise.all(
    ['Maya', 'Sam', 'Alex', 'Jo'].map((firstName) => insertUser(db, { firstName })),
  )
  const [maya, sam, alex, jo] = players as [
    (typeof players)[0],
    (typeof players)[0],
    (typeof players)[0],
    (typeof players)[0],
  ]
  const venue = await insertVenue(db)
  const [game] = await db
    .insert(playDates)
    .values({
      creatorId: maya.id,
      partnerId: sam.id,
      type: 'challenge',
      status,
      state: 'AZ',
      regions: ['east_valley'],
      paymentPerHourMin: 25,
      paymentPerHourMax: 25,
      description: 'Morning doubles',
      startsAt: START,
      timeZone: 'America/Phoenix',
      durationMinutes: 120,
      venueId: venue!.id,
    })
    .returning()
  if (status === 'matched') {
    await db
      .insert(playDateRequests)
      .values({ playDateId: game!.id, requesterId: alex.id, requesterPartnerId: jo.id, status: 'accepted' })
  }
  return { game: game!, players }
}

const reminderNotes = (ids: string[]) =>
  first.db
    .select({ userId: notifications.userId, title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(inArray(notifications.userId, ids))

const reminderMail = (emails: string[]) => mailTo(first, emails)

describe('PlayDate reminders', () => {
  it('plan the reminders still ahead: both a week before, only the 2-hour one on the morning of the game', () => {
    const game = { id: 'x', startsAt: START }
    expect(reminderJobs(game, NOW).map((j) => j.runAt.toISOString())).toEqual([
      '2026-12-04T15:00:00.000Z',
      '2026-12-05T13:00:00.000Z',
    ])
    expect(reminderJobs(game, at(START, -10 * 60)).map((j) => j.payload?.lead)).toEqual(['2h'])
    expect(reminderJobs(game, at(START, -60))).toEqual([])
  })

  it('reach all four players once, in the app and by email, with two instances running and the clock passing 24 h before', async () => {
    const { game, players } = await matchedGame()
    await scheduleReminders(first.db, game as { id: string; startsAt: Date }, NOW)
    // Scheduled twice (a retried accept): still one job each.
    await scheduleReminders(second.db, game as { id: string; startsAt: Date }, NOW)
    const ids = players.map((p) => p.id)

    await Promise.all([
      runDueJobs(first.db, handlersFor(first), NOW),
      runDueJobs(second.db, handlersFor(second), NOW),
    ])
    expect(await reminderNotes(ids)).toEqual([])

    const dayBefore = at(START, -24 * 60)
    await Promise.all([
      runDueJobs(first.db, handlersFor(first), dayBefore),
      runDueJobs(second.db, handlersFor(second), dayBefore),
    ])
    const notes = await reminderNotes(ids)
    expect(notes.map((n) => n.userId).sort()).toEqual([...ids].sort())
    expect(notes[0]).toMatchObject({
      title: 'PlayDate tomorrow',
      message: expect.stringMatching(
        /^Maya .+ & Sam .+ vs Alex .+ & Jo .+ · 6111 S All-America Way, Tempe, AZ$/,
      ),
    })
    const mail = await reminderMail(players.map((p) => p.email))
    expect(mail).toHaveLength(4)
    expect(mail[0]!.subject).toBe('PlayDate tomorrow: Sat, Dec 5 · 8:00 AM MST at Kiwanis Park')

    // Run again (a restart): nothing new.
    await runDueJobs(second.db, handlersFor(second), at(dayBefore, 5))
    expect(await reminderNotes(ids)).toHaveLength(4)

    await runDueJobs(first.db, handlersFor(first), at(START, -120))
    const titles = (await reminderNotes(ids)).map((n) => n.title)
    expect(titles.filter((t) => t === 'PlayDate in 2 hours')).toHaveLength(4)
  })

  it('are not sent for a PlayDate cancelled, or moved to another time, before they are due', async () => {
    const cancelled = await matchedGame()
    const moved = await matchedGame()
    for (const { game } of [cancelled, moved]) {
      await scheduleReminders(first.db, game as { id: string; startsAt: Date }, NOW)
    }
    await first.db.update(playDates).set({ status: 'cancelled' }).where(eq(playDates.id, cancelled.game.id))
    await first.db
      .update(playDates)
      .set({ startsAt: at(START, 24 * 60) })
      .where(eq(playDates.id, moved.game.id))

    await runDueJobs(first.db, handlersFor(first), at(START, -60))
    const ids = [...cancelled.players, ...moved.players].map((p) => p.id)
    expect(await reminderNotes(ids)).toEqual([])
    expect(await reminderMail([...cancelled.players, ...moved.players].map((p) => p.email))).toEqual([])
  })

  it('respect each player’s choice: no email for a player who switched reminder emails off', async () => {
    const { game, players } = await matchedGame()
    const [maya] = players
    await first.db
      .insert(notificationPreferences)
      .values({ profileId: maya!.id, kind: 'reminders', inApp: true, email: false })
    await scheduleReminders(first.db, game as { id: string; startsAt: Date }, NOW)
    await runDueJobs(first.db, handlersFor(first), at(START, -24 * 60))
    expect(await reminderNotes([maya!.id])).toHaveLength(1)
    expect(await reminderMail([maya!.email])).toEqual([])
    expect(await reminderMail(players.slice(1).map((p) => p.email))).toHaveLength(3)
  })
})

describe('PlayDate expiry', () => {
  it('turns an open PlayDate whose start has passed into expired, and leaves a matched one alone', async () => {
    const open = await matchedGame('open')
    const matched = await matchedGame('matched')
    for (const { game } of [open, matched])
      await scheduleExpiry(first.db, game as { id: string; startsAt: Date })
    await runDueJobs(first.db, handlersFor(first), at(START, -1))
    const statusOf = async (id: string) =>
      (await first.db.select({ status: playDates.status }).from(playDates).where(eq(playDates.id, id)))[0]!
        .status
    expect(await statusOf(open.game.id)).toBe('open')
    await runDueJobs(first.db, handlersFor(first), START)
    expect(await statusOf(open.game.id)).toBe('expired')
    expect(await statusOf(matched.game.id)).toBe('matched')
  })
})
