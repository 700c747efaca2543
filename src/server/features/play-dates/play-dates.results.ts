import { eq } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import {
  type GameOutcome,
  type ReportInput,
  RESULT_MESSAGES,
  type TeamSide,
  otherSide,
  outcomeOf,
  reportWindow,
  sameOutcome,
  standsAt,
} from '../../../domain/play-dates/results'
import type { Db, Tx } from '../../db/client'
import { playDateReports, playDates } from '../../db/schema'
import { announce } from './play-dates.notify'
import type { Actor } from './play-dates.queries'
import {
  everyone,
  fullName,
  type LockedGame,
  lockForPlayer,
  othersThan,
  outcomeOfRow,
  type ReportRow,
  reportsOf,
  reportValues,
  resultText,
  type ResultNotices,
  settle,
  tell,
} from './play-dates.results.game'
import { scheduleResultStands } from './play-dates.results.stands'

// After the game (docs/decisions/0089-results-and-reliability.md): each team reports once, the
// other confirms or says otherwise; agreement settles the result, disagreement waits for an
// admin, and a report left unanswered stands after ANSWER_DAYS (a job). Every change runs with
// the PlayDate's row locked, so two teams reporting at once are taken one after the other.

export function refuseUnlessReportable(game: LockedGame) {
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
    await scheduleResultStands(tx, id, now)
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
