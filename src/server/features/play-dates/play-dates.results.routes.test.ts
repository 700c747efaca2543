import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RESULT_MESSAGES } from '../../../domain/play-dates/results'
import { auditLog, notificationPreferences, notifications, playDateReports, playDates } from '../../db/schema'
import { runDueJobs } from '../../lib/jobs'
import { jobHandlers } from '../../jobs'
import { signedInUser, befriend } from '../../testing/factories'
import { mailTo } from '../../testing/mailbox'
import { runNoticeEmails } from '../../testing/notice-jobs'
import { createTestApp, type TestApp } from '../../testing/test-app'
import type { SignedInPlayer } from '../../testing/factories'

// After the game: reports, confirmation, disputes, the unanswered report standing, payment marks,
// late cancels, reliability and the results export, on PGlite and PostgreSQL.

let t: TestApp
const START = new Date('2026-12-05T15:00:00Z') // Saturday, December 5, 8:00 AM in Phoenix
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const at = (minutesFromStart: number) => new Date(START.getTime() + minutesFromStart * 60_000)

// Four players matched on a Pay PlayDate (the creator team pays) on START, made a week before.
async function matchedGame(options: { type?: 'challenge' | 'earn'; start?: Date } = {}) {
  const start = options.start ?? START
  t.clock.set(new Date(start.getTime() - 7 * 24 * 60 * 60_000))
  const [a, b, c, d] = await Promise.all([
    signedInUser(t, { firstName: 'Maya' }),
    signedInUser(t, { firstName: 'Priya' }),
    signedInUser(t, { firstName: 'Cal' }),
    signedInUser(t, { firstName: 'Dee' }),
  ])
  await befriend(t.db, a!, b!)
  await befriend(t.db, c!, d!)
  const local = new Date(start.getTime() - 7 * 60 * 60_000).toISOString()
  const created = await a!.client.post('/api/play-dates', {
    type: options.type ?? 'challenge',
    state: 'AZ',
    regions: ['east_valley'],
    partnerId: b!.profile.id,
    amount: 25,
    description: 'Saturday doubles',
    startDate: local.slice(0, 10),
    startTime: local.slice(11, 16),
  })
  expect(created.status).toBe(201)
  const applied = await c!.client.post(`/api/play-dates/${created.body.id}/requests`, {
    partnerId: d!.profile.id,
  })
  expect(applied.status).toBe(201)
  const accepted = await a!.client.post(`/api/play-dates/requests/${applied.body.id}/accept`)
  expect(accepted.status).toBe(200)
  return { id: created.body.id as string, a: a!, b: b!, c: c!, d: d! }
}

// A one-tap confirmation, and the minute after it when its job settles the result (decision 0159).
async function confirmAndSettle(player: SignedInPlayer, id: string) {
  const confirmed = await player.client.post(`/api/play-dates/${id}/result/confirm`)
  expect(confirmed.status).toBe(200)
  expect(confirmed.body.result.state).toBe('confirming')
  t.clock.advance(60_000)
  while ((await runDueJobs(t.db, jobHandlers(t.deps), t.clock.now())) > 0);
  return player.client.get(`/api/play-dates/${id}`)
}

const played = (games: Array<[number, number]>, pointsTo = 11) => ({
  outcome: 'played',
  pointsTo,
  games: games.map(([us, them]) => ({ us, them })),
})

