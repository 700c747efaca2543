import { eq } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { RESULT_MESSAGES, standsAt, undoUntil } from '../../../domain/play-dates/results'
import type { Db, Tx } from '../../db/client'
import { playerName } from '../../db/player-summary'
import { playDateReports, playDates, profiles } from '../../db/schema'
import { enqueueJob } from '../../lib/jobs'
import { announce } from './play-dates.notify'
import type { Actor } from './play-dates.queries'
import { refuseUnlessReportable } from './play-dates.results'
import {
  everyone,
  lockForPlayer,
  lockGame,
  othersThan,
  outcomeOfRow,
  reportsOf,
  reportValues,
  resultText,
  settle,
  tell,
} from './play-dates.results.game'
import { RESULT_STANDS_JOB } from './play-dates.results.stands'

// The one-tap confirmation of the other team's report, undone within a minute
// (docs/decisions/0159-confirm-result-undo.md). Confirming records the confirming team's report
// (the same as the first) and the time; the result settles a minute later, in a job, and only then
// does what agreement did at once before: the game completes (reliability, the payment owed, the
// calendars) and the other players are told. Nothing is sent that an undo would take back.

export const RESULT_CONFIRMED_JOB = 'play-date-result-confirmed'

// The other team's report, confirmed as it is (one tap): it settles in a minute unless undone.
export async function confirmResult(db: Db, user: Actor, id: string, now: Date) {
  await db.transaction(async (tx) => {
    const { game, side } = await lockForPlayer(tx, user, id)
    refuseUnlessReportable(game)
    const reports = await reportsOf(tx, id)
    if (reports.some((r) => r.team === side)) throw new AppError('conflict', RESULT_MESSAGES.alreadyReported)
    const first = reports.find((r) => r.team !== side)
    if (!first || game.disputedAt) throw new AppError('conflict', RESULT_MESSAGES.nothingToConfirm)
    if (now.getTime() >= standsAt(first.createdAt).getTime())
      throw new AppError('conflict', RESULT_MESSAGES.answerClosed)
    await tx.insert(playDateReports).values(reportValues(id, side, user.id, outcomeOfRow(first), now))
    await tx
      .update(playDates)
      .set({ resultConfirmedAt: now, resultConfirmedBy: user.id })
      .where(eq(playDates.id, id))
    // The key names the confirmation: one confirmed again after an undo has a job of its own.
    await enqueueJob(tx, {
      kind: RESULT_CONFIRMED_JOB,
      key: `result-confirmed:${id}:${now.toISOString()}`,
      runAt: undoUntil(now),
      payload: { playDateId: id, confirmedAt: now.toISOString() },
    })
    await announce(tx, id, everyone(game))
  })
}

// Within the minute, the player who confirmed takes it back: the report waits for an answer again.
export async function undoConfirmation(db: Db, user: Actor, id: string, now: Date) {
  await db.transaction(async (tx) => {
    const { game, side } = await lockForPlayer(tx, user, id)
    if (game.status === 'completed') throw new AppError('conflict', RESULT_MESSAGES.undoClosed)
    if (game.status !== 'matched' || !game.resultConfirmedAt)
      throw new AppError('conflict', RESULT_MESSAGES.nothingToUndo)
    if (game.resultConfirmedBy !== user.id)
      throw new AppError('forbidden', RESULT_MESSAGES.notYourConfirmation)
    if (now.getTime() >= undoUntil(game.resultConfirmedAt).getTime())
      throw new AppError('conflict', RESULT_MESSAGES.undoClosed)
    const reports = await reportsOf(tx, id)
    const confirmation = reports.find((r) => r.team === side)
    const first = reports.find((r) => r.team !== side)
    if (!confirmation || !first) throw new AppError('conflict', RESULT_MESSAGES.nothingToUndo)
    await tx.delete(playDateReports).where(eq(playDateReports.id, confirmation.id))
    await tx
      .update(playDates)
      .set({ resultConfirmedAt: null, resultConfirmedBy: null })
      .where(eq(playDates.id, id))
    // The first report's week may have ended within the minute: its job found two reports and did
    // nothing, so the report is given one more turn to stand.
    if (standsAt(first.createdAt).getTime() <= now.getTime())
      await enqueueJob(tx, {
        kind: RESULT_STANDS_JOB,
        key: `result-stands:${id}:after-undo:${now.toISOString()}`,
        runAt: now,
        payload: { playDateId: id },
      })
    await announce(tx, id, everyone(game))
  })
}

// The job, a minute after the confirmation: the result settles as agreed and the other players
// are told. A confirmation undone (or undone and made again) meanwhile is not this job's.
export async function settleConfirmation(
  tx: Tx,
  payload: { playDateId: string; confirmedAt: string },
  now: Date,
) {
  const game = await lockGame(tx, payload.playDateId)
  if (!game || game.status !== 'matched' || game.disputedAt) return
  if (game.resultConfirmedAt?.toISOString() !== payload.confirmedAt) return
  const [first] = await reportsOf(tx, game.id)
  if (!first) return
  // Both teams' reports say the same.
  const outcome = outcomeOfRow(first)
  const confirmerId = game.resultConfirmedBy
  await settle(tx, game.id, outcome, 'agreed', now)
  const [confirmer] = confirmerId
    ? await tx
        .select({ name: playerName(profiles) })
        .from(profiles)
        .where(eq(profiles.id, confirmerId))
    : []
  await tell(
    tx,
    null,
    game,
    confirmerId ? othersThan(game, confirmerId) : everyone(game),
    'Result confirmed',
    `${confirmer?.name ?? 'The other team'} confirmed the result: ${resultText(outcome)}`,
  )
  await announce(tx, game.id, everyone(game))
}
