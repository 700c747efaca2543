import { asc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  type PlayDateResultView,
  type ResultState,
  type TeamReportView,
  type TeamSide,
  payingSide,
  reportWindow,
  standsAt,
  undoUntil,
} from '../../../domain/play-dates/results'
import type { DbOrTx } from '../../db/client'
import { playDateReports, profiles } from '../../db/schema'
import { outcomeOfRow, type ReportRow, sideOf } from './play-dates.results.game'

// The result section of a PlayDate as its players and admins read it: the reports, the state,
// what the viewer may do next and the payment marks.

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
  resultConfirmedAt: Date | null
  resultConfirmedBy: string | null
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

// Prepared: the page of every matched or completed game reads them, and building this select of
// the whole report row on each call cost the page about 200 µs of server CPU
// (bench/results/profiles/where-the-time-goes.md).
const reportsQuery = (db: DbOrTx) =>
  db
    .select({
      report: playDateReports,
      name: { id: reporter.id, firstName: reporter.firstName, lastName: reporter.lastName },
    })
    .from(playDateReports)
    .leftJoin(reporter, eq(reporter.id, playDateReports.reporterId))
    .where(eq(playDateReports.playDateId, sql.placeholder('playDateId')))
    .orderBy(asc(playDateReports.createdAt))

export async function loadReports(
  db: DbOrTx,
  id: string,
): Promise<Array<ReportRow & { name: TeamReportView['reporter'] | null }>> {
  const rows = await db.prepared('play_date_reports_of', reportsQuery).execute({ playDateId: id })
  return rows.map((r) => ({ ...r.report, name: r.name && r.name.id ? r.name : null }))
}

export const toReportView = (
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

  // A confirmation that waits to settle the result (docs/decisions/0159).
  const confirmedAt = row.status === 'matched' ? row.resultConfirmedAt : null

  let state: ResultState
  if (row.status === 'completed') state = 'settled'
  else if (row.disputedAt) state = 'disputed'
  else if (confirmedAt) state = 'confirming'
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
  // Money changes hands once the game was played, unless it was free (docs/decisions/0169).
  const owed = played && row.paymentPerHourMin > 0
  const paying = payingSide(row.type)
  const name = (playerId: string | null) => (playerId ? (people.names.get(playerId) ?? null) : null)
  return {
    state,
    opensAt: window.opensAt?.toISOString() ?? null,
    closesAt: window.closesAt?.toISOString() ?? null,
    reports: views,
    outcome,
    confirmation: confirmedAt
      ? {
          by: name(row.resultConfirmedBy) ?? { id: '', firstName: 'A former', lastName: 'player' },
          confirmedAt: confirmedAt.toISOString(),
          undoUntil: undoUntil(confirmedAt).toISOString(),
          secondsLeft: Math.max(0, Math.ceil((undoUntil(confirmedAt).getTime() - now.getTime()) / 1000)),
        }
      : null,
    settledBy: row.resultSettledBy,
    settledAt: row.resultSettledAt?.toISOString() ?? null,
    payment: owed
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
      canUndoConfirm:
        confirmedAt !== null &&
        row.resultConfirmedBy === viewerId &&
        now.getTime() < undoUntil(confirmedAt).getTime(),
      canMarkPaid: owed && side === paying && !row.paidAt,
      canMarkReceived: owed && side !== null && side !== paying && !row.receivedAt,
    },
  }
}