describe('reporting a result', () => {
  it('opens at the start; the other team confirms in one tap and both see the settled result', async () => {
    const g = await matchedGame()
    t.clock.set(at(-10))
    const early = await g.a.client.post(
      `/api/play-dates/${g.id}/result`,
      played([
        [11, 7],
        [11, 5],
      ]),
    )
    expect(early.status).toBe(409)
    expect(early.body.error.message).toBe(RESULT_MESSAGES.notStarted)
    const before = await g.a.client.get(`/api/play-dates/${g.id}`)
    expect(before.body.result).toMatchObject({
      state: 'not_yet',
      viewer: { team: 'creator', canReport: false },
    })

    t.clock.set(at(150))
    const reported = await g.b.client.post(
      `/api/play-dates/${g.id}/result`,
      played([
        [11, 7],
        [11, 5],
      ]),
    )
    expect(reported.status).toBe(200)
    expect(reported.body.result).toMatchObject({
      state: 'waiting',
      reports: [
        {
          team: 'creator',
          reporter: { id: g.b.profile.id, firstName: 'Priya' },
          outcome: {
            outcome: 'played',
            pointsTo: 11,
            games: [
              { creatorTeam: 11, respondingTeam: 7 },
              { creatorTeam: 11, respondingTeam: 5 },
            ],
          },
        },
      ],
      viewer: { team: 'creator', canReport: false, canConfirm: false },
    })
    // The reporter's partner sees who reported, and cannot report again for the team.
    const again = await g.a.client.post(`/api/play-dates/${g.id}/result`, { outcome: 'not_played' })
    expect(again.status).toBe(409)
    expect(again.body.error.message).toBe(RESULT_MESSAGES.alreadyReported)

    // The other team is asked, in the app and by email.
    const asked = await t.db
      .select({ title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, g.c.profile.id), eq(notifications.title, 'Confirm the result')))
    expect(asked).toHaveLength(1)
    expect(asked[0]!.message).toContain('Priya')
    await runNoticeEmails(t)
    const mail = await mailTo(t, g.d.profile.email)
    expect(mail.some((m) => m.subject.startsWith('Confirm the result: '))).toBe(true)

    const theirView = await g.c.client.get(`/api/play-dates/${g.id}`)
    expect(theirView.body.result.viewer).toMatchObject({
      team: 'responding',
      canConfirm: true,
      canReport: true,
    })
    const confirmed = await confirmAndSettle(g.c, g.id)
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.status).toBe('completed')
    expect(confirmed.body.result).toMatchObject({
      state: 'settled',
      settledBy: 'agreed',
      outcome: {
        outcome: 'played',
        games: [
          { creatorTeam: 11, respondingTeam: 7 },
          { creatorTeam: 11, respondingTeam: 5 },
        ],
      },
      payment: { payingTeam: 'creator', amount: 50, paidAt: null, receivedAt: null },
      viewer: { canMarkPaid: false, canMarkReceived: true },
    })
    const later = await g.d.client.post(`/api/play-dates/${g.id}/result`, { outcome: 'not_played' })
    expect(later.status).toBe(409)
    expect(later.body.error.message).toBe(RESULT_MESSAGES.settled)

    // Both teams' profiles count the game.
    const profile = await g.c.client.get(`/api/profiles/${g.a.profile.id}`)
    expect(profile.body.reliability).toEqual({
      played: 1,
      noShows: 0,
      lateCancels: 0,
      replaced: 0,
      savedGames: 0,
    })
    const detail = await g.a.client.get(`/api/play-dates/${g.id}`)
    expect(detail.body.respondingTeam.captain.reliability).toEqual({
      played: 1,
      noShows: 0,
      lateCancels: 0,
      replaced: 0,
      savedGames: 0,
    })
  })

  it('shows the settled result on the History cards of both teams, none before', async () => {
    const g = await matchedGame()
    t.clock.set(at(90))
    const item = async (player: typeof g.a, tab: 'mine' | 'history') =>
      ((await player.client.get(`/api/play-dates?tab=${tab}`)).body.items as Array<{ id: string }>).find(
        (i) => i.id === g.id,
      )
    expect(await item(g.a, 'mine')).toMatchObject({ status: 'matched', result: null })
    await g.c.client.post(`/api/play-dates/${g.id}/result`, {
      outcome: 'played',
      pointsTo: 11,
      games: [
        { us: 11, them: 8 },
        { us: 6, them: 11 },
        { us: 11, them: 9 },
      ],
    })
    expect(await item(g.a, 'mine')).toMatchObject({ result: null })
    expect((await confirmAndSettle(g.a, g.id)).status).toBe(200)
    // Told from the creator team's side, as the PlayDate page's result is.
    const result = {
      outcome: 'played',
      pointsTo: 11,
      games: [
        { creatorTeam: 8, respondingTeam: 11 },
        { creatorTeam: 11, respondingTeam: 6 },
        { creatorTeam: 9, respondingTeam: 11 },
      ],
    }
    for (const player of [g.b, g.d])
      expect(await item(player, 'history')).toMatchObject({ status: 'completed', result })
  })

  it('refuses scores that break the rules, naming the game', async () => {
    const g = await matchedGame()
    t.clock.set(at(120))
    const cases: Array<[unknown, string, string]> = [
      [played([[11, 10]]), 'games.0', RESULT_MESSAGES.gameScore],
      [
        played([
          [11, 7],
          [7, 11],
        ]),
        'games.1',
        RESULT_MESSAGES.thirdGameNeeded,
      ],
      [
        played([
          [11, 7],
          [11, 7],
          [11, 3],
        ]),
        'games.2',
        RESULT_MESSAGES.matchAlreadyWon,
      ],
      [played([[14, 12]], 15), 'games.0', RESULT_MESSAGES.gameScore],
      [
        { outcome: 'played', pointsTo: 12, games: [{ us: 12, them: 3 }] },
        'pointsTo',
        RESULT_MESSAGES.chooseTarget,
      ],
      [{ outcome: 'maybe' }, 'outcome', RESULT_MESSAGES.chooseOutcome],
    ]
    for (const [body, field, message] of cases) {
      const res = await g.a.client.post(`/api/play-dates/${g.id}/result`, body as Record<string, unknown>)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.error.fields?.[field] ?? res.body.error.message).toBe(message)
    }
    // Past a tie, a game is won by exactly two.
    const ok = await g.a.client.post(
      `/api/play-dates/${g.id}/result`,
      played(
        [
          [13, 11],
          [9, 11],
          [21, 19],
        ],
        11,
      ),
    )
    expect(ok.status).toBe(200)
  })

  it('closes 7 days after the start; a report left unanswered stands 7 days after it', async () => {
    const late = await matchedGame()
    t.clock.set(at(7 * 24 * 60 + 1))
    const closed = await late.a.client.post(`/api/play-dates/${late.id}/result`, played([[11, 4]]))
    expect(closed.status).toBe(409)
    expect(closed.body.error.message).toBe(RESULT_MESSAGES.windowClosed)
    expect((await late.a.client.get(`/api/play-dates/${late.id}`)).body.result.state).toBe('closed')

    const g = await matchedGame({ start: new Date('2026-12-12T15:00:00Z') })
    const start = new Date('2026-12-12T15:00:00Z')
    t.clock.set(new Date(start.getTime() + 6 * 24 * 60 * 60_000))
    expect((await g.c.client.post(`/api/play-dates/${g.id}/result`, { outcome: 'no_show' })).status).toBe(200)
    // Not yet due: nothing changes.
    await runDueJobs(t.db, jobHandlers(t.deps), new Date(start.getTime() + 12 * 24 * 60 * 60_000))
    expect((await g.a.client.get(`/api/play-dates/${g.id}`)).body.status).toBe('matched')
    const due = new Date(start.getTime() + 13 * 24 * 60 * 60_000)
    t.clock.set(due)
    const tooLate = await g.a.client.post(`/api/play-dates/${g.id}/result/confirm`)
    expect(tooLate.status).toBe(409)
    expect(tooLate.body.error.message).toBe(RESULT_MESSAGES.answerClosed)
    await runDueJobs(t.db, jobHandlers(t.deps), due)
    const settled = await g.a.client.get(`/api/play-dates/${g.id}`)
    expect(settled.body).toMatchObject({
      status: 'completed',
      result: {
        state: 'settled',
        settledBy: 'unanswered',
        outcome: { outcome: 'no_show', absentTeam: 'creator' },
      },
    })
    // The no-show counts for the creator team's players, not for the reporting team.
    expect((await g.c.client.get(`/api/profiles/${g.a.profile.id}`)).body.reliability).toEqual({
      played: 0,
      noShows: 1,
      lateCancels: 0,
      replaced: 0,
      savedGames: 0,
    })
    expect((await g.a.client.get(`/api/profiles/${g.c.profile.id}`)).body.reliability.noShows).toBe(0)
  })
})

