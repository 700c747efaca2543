import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core'
import { AppError } from '../../../domain/errors'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import {
  type DecideResultInput,
  type GameOutcome,
  type PaymentInput,
  type PlayDateResultView,
  type ReportInput,
  type ResultState,
  RESULT_MESSAGES,
  type TeamReportView,
  type TeamSide,
  otherSide,
  outcomeOf,
  payingSide,
  reportWindow,
  sameOutcome,
  scoreLine,
  standsAt,
} from '../../../domain/play-dates/results'
import { formatStart } from '../../../domain/play-dates/schedule'
import type { Db, DbOrTx, Tx } from '../../db/client'
import { auditLog, playDateReports, playDateRequests, playDates, profiles } from '../../db/schema'
import { emailLayout } from '../../lib/email-layout'
import { enqueueJobs } from '../../lib/jobs'
import type { Mailer } from '../../lib/mail'
import { createNotification, playersWanting } from '../notifications'
import { announce } from './play-dates.notify'
import type { Actor } from './play-dates.queries'

// After the game (docs/decisions/0089-results-and-reliability.md): each team reports once, the
// other confirms or says otherwise; agreement settles the result, disagreement waits for an
// admin, and a report left unanswered stands after ANSWER_DAYS (a job). Every change runs with
// the PlayDate's row locked, so two teams reporting at once are taken one after the other.

export const RESULT_STANDS_JOB = 'play-date-result-stands'

// The first report stands ANSWER_DAYS after it unless the other team answers.
export const scheduleResultStands = (db: DbOrTx, playDateId: string, reportedAt: Date) =>
  enqueueJobs(db, [
    {
      kind: RESULT_STANDS_JOB,
      key: `result-stands:${playDateId}`,
      runAt: standsAt(reportedAt),
      payload: { playDateId },
    },
  ])

// What the result's notices need to reach the players by email.
export interface ResultNotices {
  mailer: Mailer
  productName: string
  origin: string
}

interface LockedGame {
  id: string
  status: string
  type: 'challenge' | 'earn'
  startsAt: Date | null
  timeZone: string | null
  disputedAt: Date | null
  resultOutcome: string | null
  paidAt: Date | null
  receivedAt: Date | null
  sides: Record<TeamSide, string[]>
}

// The PlayDate locked for the change, with its two teams.
async function lockGame(tx: Tx, id: string): Promise<LockedGame | null> {
  const [row] = await tx
    .select({
      id: playDates.id,
      status: playDates.status,
      type: playDates.type,
      creatorId: playDates.creatorId,
      partnerId: playDates.partnerId,
      startsAt: playDates.startsAt,
      timeZone: playDates.timeZone,
      disputedAt: playDates.disputedAt,
      resultOutcome: playDates.resultOutcome,
      paidAt: playDates.paidAt,
      receivedAt: playDates.receivedAt,
    })
    .from(playDates)
    .where(eq(playDates.id, id))
    .for('update')
  if (!row) return null
  const [accepted] = await tx
    .select({ a: playDateRequests.requesterId, b: playDateRequests.requesterPartnerId })
    .from(playDateRequests)
    .where(and(eq(playDateRequests.playDateId, id), eq(playDateRequests.status, 'accepted')))
  return {
    ...row,
    sides: {
      creator: [row.creatorId, row.partnerId].filter((p): p is string => Boolean(p)),
      responding: accepted ? [accepted.a, accepted.b] : [],
    },
  }
}

const sideOf = (game: Pick<LockedGame, 'sides'>, userId: string): TeamSide | null =>
  game.sides.creator.includes(userId)
    ? 'creator'
    : game.sides.responding.includes(userId)
      ? 'responding'
      : null

// The game, locked, and the side of the player acting on it; refusals for anyone else.
async function lockForPlayer(tx: Tx, user: Actor, id: string) {
  const game = await lockGame(tx, id)
  if (!game) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
  const side = sideOf(game, user.id)
  if (!side) throw new AppError('forbidden', PLAY_DATE_MESSAGES.notAuthorized)
  return { game, side }
}

type ReportRow = typeof playDateReports.$inferSelect

const reportsOf = (db: DbOrTx, id: string) =>
  db
    .select()
    .from(playDateReports)
    .where(eq(playDateReports.playDateId, id))
    .orderBy(asc(playDateReports.createdAt))

