import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RESULT_MESSAGES } from '../../../domain/play-dates/results'
import { jobs, notifications } from '../../db/schema'
import { jobHandlers } from '../../jobs'
import { runDueJobs } from '../../lib/jobs'
import { HOUR, insertFullGame, runJobsAt, viewOf } from '../../testing/full-game'
import { mailTo } from '../../testing/mailbox'
import { runNoticeEmails } from '../../testing/notice-jobs'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { RESULT_CONFIRMED_JOB } from './play-dates.results.confirm'

// "Confirm result" can be undone within a minute (docs/decisions/0159): the confirmation waits,
// the player who confirmed may take it back, and a job settles it after the minute, once, and
// only then tells the other players. On PGlite and PostgreSQL.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const SECOND = 1000
let startsAt = new Date('2027-02-06T16:00:00Z')

// A game that started an hour ago, its result reported by Ann (creator team): Cal and Dee may
// confirm it. Each test gets a game of its own a day after the last one.
async function reportedGame() {
  startsAt = new Date(startsAt.getTime() + 24 * HOUR)
  t.clock.set(new Date(startsAt.getTime() - 48 * HOUR))
  const g = await insertFullGame(t, startsAt)
  t.clock.set(new Date(startsAt.getTime() + 2 * HOUR))
  const reported = await g.a.client.post(`/api/play-dates/${g.id}/result`, {
    outcome: 'played',
    pointsTo: 11,
    games: [{ us: 11, them: 7 }],
  })
  expect(reported.status).toBe(200)
  const confirmedAt = new Date(startsAt.getTime() + 3 * HOUR)
  return { ...g, confirmedAt, after: (ms: number) => new Date(confirmedAt.getTime() + ms) }
}

const confirmedNotices = (id: string) =>
  t.db
    .select({ userId: notifications.userId, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.playDateId, id), eq(notifications.title, 'Result confirmed')))

