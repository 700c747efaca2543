import { standsAt } from '../../../domain/play-dates/results'
import type { DbOrTx, Tx } from '../../db/client'
import { enqueueJobs } from '../../lib/jobs'
import { announce } from './play-dates.notify'
import {
  everyone,
  lockGame,
  outcomeOfRow,
  reportsOf,
  resultText,
  type ResultNotices,
  settle,
  tell,
} from './play-dates.results.game'

// A first report the other team leaves unanswered stands (docs/decisions/0089), run by the job runner.
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