describe('disputes', () => {
  it('two different reports make a dispute an admin decides, in the audit log, told to all four', async () => {
    const g = await matchedGame()
    t.clock.set(at(130))
    await g.a.client.post(
      `/api/play-dates/${g.id}/result`,
      played([
        [11, 9],
        [11, 8],
      ]),
    )
    // The other team says it won in three.
    const other = await g.d.client.post(
      `/api/play-dates/${g.id}/result`,
      played([
        [9, 11],
        [11, 7],
        [11, 6],
      ]),
    )
    expect(other.status).toBe(200)
    expect(other.body.result).toMatchObject({
      state: 'disputed',
      viewer: { canReport: false, canConfirm: false },
    })
    expect(other.body.status).toBe('matched')

    const player = await signedInUser(t)
    expect((await player.client.get('/api/admin/disputes')).status).toBe(403)
    const admin = await signedInUser(t, { isAdmin: true })
    const list = await admin.client.get('/api/admin/disputes')
    expect(list.status).toBe(200)
    const item = list.body.items.find((i: { id: string }) => i.id === g.id)
    expect(item.reports).toHaveLength(2)
    expect(item.creatorTeam).toContain('Maya')

    const bad = await admin.client.post(`/api/admin/play-dates/${g.id}/result`, {
      outcome: 'played',
      pointsTo: 11,
      games: [{ creatorTeam: 11, respondingTeam: 10 }],
    })
    expect(bad.status).toBe(400)
    const decided = await admin.client.post(`/api/admin/play-dates/${g.id}/result`, {
      outcome: 'played',
      pointsTo: 11,
      games: [
        { creatorTeam: 11, respondingTeam: 9 },
        { creatorTeam: 11, respondingTeam: 8 },
      ],
    })
    expect(decided.status).toBe(200)
    const again = await admin.client.post(`/api/admin/play-dates/${g.id}/result`, { outcome: 'not_played' })
    expect(again.status).toBe(409)
    expect(again.body.error.message).toBe(RESULT_MESSAGES.notDisputed)
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, g.id))
    expect(audit.map((a) => a.action)).toContain('play_date.result_decided')
    for (const p of [g.a, g.b, g.c, g.d]) {
      const seen = await p.client.get(`/api/play-dates/${g.id}`)
      expect(seen.body.result).toMatchObject({ state: 'settled', settledBy: 'admin' })
      const told = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, p.profile.id), eq(notifications.title, 'Result decided')))
      expect(told).toHaveLength(1)
    }
  })

  it('two teams reporting at once keep both reports and end in one state', async () => {
    const g = await matchedGame()
    t.clock.set(at(200))
    const [one, two] = await Promise.all([
      g.a.client.post(`/api/play-dates/${g.id}/result`, played([[11, 3]])),
      g.c.client.post(`/api/play-dates/${g.id}/result`, played([[3, 11]])),
    ])
    expect([one.status, two.status]).toEqual([200, 200])
    const reports = await t.db.select().from(playDateReports).where(eq(playDateReports.playDateId, g.id))
    expect(reports).toHaveLength(2)
    const final = await g.b.client.get(`/api/play-dates/${g.id}`)
    expect(final.body).toMatchObject({
      status: 'completed',
      result: { state: 'settled', settledBy: 'agreed' },
    })

    const h = await matchedGame()
    t.clock.set(at(200))
    const both = await Promise.all([
      h.b.client.post(`/api/play-dates/${h.id}/result`, { outcome: 'not_played' }),
      h.d.client.post(`/api/play-dates/${h.id}/result`, played([[11, 3]])),
    ])
    expect(both.map((r) => r.status)).toEqual([200, 200])
    expect((await h.a.client.get(`/api/play-dates/${h.id}`)).body.result.state).toBe('disputed')
  })
})