function outcomeOfRow(row: {
  outcome: 'played' | 'no_show' | 'not_played'
  absentTeam: TeamSide | null
  pointsTo: number | null
  games: Array<{ creatorTeam: number; respondingTeam: number }> | null
}): GameOutcome {
  if (row.outcome === 'no_show') return { outcome: 'no_show', absentTeam: row.absentTeam ?? 'responding' }
  if (row.outcome === 'played')
    return { outcome: 'played', pointsTo: (row.pointsTo ?? 11) as 11 | 15 | 21, games: row.games ?? [] }
  return { outcome: 'not_played' }
}

function reportValues(id: string, side: TeamSide, reporterId: string, outcome: GameOutcome, now: Date) {
  return {
    playDateId: id,
    team: side,
    reporterId,
    outcome: outcome.outcome,
    absentTeam: outcome.outcome === 'no_show' ? outcome.absentTeam : null,
    pointsTo: outcome.outcome === 'played' ? outcome.pointsTo : null,
    games: outcome.outcome === 'played' ? outcome.games : null,
    createdAt: now,
  }
}

async function settle(
  tx: Tx,
  id: string,
  outcome: GameOutcome,
  by: 'agreed' | 'unanswered' | 'admin',
  now: Date,
) {
  await tx
    .update(playDates)
    .set({
      status: 'completed',
      resultOutcome: outcome.outcome,
      resultAbsentTeam: outcome.outcome === 'no_show' ? outcome.absentTeam : null,
      resultPointsTo: outcome.outcome === 'played' ? outcome.pointsTo : null,
      resultGames: outcome.outcome === 'played' ? outcome.games : null,
      resultSettledBy: by,
      resultSettledAt: now,
      disputedAt: null,
      // Calendars that subscribed take the played entry over the matched one.
      revision: sql`${playDates.revision} + 1`,
    })
    .where(eq(playDates.id, id))
}

// In-app notices of a result's kind, to the players who want them, and by email to those who want
// that too.
async function tell(
  tx: Tx,
  notices: ResultNotices | null,
  game: LockedGame,
  recipients: string[],
  title: string,
  message: string,
) {
  // Straight to the result section of the PlayDate's page.
  const link = `/playdates/${game.id}#game-result`
  const targets = [...new Set(recipients)]
  for (const userId of await playersWanting(tx, targets, 'results', 'inApp')) {
    await createNotification(tx, { userId, type: 'other', title, message, link })
  }
  if (!notices) return
  const emailTo = await playersWanting(tx, targets, 'results', 'email')
  if (emailTo.length === 0) return
  const people = await tx
    .select({ id: profiles.id, email: profiles.email, firstName: profiles.firstName })
    .from(profiles)
    .where(sql`${profiles.id} in ${emailTo}`)
  const url = `${notices.origin}${link}`
  const when = game.startsAt && game.timeZone ? formatStart(game.startsAt, game.timeZone) : null
  for (const person of people) {
    const paragraphs = [`Hi ${person.firstName},`, message]
    if (when) paragraphs.push(`The game: ${when}.`)
    await notices.mailer.send(
      {
        to: person.email,
        subject: title,
        text: `${paragraphs.join('\n\n')}\n\nOpen the PlayDate: ${url}\n`,
        html: emailLayout(notices.productName, title, paragraphs, { label: 'Open the PlayDate', url }),
        links: [url],
      },
      tx,
    )
  }
}

const fullName = (user: Actor) => `${user.firstName} ${user.lastName}`
const everyone = (game: LockedGame) => [...game.sides.creator, ...game.sides.responding]
const othersThan = (game: LockedGame, userId: string) => everyone(game).filter((p) => p !== userId)

function refuseUnlessReportable(game: LockedGame) {
  if (game.status === 'completed') throw new AppError('conflict', RESULT_MESSAGES.settled)
  if (game.status !== 'matched') throw new AppError('conflict', RESULT_MESSAGES.notMatched)
}

// The second report: the same as the first settles the game, another one is a dispute.
async function answer(
  tx: Tx,
  notices: ResultNotices | null,
  user: Actor,
  game: LockedGame,
  side: TeamSide,
  first: ReportRow,
  outcome: GameOutcome,
  now: Date,
) {
  if (now.getTime() >= standsAt(first.createdAt).getTime())
    throw new AppError('conflict', RESULT_MESSAGES.answerClosed)
  await tx.insert(playDateReports).values(reportValues(game.id, side, user.id, outcome, now))
  if (sameOutcome(outcomeOfRow(first), outcome)) {
    await settle(tx, game.id, outcome, 'agreed', now)
    await tell(
      tx,
      null,
      game,
      othersThan(game, user.id),
      'Result confirmed',
      `${fullName(user)} confirmed the result: ${resultText(outcome)}`,
    )
  } else {
    await tx.update(playDates).set({ disputedAt: now }).where(eq(playDates.id, game.id))
    await tell(
      tx,
      notices,
      game,
      othersThan(game, user.id),
      'Result disputed',
      `${fullName(user)} reported a different result. An admin will decide.`,
    )
  }
}