describe('confirming a result, undone within a minute', () => {
  it('waits a minute, telling nobody, then a job settles it and tells the other three players', async () => {
    const g = await reportedGame()
    t.clock.set(g.confirmedAt)
    const confirmed = await g.c.client.post(`/api/play-dates/${g.id}/result/confirm`)
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.status).toBe('matched')
    expect(confirmed.body.result).toMatchObject({
      state: 'confirming',
      outcome: null,
      confirmation: {
        by: { id: g.c.profile.id, firstName: 'Cal' },
        confirmedAt: g.confirmedAt.toISOString(),
        undoUntil: g.after(60 * SECOND).toISOString(),
        secondsLeft: 60,
      },
      viewer: { team: 'responding', canConfirm: false, canReport: false, canUndoConfirm: true },
    })
    // Only Cal may undo; the others see the confirmation waiting.
    expect((await viewOf(g.d, g.id)).result).toMatchObject({
      state: 'confirming',
      viewer: { canUndoConfirm: false },
    })
    expect((await viewOf(g.a, g.id)).result).toMatchObject({
      state: 'confirming',
      viewer: { canReport: false, canUndoConfirm: false },
    })

    // Nothing is settled or sent within the minute: no notice, no email, the game not counted.
    await runJobsAt(t, g.after(59 * SECOND))
    expect(await confirmedNotices(g.id)).toEqual([])
    expect((await viewOf(g.a, g.id)).status).toBe('matched')
    expect((await g.c.client.get(`/api/profiles/${g.a.profile.id}`)).body.reliability.played).toBe(0)
    expect((await g.d.client.get('/api/home')).body.results).toEqual([])

    // After it, the job settles the result as agreed and tells Ann, Ben and Dee.
    await runJobsAt(t, g.after(60 * SECOND))
    const settled = await viewOf(g.a, g.id)
    expect(settled).toMatchObject({
      status: 'completed',
      result: {
        state: 'settled',
        settledBy: 'agreed',
        settledAt: g.after(60 * SECOND).toISOString(),
        confirmation: null,
        outcome: { outcome: 'played', games: [{ creatorTeam: 11, respondingTeam: 7 }] },
      },
    })
    const told = await confirmedNotices(g.id)
    expect(told.map((n) => n.userId).sort()).toEqual([g.a.profile.id, g.b.profile.id, g.d.profile.id].sort())
    expect(told[0]!.message).toContain(`Cal ${g.c.profile.lastName} confirmed the result`)
    expect((await g.c.client.get(`/api/profiles/${g.a.profile.id}`)).body.reliability.played).toBe(1)
    const late = await g.c.client.post(`/api/play-dates/${g.id}/result/confirm/undo`)
    expect(late.status).toBe(409)
    expect(late.body.error.message).toBe(RESULT_MESSAGES.undoClosed)
  })

  it('undone within the minute, the report waits for an answer again and the job does nothing', async () => {
    const g = await reportedGame()
    t.clock.set(g.confirmedAt)
    expect((await g.c.client.post(`/api/play-dates/${g.id}/result/confirm`)).status).toBe(200)
    t.clock.set(g.after(59 * SECOND))
    // Not Cal's teammate, not the other team: the one who confirmed.
    for (const other of [g.d, g.a]) {
      const refused = await other.client.post(`/api/play-dates/${g.id}/result/confirm/undo`)
      expect(refused.status).toBe(403)
      expect(refused.body.error.message).toBe(RESULT_MESSAGES.notYourConfirmation)
    }
    const undone = await g.c.client.post(`/api/play-dates/${g.id}/result/confirm/undo`)
    expect(undone.status).toBe(200)
    expect(undone.body.result).toMatchObject({
      state: 'waiting',
      confirmation: null,
      reports: [{ team: 'creator', reporter: { id: g.a.profile.id } }],
      viewer: { canConfirm: true, canReport: true, canUndoConfirm: false },
    })
    const again = await g.c.client.post(`/api/play-dates/${g.id}/result/confirm/undo`)
    expect(again.status).toBe(409)
    expect(again.body.error.message).toBe(RESULT_MESSAGES.nothingToUndo)

    // The minute passes: the job finds no confirmation of its own and nothing is settled or sent.
    await runJobsAt(t, g.after(5 * 60 * SECOND))
    expect((await viewOf(g.a, g.id)).result.state).toBe('waiting')
    expect(await confirmedNotices(g.id)).toEqual([])
    await runNoticeEmails(t)
    const mail = await mailTo(t, [g.a.profile.email, g.b.profile.email, g.d.profile.email])
    expect(mail.filter((m) => m.subject.startsWith('Result confirmed'))).toEqual([])

    // Dee may still report something else; confirmed again, it settles by its own job.
    t.clock.set(g.after(10 * 60 * SECOND))
    expect((await g.d.client.post(`/api/play-dates/${g.id}/result/confirm`)).status).toBe(200)
    await runJobsAt(t, g.after(11 * 60 * SECOND))
    expect((await viewOf(g.a, g.id)).result).toMatchObject({ state: 'settled', settledBy: 'agreed' })
    const told = await confirmedNotices(g.id)
    expect(told.map((n) => n.userId).sort()).toEqual([g.a.profile.id, g.b.profile.id, g.c.profile.id].sort())
  })

  it('refuses an undo at the minute, by the server’s clock, before the job has run', async () => {
    const g = await reportedGame()
    t.clock.set(g.confirmedAt)
    expect((await g.c.client.post(`/api/play-dates/${g.id}/result/confirm`)).status).toBe(200)
    t.clock.set(g.after(60 * SECOND))
    const late = await g.c.client.post(`/api/play-dates/${g.id}/result/confirm/undo`)
    expect(late.status).toBe(409)
    expect(late.body.error.message).toBe(RESULT_MESSAGES.undoClosed)
    expect((await viewOf(g.c, g.id)).result).toMatchObject({
      state: 'confirming',
      viewer: { canUndoConfirm: false },
    })
  })

  it('settles once when two runners take the job at the same time', async () => {
    const g = await reportedGame()
    // Earlier games' jobs are out of the way: the one due is this confirmation's.
    await runJobsAt(t, g.confirmedAt)
    expect((await g.c.client.post(`/api/play-dates/${g.id}/result/confirm`)).status).toBe(200)
    const due = g.after(61 * SECOND)
    const handlers = jobHandlers(t.deps)
    const only = { [RESULT_CONFIRMED_JOB]: handlers[RESULT_CONFIRMED_JOB]! }
    const taken = await Promise.all([runDueJobs(t.db, only, due), runDueJobs(t.db, only, due)])
    expect(taken[0] + taken[1]).toBe(1)
    const [job] = await t.db
      .select({ attempts: jobs.attempts, doneAt: jobs.doneAt })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, RESULT_CONFIRMED_JOB),
          eq(jobs.key, `result-confirmed:${g.id}:${g.confirmedAt.toISOString()}`),
        ),
      )
    expect(job).toMatchObject({ attempts: 1, doneAt: due })
    expect(await confirmedNotices(g.id)).toHaveLength(3)
    expect(await runDueJobs(t.db, only, g.after(10 * 60 * SECOND))).toBe(0)
    expect(await confirmedNotices(g.id)).toHaveLength(3)
  })

  it('gives a report whose week ended within the minute its turn to stand after an undo', async () => {
    const g = await reportedGame()
    // Ann reported two hours after the start: her report stands 7 days after that.
    const stands = new Date(startsAt.getTime() + 2 * HOUR + 7 * 24 * HOUR)
    t.clock.set(new Date(stands.getTime() - 30 * SECOND))
    expect((await g.c.client.post(`/api/play-dates/${g.id}/result/confirm`)).status).toBe(200)
    await runJobsAt(t, new Date(stands.getTime() + 10 * SECOND))
    expect((await viewOf(g.a, g.id)).result.state).toBe('confirming')
    expect((await g.c.client.post(`/api/play-dates/${g.id}/result/confirm/undo`)).status).toBe(200)
    await runJobsAt(t, new Date(stands.getTime() + 20 * SECOND))
    expect((await viewOf(g.a, g.id)).result).toMatchObject({ state: 'settled', settledBy: 'unanswered' })
  })
})