describe('who may act on a result', () => {
  it('refuses players outside the PlayDate and paused players', async () => {
    const g = await matchedGame()
    t.clock.set(at(100))
    const stranger = await signedInUser(t)
    for (const [path, body] of [
      [`/api/play-dates/${g.id}/result`, { outcome: 'not_played' }],
      [`/api/play-dates/${g.id}/result/confirm`, undefined],
      [`/api/play-dates/${g.id}/payment`, { mark: 'paid' }],
    ] as const) {
      const res = await stranger.client.post(path, body)
      expect(res.status).toBe(403)
    }
    const paused = await signedInUser(t, { isPaused: true })
    expect(
      (await paused.client.post(`/api/play-dates/${g.id}/result`, { outcome: 'not_played' })).status,
    ).toBe(403)
    expect((await paused.client.get('/api/play-dates/results.csv')).status).toBe(403)
    expect(
      (await stranger.client.post(`/api/admin/play-dates/${g.id}/result`, { outcome: 'not_played' })).status,
    ).toBe(403)
  })

  it('respects the results notification preferences', async () => {
    const g = await matchedGame()
    await t.db.insert(notificationPreferences).values([
      { profileId: g.c.profile.id, kind: 'results', inApp: false, email: false },
      { profileId: g.d.profile.id, kind: 'results', inApp: true, email: false },
    ])
    t.clock.set(at(100))
    await g.a.client.post(`/api/play-dates/${g.id}/result`, { outcome: 'not_played' })
    const asked = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(
          eq(notifications.title, 'Confirm the result'),
          eq(notifications.link, `/playdates/${g.id}#game-result`),
        ),
      )
    expect(asked.map((n) => n.userId)).toEqual([g.d.profile.id])
    const mail = await mailTo(t, [g.c.profile.email, g.d.profile.email])
    expect(mail.filter((m) => m.subject === 'Confirm the result')).toHaveLength(0)
  })
})

