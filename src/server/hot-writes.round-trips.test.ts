import { TZDate } from '@date-fns/tz'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs } from './db/schema'
import { createNotifications } from './features/notifications'
import { befriend, insertMatchedPlayDate, insertOpenPlayDate, signedInUser } from './testing/factories'
import { nextNoonInPhoenix, runNoticeEmails } from './testing/notice-jobs'
import { statementsSent, type StatementsSent } from './testing/statements'
import { createTestApp, testDatabaseKind, type TestApp } from './testing/test-app'

// The hot writes reach PostgreSQL in at most four round trips each (the session read included):
// every statement is a trip over the network to the database and back, and on a busy server the
// writes that wake its backends are where the time goes (bench/notes.md). Counted at the driver.
describe.runIf(testDatabaseKind === 'postgres')('hot writes: database round trips', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  async function tripsOf(send: () => Promise<{ status: number }>) {
    const sent = await statementsSent(send)
    expect(sent.result.status).toBeLessThan(300)
    return sent
  }

  it('a friend request: the session, one statement, its live events', async () => {
    const [a, b] = await Promise.all([signedInUser(t), signedInUser(t)])
    const trips = await tripsOf(() =>
      a.client.post('/api/connections/friend-requests', { receiverId: b.profile.id }),
    )
    expect(trips.all.length, trips.all.join('\n')).toBeLessThanOrEqual(4)
  })

  it('a chat message: the session, the rate limit, one statement, its live events', async () => {
    const [maya, sam, alex, jo] = await Promise.all([0, 1, 2, 3].map(() => signedInUser(t)))
    const game = await insertMatchedPlayDate(t.db, [maya!, sam!], [alex!, jo!])
    const trips = await tripsOf(() =>
      maya!.client.post(`/api/play-dates/${game.id}/messages`, { content: 'See you at 8' }),
    )
    expect(trips.all.length, trips.all.join('\n')).toBeLessThanOrEqual(4)
  })

  // Its lock, checks and insert are one statement (decision 0113).
  it('an application: the session, the rate limit, one statement, its live events', async () => {
    const [maya, sam, alex, jo] = await Promise.all([0, 1, 2, 3].map(() => signedInUser(t)))
    await befriend(t.db, alex!, jo!)
    const open = await insertOpenPlayDate(t.db, maya!, sam!)
    const trips = await tripsOf(() =>
      alex!.client.post(`/api/play-dates/${open.id}/requests`, { partnerId: jo!.profile.id }),
    )
    expect(trips.all.length, trips.all.join('\n')).toBeLessThanOrEqual(4)
  })

  // Its transaction holds the embedded database's one session from its first statement to its
  // commit, and every statement in between waits for the server's thread: the locks, the clash
  // check, the writes and the notices (bench/notes.md, "Transactions on the one session").
  it('an accept that matches the game: its transaction in nine statements between begin and commit', async () => {
    const [maya, sam, alex, jo, kim, lee] = await Promise.all([0, 1, 2, 3, 4, 5].map(() => signedInUser(t)))
    await befriend(t.db, alex!, jo!)
    await befriend(t.db, kim!, lee!)
    const open = await insertOpenPlayDate(t.db, maya!, sam!, {
      startsAt: new Date(Date.now() + 3 * 86_400_000),
      timeZone: 'America/Phoenix',
      durationMinutes: 90,
      place: 'Court 1',
    })
    const applied = await alex!.client.post(`/api/play-dates/${open.id}/requests`, {
      partnerId: jo!.profile.id,
    })
    await kim!.client.post(`/api/play-dates/${open.id}/requests`, { partnerId: lee!.profile.id })
    const requestId = (applied.body as { id: string }).id
    const { inside } = await tripsOf(() =>
      maya!.client.post(`/api/play-dates/requests/${requestId}/accept`, {}),
    )
    expect(inside.length, inside.join('\n')).toBeLessThanOrEqual(9)
  })

  // A notice email is the job the mix runs most (about one for every two requests at its busiest),
  // and on the embedded database each of its statements holds the one session.
  describe('a notice email', () => {
    // The statements a turn of notice emails sends, having run `count` jobs.
    async function tripsOfRun(run: () => Promise<number>, count = 1) {
      const sent = await statementsSent(run)
      expect(sent.result).toBe(count)
      return sent
    }

    async function noticesFor(count: number) {
      // The emails of the notices the tests above made go first.
      await runNoticeEmails(t)
      const players = await Promise.all(Array.from({ length: count }, () => signedInUser(t)))
      await createNotifications(
        t.db,
        players.map((player) => ({
          userId: player.profile.id,
          type: 'other' as const,
          title: 'A friend request',
          message: 'Sam wants to be friends',
          kind: 'friend_requests' as const,
        })),
      )
      return players
    }
    const noticeFor = async () => (await noticesFor(1))[0]!

    // Before the transaction: the statements that read the notice's context (docs/decisions/0234).
    const contextsBefore = (trips: StatementsSent<number>) =>
      trips.before.filter((text) => /^select/i.test(text) && text.includes('"notification_preferences"'))

    it('sent: its context before begin, then its claim and the outbox between begin and commit', async () => {
      await noticeFor()
      const trips = await tripsOfRun(() => runNoticeEmails(t))
      expect(contextsBefore(trips), trips.all.join('\n')).toHaveLength(1)
      expect(trips.inside, trips.all.join('\n')).toHaveLength(2)
    })

    it('several: each its context before begin, then one claim and one outbox insert for them all', async () => {
      await noticesFor(3)
      const trips = await tripsOfRun(() => runNoticeEmails(t), 3)
      expect(
        trips.all.filter((text) => /^begin/i.test(text)),
        trips.all.join('\n'),
      ).toHaveLength(1)
      expect(
        trips.all.filter((text) => /^update "jobs"/i.test(text)),
        trips.all.join('\n'),
      ).toHaveLength(1)
      expect(contextsBefore(trips), trips.all.join('\n')).toHaveLength(3)
      expect(trips.inside, trips.all.join('\n')).toHaveLength(2)
    })

    it('held for quiet hours: its context before begin, then its claim and its own row due again, and no second job', async () => {
      const player = await noticeFor()
      const noon = nextNoonInPhoenix(t.clock.now())
      // 11 PM in Phoenix, within the default quiet hours.
      const night = new Date(noon.getTime() + 11 * 3_600_000)
      expect(new TZDate(night.getTime(), 'America/Phoenix').getHours()).toBe(23)
      const trips = await tripsOfRun(() => runNoticeEmails(t, night))
      expect(contextsBefore(trips), trips.all.join('\n')).toHaveLength(1)
      expect(trips.inside, trips.all.join('\n')).toHaveLength(2)
      const rows = await t.db.select().from(jobs).where(eq(jobs.ownerId, player.profile.id))
      expect(rows).toHaveLength(1)
      expect(rows[0]!.doneAt).toBeNull()
      expect(rows[0]!.attempts).toBe(0)
      expect(rows[0]!.runAt.getTime()).toBeGreaterThan(night.getTime())
      expect(rows[0]!.payload).toMatchObject({ held: true })
    })

    it('several held: each its context before begin, then one claim and one update due again for them all', async () => {
      const players = await noticesFor(3)
      const night = new Date(nextNoonInPhoenix(t.clock.now()).getTime() + 11 * 3_600_000)
      const trips = await tripsOfRun(() => runNoticeEmails(t, night), 3)
      expect(contextsBefore(trips), trips.all.join('\n')).toHaveLength(3)
      expect(trips.inside, trips.all.join('\n')).toHaveLength(2)
      for (const player of players) {
        const rows = await t.db.select().from(jobs).where(eq(jobs.ownerId, player.profile.id))
        expect(rows).toHaveLength(1)
        expect(rows[0]!.doneAt).toBeNull()
        expect(rows[0]!.attempts).toBe(0)
        expect(rows[0]!.runAt.getTime()).toBeGreaterThan(night.getTime())
        expect(rows[0]!.payload).toMatchObject({ held: true, notice: { userId: player.profile.id } })
      }
    })
  })
})