export function resultText(outcome: GameOutcome): string {
  if (outcome.outcome === 'played') return `played ${scoreLine(outcome)} (creator team’s score first)`
  if (outcome.outcome === 'no_show')
    return outcome.absentTeam === 'creator'
      ? 'the creator team did not show'
      : 'the responding team did not show'
  return 'the game did not happen'
}

export async function reportResult(
  db: Db,
  notices: ResultNotices,
  user: Actor,
  id: string,
  input: ReportInput,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const { game, side } = await lockForPlayer(tx, user, id)
    refuseUnlessReportable(game)
    const reports = await reportsOf(tx, id)
    if (reports.some((r) => r.team === side)) throw new AppError('conflict', RESULT_MESSAGES.alreadyReported)
    const outcome = outcomeOf(input, side)
    const first = reports.find((r) => r.team !== side)
    if (first) {
      await answer(tx, notices, user, game, side, first, outcome, now)
      await announce(tx, id, everyone(game))
      return
    }

    const window = reportWindow(game.startsAt)
    if (window.opensAt && now.getTime() < window.opensAt.getTime())
      throw new AppError('conflict', RESULT_MESSAGES.notStarted)
    if (window.closesAt && now.getTime() > window.closesAt.getTime())
      throw new AppError('conflict', RESULT_MESSAGES.windowClosed)
    await tx.insert(playDateReports).values(reportValues(id, side, user.id, outcome, now))
    await enqueueJobs(tx, [
      {
        kind: RESULT_STANDS_JOB,
        key: `result-stands:${id}`,
        runAt: standsAt(now),
        payload: { playDateId: id },
      },
    ])
    const otherTeam = game.sides[otherSide(side)]
    await tell(
      tx,
      notices,
      game,
      otherTeam,
      'Confirm the result',
      `${fullName(user)} reported the result: ${resultText(outcome)}. Confirm it or report what happened.`,
    )
    await tell(
      tx,
      null,
      game,
      game.sides[side].filter((p) => p !== user.id),
      'Result reported',
      `${fullName(user)} reported the result for your team: ${resultText(outcome)}`,
    )
    await announce(tx, id, everyone(game))
  })
}

// The other team's report, confirmed as it is (one tap).
export async function confirmResult(db: Db, user: Actor, id: string, now: Date) {
  await db.transaction(async (tx) => {
    const { game, side } = await lockForPlayer(tx, user, id)
    refuseUnlessReportable(game)
    const reports = await reportsOf(tx, id)
    if (reports.some((r) => r.team === side)) throw new AppError('conflict', RESULT_MESSAGES.alreadyReported)
    const first = reports.find((r) => r.team !== side)
    if (!first) throw new AppError('conflict', RESULT_MESSAGES.nothingToConfirm)
    await answer(tx, null, user, game, side, first, outcomeOfRow(first), now)
    await announce(tx, id, everyone(game))
  })
}

// Paid (the paying team) or received (the earning team), once the game was played. Marking
// twice keeps the first mark.
export async function markPayment(db: Db, user: Actor, id: string, input: PaymentInput, now: Date) {
  await db.transaction(async (tx) => {
    const { game, side } = await lockForPlayer(tx, user, id)
    if (game.status !== 'completed' || game.resultOutcome !== 'played')
      throw new AppError('conflict', RESULT_MESSAGES.notPlayed)
    const paying = payingSide(game.type)
    if (input.mark === 'paid') {
      if (side !== paying) throw new AppError('forbidden', RESULT_MESSAGES.notPayingTeam)
      if (game.paidAt) return
      await tx.update(playDates).set({ paidAt: now, paidBy: user.id }).where(eq(playDates.id, id))
      await tell(
        tx,
        null,
        game,
        game.sides[otherSide(side)],
        'Marked as paid',
        `${fullName(user)} marked the amount as paid`,
      )
    } else {
      if (side === paying) throw new AppError('forbidden', RESULT_MESSAGES.notEarningTeam)
      if (game.receivedAt) return
      await tx.update(playDates).set({ receivedAt: now, receivedBy: user.id }).where(eq(playDates.id, id))
      await tell(
        tx,
        null,
        game,
        game.sides[otherSide(side)],
        'Marked as received',
        `${fullName(user)} marked the amount as received`,
      )
    }
    await announce(tx, id, everyone(game))
  })
}