describe('payment marks', () => {
  it('lets the paying team mark paid and the other received, once played', async () => {
    const g = await matchedGame({ type: 'earn' })
    t.clock.set(at(130))
    const early = await g.c.client.post(`/api/play-dates/${g.id}/payment`, { mark: 'paid' })
    expect(early.status).toBe(409)
    expect(early.body.error.message).toBe(RESULT_MESSAGES.notPlayed)
    await g.a.client.post(`/api/play-dates/${g.id}/result`, played([[11, 2]]))
    await confirmAndSettle(g.c, g.id)
    // Earn: the responding team pays the creator team.
    const wrong = await g.a.client.post(`/api/play-dates/${g.id}/payment`, { mark: 'paid' })
    expect(wrong.status).toBe(403)
    expect(wrong.body.error.message).toBe(RESULT_MESSAGES.notPayingTeam)
    const paid = await g.d.client.post(`/api/play-dates/${g.id}/payment`, { mark: 'paid' })
    expect(paid.body.result.payment).toMatchObject({
      payingTeam: 'responding',
      paidBy: { id: g.d.profile.id },
    })
    const received = await g.b.client.post(`/api/play-dates/${g.id}/payment`, { mark: 'received' })
    expect(received.body.result.payment).toMatchObject({ receivedBy: { id: g.b.profile.id } })
    expect(received.body.result.viewer).toMatchObject({ canMarkPaid: false, canMarkReceived: false })
  })

  it('has nothing to mark on a free game', async () => {
    const g = await matchedGame()
    // A group's weekly game may cost nothing (docs/decisions/0169).
    await t.db
      .update(playDates)
      .set({ paymentPerHourMin: 0, paymentPerHourMax: 0 })
      .where(eq(playDates.id, g.id))
    t.clock.set(at(130))
    await g.a.client.post(`/api/play-dates/${g.id}/result`, played([[11, 2]]))
    const settled = await confirmAndSettle(g.c, g.id)
    expect(settled.body.result.outcome).toMatchObject({ outcome: 'played' })
    expect(settled.body.result.payment).toBeNull()
    expect(settled.body.result.viewer).toMatchObject({ canMarkPaid: false, canMarkReceived: false })
    for (const [player, mark] of [
      [g.a, 'paid'],
      [g.c, 'received'],
    ] as const) {
      const res = await player.client.post(`/api/play-dates/${g.id}/payment`, { mark })
      expect(res.status).toBe(409)
      expect(res.body.error.message).toBe(RESULT_MESSAGES.freeGame)
    }
    const [row] = await t.db
      .select({ paidAt: playDates.paidAt, receivedAt: playDates.receivedAt })
      .from(playDates)
      .where(eq(playDates.id, g.id))
    expect(row).toEqual({ paidAt: null, receivedAt: null })
  })
})

