import { asc, eq, sql } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import { type GameOutcome, type TeamSide, scoreLine } from '../../../domain/play-dates/results'
import type { DbOrTx, Tx } from '../../db/client'
import { creatorSideIds, respondingSideIds } from '../../db/queries'
import { playDateReports, playDates } from '../../db/schema'
import type { Mailer } from '../../lib/mail'
import { createNotifications } from '../notifications'
import type { Actor } from './play-dates.queries'

// The game a result changes, locked, with its two teams and its reports; settling it and telling its
// players. Each story of the result (report and confirm, payment marks, an admin's decision, the
// report that stands) runs on these.

// What the result's notices need to reach the players by email.
export interface ResultNotices {
  mailer: Mailer
  productName: string
  origin: string
}

export interface LockedGame {
  id: string
  status: string
  type: 'challenge' | 'earn'
  // What is owed comes from it (0: a free game).
  paymentPerHourMin: number
  startsAt: Date | null
  timeZone: string | null
  disputedAt: Date | null
  resultConfirmedAt: Date | null
  resultConfirmedBy: string | null
  resultOutcome: string | null
  paidAt: Date | null
  receivedAt: Date | null
  sides: Record<TeamSide, string[]>
}

// The PlayDate locked for the change, with its two teams.
export async function lockGame(tx: Tx, id: string): Promise<LockedGame | null> {
  const [row] = await tx
    .select({
      id: playDates.id,
      status: playDates.status,
      type: playDates.type,
      paymentPerHourMin: playDates.paymentPerHourMin,
      creatorId: playDates.creatorId,
      partnerId: playDates.partnerId,
      startsAt: playDates.startsAt,
      timeZone: playDates.timeZone,
      disputedAt: playDates.disputedAt,
      resultConfirmedAt: playDates.resultConfirmedAt,
      resultConfirmedBy: playDates.resultConfirmedBy,
      resultOutcome: playDates.resultOutcome,
      paidAt: playDates.paidAt,
      receivedAt: playDates.receivedAt,
    })
    .from(playDates)
    .where(eq(playDates.id, id))
    .for('update')
  if (!row) return null
  return {
    ...row,
    sides: { creator: creatorSideIds(row), responding: await respondingSideIds(tx, id) },
  }
}

export const sideOf = (game: Pick<LockedGame, 'sides'>, userId: string): TeamSide | null =>
  game.sides.creator.includes(userId)
    ? 'creator'
    : game.sides.responding.includes(userId)
      ? 'responding'
      : null

// The game, locked, and the side of the player acting on it; refusals for anyone else.
export async function lockForPlayer(tx: Tx, user: Actor, id: string) {
  const game = await lockGame(tx, id)
  if (!game) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
  const side = sideOf(game, user.id)
  if (!side) throw new AppError('forbidden', PLAY_DATE_MESSAGES.notAuthorized)
  return { game, side }
}

export type ReportRow = typeof playDateReports.$inferSelect

export const reportsOf = (db: DbOrTx, id: string) =>
  db
    .select()
    .from(playDateReports)
    .where(eq(playDateReports.playDateId, id))
    .orderBy(asc(playDateReports.createdAt))

export function outcomeOfRow(row: {
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

export function reportValues(
  id: string,
  side: TeamSide,
  reporterId: string,
  outcome: GameOutcome,
  now: Date,
) {
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

export async function settle(
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
      resultConfirmedAt: null,
      resultConfirmedBy: null,
      // Calendars that subscribed take the played entry over the matched one.
      revision: sql`${playDates.revision} + 1`,
    })
    .where(eq(playDates.id, id))
}

// A result's notices, under the 'results' switch: in the app, by email and by push, each to the
// players who left that channel on (the email and push by their jobs, notifications.service.ts).
// `_notices` is what the email needs; the notice email job has it (jobs.ts).
export async function tell(
  tx: Tx,
  _notices: ResultNotices | null,
  game: LockedGame,
  recipients: string[],
  title: string,
  message: string,
) {
  // Straight to the result section of the PlayDate's page.
  const link = `/playdates/${game.id}#game-result`
  const notes = [...new Set(recipients)].map((userId) => ({
    userId,
    type: 'other' as const,
    title,
    message,
    link,
    kind: 'results' as const,
    playDateId: game.id,
  }))
  await createNotifications(tx, notes)
}

export const fullName = (user: Actor) => `${user.firstName} ${user.lastName}`
export const everyone = (game: LockedGame) => [...game.sides.creator, ...game.sides.responding]
export const othersThan = (game: LockedGame, userId: string) => everyone(game).filter((p) => p !== userId)

export function resultText(outcome: GameOutcome): string {
  if (outcome.outcome === 'played') return `played ${scoreLine(outcome)} (creator team’s score first)`
  if (outcome.outcome === 'no_show')
    return outcome.absentTeam === 'creator'
      ? 'the creator team did not show'
      : 'the responding team did not show'
  return 'the game did not happen'
}

// A stored report as the outcome it tells (the dashboard's results to confirm).
export const outcomeOfReport = (report: ReportRow) => outcomeOfRow(report)