// An admin's decision on a disputed game, kept in the audit log.
export async function decideResult(db: Db, admin: Actor, id: string, input: DecideResultInput, now: Date) {
  return db.transaction(async (tx) => {
    const game = await lockGame(tx, id)
    if (!game) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
    if (game.status !== 'matched' || !game.disputedAt)
      throw new AppError('conflict', RESULT_MESSAGES.notDisputed)
    const outcome: GameOutcome = input
    await settle(tx, id, outcome, 'admin', now)
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: 'play_date.result_decided',
      targetId: id,
      details: { outcome },
    })
    await tell(
      tx,
      null,
      game,
      everyone(game),
      'Result decided',
      `An admin decided the result: ${resultText(outcome)}`,
    )
    await announce(tx, id, everyone(game))
    return { id, outcome }
  })
}

// The job: a report the other team left unanswered stands.
export async function standUnanswered(tx: Tx, notices: ResultNotices, playDateId: string, now: Date) {
  const game = await lockGame(tx, playDateId)
  if (!game || game.status !== 'matched' || game.disputedAt) return
  const reports = await reportsOf(tx, playDateId)
  const [only] = reports
  if (reports.length !== 1 || !only || standsAt(only.createdAt).getTime() > now.getTime()) return
  const outcome = outcomeOfRow(only)
  await settle(tx, playDateId, outcome, 'unanswered', now)
  await tell(
    tx,
    notices,
    game,
    everyone(game),
    'Result stands',
    `The reported result stands: ${resultText(outcome)}`,
  )
  await announce(tx, playDateId, everyone(game))
}

// ---- Reading

export interface ResultColumns {
  status: string
  type: 'challenge' | 'earn'
  startsAt: Date | null
  durationMinutes: number | null
  paymentPerHourMin: number
  resultOutcome: 'played' | 'no_show' | 'not_played' | null
  resultAbsentTeam: TeamSide | null
  resultPointsTo: number | null
  resultGames: Array<{ creatorTeam: number; respondingTeam: number }> | null
  resultSettledBy: 'agreed' | 'unanswered' | 'admin' | null
  resultSettledAt: Date | null
  disputedAt: Date | null
  paidAt: Date | null
  paidBy: string | null
  receivedAt: Date | null
  receivedBy: string | null
}

// Where each player of the game is, for the viewer's side and the names of who marked what.
interface People {
  sides: Record<TeamSide, string[]>
  names: Map<string, { id: string; firstName: string; lastName: string }>
}

const reporter = alias(profiles, 'reporter')

async function loadReports(
  db: DbOrTx,
  id: string,
): Promise<Array<ReportRow & { name: TeamReportView['reporter'] | null }>> {
  const rows = await db
    .select({
      report: playDateReports,
      name: { id: reporter.id, firstName: reporter.firstName, lastName: reporter.lastName },
    })
    .from(playDateReports)
    .leftJoin(reporter, eq(reporter.id, playDateReports.reporterId))
    .where(eq(playDateReports.playDateId, id))
    .orderBy(asc(playDateReports.createdAt))
  return rows.map((r) => ({ ...r.report, name: r.name && r.name.id ? r.name : null }))
}

const toReportView = (
  r: ReportRow & { name: TeamReportView['reporter'] | null },
  answered: boolean,
): TeamReportView => ({
  team: r.team,
  reporter: r.name ?? { id: '', firstName: 'A former', lastName: 'player' },
  outcome: outcomeOfRow(r),
  createdAt: r.createdAt.toISOString(),
  standsAt: answered ? null : standsAt(r.createdAt).toISOString(),
})