describe('late cancels', () => {
  it('counts a matched game cancelled under 24 h before its start against the team that cancelled', async () => {
    const g = await matchedGame()
    t.clock.set(at(-30 * 60))
    const early = await g.a.client.get(`/api/play-dates/${g.id}`)
    expect(early.body.viewer).toMatchObject({ canCancel: true, cancelIsLate: false })
    t.clock.set(at(-10 * 60))
    const view = await g.c.client.get(`/api/play-dates/${g.id}`)
    expect(view.body.viewer).toMatchObject({ canCancel: true, cancelIsLate: true })
    const cancelled = await g.c.client.post(`/api/play-dates/${g.id}/cancel`)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body).toMatchObject({ status: 'cancelled', lateCancel: true })
    expect((await g.a.client.get(`/api/profiles/${g.d.profile.id}`)).body.reliability.lateCancels).toBe(1)
    expect((await g.c.client.get(`/api/profiles/${g.a.profile.id}`)).body.reliability.lateCancels).toBe(0)

    const h = await matchedGame()
    t.clock.set(at(-48 * 60))
    const onTime = await h.b.client.post(`/api/play-dates/${h.id}/cancel`)
    expect(onTime.body).toMatchObject({ status: 'cancelled', lateCancel: false })

    const k = await matchedGame()
    t.clock.set(at(5))
    const started = await k.a.client.post(`/api/play-dates/${k.id}/cancel`)
    expect(started.status).toBe(409)
    expect(started.body.error.message).toBe(RESULT_MESSAGES.cancelStarted)
  })
})

describe('the results export', () => {
  it('writes the player’s settled games in DUPR’s importer layout, their team as team A', async () => {
    const g = await matchedGame()
    expect((await g.c.client.put('/api/profiles/me/dupr-id', { duprId: 'x' })).status).toBe(400)
    const set = await g.c.client.put('/api/profiles/me/dupr-id', { duprId: ' ab12cd ' })
    expect(set.body.duprId).toBe('AB12CD')
    t.clock.set(at(130))
    await g.a.client.post(
      `/api/play-dates/${g.id}/result`,
      played([
        [11, 7],
        [5, 11],
        [11, 9],
      ]),
    )
    await confirmAndSettle(g.d, g.id)
    const res = await g.c.client.get('/api/play-dates/results.csv')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/csv')
    expect(res.headers.get('content-disposition')).toContain('attachment')
    const [header, row, ...rest] = (res.text as string).trim().split('\r\n')
    expect(rest).toHaveLength(0)
    const columns = header!.split(',')
    const cells = row!.split(',')
    const cell = (name: string) => cells[columns.indexOf(name)]
    expect(cell('matchType')).toBe('D')
    expect(cell('date')).toBe('2026-12-05')
    expect(cell('playerA1')).toBe(`Cal ${g.c.profile.lastName}`)
    expect(cell('playerA1DuprId')).toBe('AB12CD')
    expect(cell('playerB1')).toBe(`Maya ${g.a.profile.lastName}`)
    expect(cell('playerB1DuprId')).toBe('')
    expect([cell('teamAGame1'), cell('teamBGame1'), cell('teamAGame3'), cell('teamBGame3')]).toEqual([
      '7',
      '11',
      '9',
      '11',
    ])
    expect(cell('teamAGame4')).toBe('')
  })
})
