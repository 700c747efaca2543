import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { AppError } from '../../../domain/errors'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import { type DecideResultInput, type GameOutcome, RESULT_MESSAGES } from '../../../domain/play-dates/results'
import type { Db } from '../../db/client'
import { playerName } from '../../db/player-summary'
import { creator, partner, requester, requesterPartner, selectGameWithPlayers } from '../../db/queries'
import { auditLog, playDates } from '../../db/schema'
import { announce } from './play-dates.notify'
import type { Actor } from './play-dates.queries'
import { everyone, lockGame, resultText, settle, tell } from './play-dates.results.game'
import { loadReports, toReportView } from './play-dates.results.view'

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

// The disputed games, oldest dispute first, with both reports.

type Named = { firstName: AnyPgColumn; lastName: AnyPgColumn }
const teamName = (a: Named, b: Named) =>
  sql<string>`${playerName(a)} || coalesce(' & ' || ${playerName(b)}, '')`

export async function listDisputes(db: Db) {
  const rows = await selectGameWithPlayers(db, {
    startsAt: playDates.startsAt,
    timeZone: playDates.timeZone,
    disputedAt: playDates.disputedAt,
    creatorTeam: teamName(creator, partner),
    respondingTeam: teamName(requester, requesterPartner),
  })
    .where(
      and(
        isNotNull(playDates.disputedAt),
        eq(playDates.status, 'matched'),
        // Only a game with its other side: the accepted application and its captain, as inner
        // joins would have it (PostgreSQL turns those left joins into inner ones on this test).
        isNotNull(requester.id),
      ),
    )
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
