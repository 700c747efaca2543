import { eq } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { type PaymentInput, RESULT_MESSAGES, otherSide, payingSide } from '../../../domain/play-dates/results'
import type { Db } from '../../db/client'
import { playDates } from '../../db/schema'
import { announce } from './play-dates.notify'
import type { Actor } from './play-dates.queries'
import { everyone, fullName, lockForPlayer, tell } from './play-dates.results.game'

// Paid (the paying team) or received (the earning team), once the game was played. Marking
// twice keeps the first mark.
export async function markPayment(db: Db, user: Actor, id: string, input: PaymentInput, now: Date) {
  await db.transaction(async (tx) => {
    const { game, side } = await lockForPlayer(tx, user, id)
    if (game.status !== 'completed' || game.resultOutcome !== 'played')
      throw new AppError('conflict', RESULT_MESSAGES.notPlayed)
    if (game.paymentPerHourMin === 0) throw new AppError('conflict', RESULT_MESSAGES.freeGame)
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