// The result section of a matched or completed PlayDate, for one of its players or an admin.
export async function resultView(
  db: DbOrTx,
  id: string,
  row: ResultColumns,
  people: People,
  viewerId: string,
  now: Date,
): Promise<PlayDateResultView | null> {
  if (row.status !== 'matched' && row.status !== 'completed') return null
  const reports = await loadReports(db, id)
  const side = sideOf(people, viewerId)
  const window = reportWindow(row.startsAt)
  const answered = reports.length > 1 || row.status === 'completed'
  const views = reports.map((r) => toReportView(r, answered))
  const first = reports[0]
  const mine = side ? reports.find((r) => r.team === side) : undefined
  const theirs = side ? reports.find((r) => r.team !== side) : undefined
  const answerOpen = first ? now.getTime() < standsAt(first.createdAt).getTime() : false

  let state: ResultState
  if (row.status === 'completed') state = 'settled'
  else if (row.disputedAt) state = 'disputed'
  else if (reports.length === 1) state = 'waiting'
  else if (window.opensAt && now.getTime() < window.opensAt.getTime()) state = 'not_yet'
  else if (window.closesAt && now.getTime() > window.closesAt.getTime()) state = 'closed'
  else state = 'open'

  const outcome =
    row.status === 'completed' && row.resultOutcome
      ? outcomeOfRow({
          outcome: row.resultOutcome,
          absentTeam: row.resultAbsentTeam,
          pointsTo: row.resultPointsTo,
          games: row.resultGames,
        })
      : null
  const played = outcome?.outcome === 'played'
  const paying = payingSide(row.type)
  const name = (playerId: string | null) => (playerId ? (people.names.get(playerId) ?? null) : null)
  return {
    state,
    opensAt: window.opensAt?.toISOString() ?? null,
    closesAt: window.closesAt?.toISOString() ?? null,
    reports: views,
    outcome,
    settledBy: row.resultSettledBy,
    settledAt: row.resultSettledAt?.toISOString() ?? null,
    payment: played
      ? {
          payingTeam: paying,
          amount:
            row.durationMinutes === null
              ? null
              : Math.round((row.paymentPerHourMin * row.durationMinutes) / 60),
          paidAt: row.paidAt?.toISOString() ?? null,
          paidBy: name(row.paidBy),
          receivedAt: row.receivedAt?.toISOString() ?? null,
          receivedBy: name(row.receivedBy),
        }
      : null,
    viewer: {
      team: side,
      canReport:
        side !== null &&
        !mine &&
        (state === 'open' || (state === 'waiting' && theirs !== undefined && answerOpen)),
      canConfirm: side !== null && state === 'waiting' && !mine && theirs !== undefined && answerOpen,
      canMarkPaid: played && side === paying && !row.paidAt,
      canMarkReceived: played && side !== null && side !== paying && !row.receivedAt,
    },
  }
}

// ---- Admin: the disputed games

const creatorP = alias(profiles, 'd_creator')
const partnerP = alias(profiles, 'd_partner')
const requesterP = alias(profiles, 'd_requester')
const requesterPartnerP = alias(profiles, 'd_requester_partner')
const accepted = alias(playDateRequests, 'd_accepted')
type Named = { firstName: AnyPgColumn; lastName: AnyPgColumn }
const teamName = (a: Named, b: Named) =>
  sql<string>`${a.firstName} || ' ' || ${a.lastName} || coalesce(' & ' || ${b.firstName} || ' ' || ${b.lastName}, '')`

export async function listDisputes(db: Db) {
  const rows = await db
    .select({
      id: playDates.id,
      startsAt: playDates.startsAt,
      timeZone: playDates.timeZone,
      disputedAt: playDates.disputedAt,
      creatorTeam: teamName(creatorP, partnerP),
      respondingTeam: teamName(requesterP, requesterPartnerP),
    })
    .from(playDates)
    .innerJoin(creatorP, eq(creatorP.id, playDates.creatorId))
    .leftJoin(partnerP, eq(partnerP.id, playDates.partnerId))
    .innerJoin(accepted, and(eq(accepted.playDateId, playDates.id), eq(accepted.status, 'accepted')))
    .innerJoin(requesterP, eq(requesterP.id, accepted.requesterId))
    .leftJoin(requesterPartnerP, eq(requesterPartnerP.id, accepted.requesterPartnerId))
    .where(and(isNotNull(playDates.disputedAt), eq(playDates.status, 'matched')))
    .orderBy(asc(playDates.disputedAt), asc(playDates.id))
    .limit(200)
  const items = []
  for (const row of rows) {
    const reports = await loadReports(db, row.id)
    items.push({
      id: row.id,
      startsAt: row.startsAt?.toISOString() ?? null,
      timeZone: row.timeZone,
      creatorTeam: row.creatorTeam,
      respondingTeam: row.respondingTeam,
      reports: reports.map((r) => toReportView(r, true)),
      disputedAt: row.disputedAt!.toISOString(),
    })
  }
  return { items }
}

// A stored report as the outcome it tells (the dashboard's results to confirm).
export const outcomeOfReport = (report: ReportRow) => outcomeOfRow(report)
