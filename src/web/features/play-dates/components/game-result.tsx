import { useQueryClient } from '@tanstack/react-query'
import { CheckCircle2, Clock, Scale } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { PlayDateDetail } from '../../../../domain/play-dates/play-date.schema'
import type { TeamReportView } from '../../../../domain/play-dates/results'
import { otherSide, type TeamSide } from '../../../../domain/play-dates/results.rules'
import { formatStart } from '../../../../domain/play-dates/schedule'
import { Button } from '../../../components/ui/button'
import { errorDetail } from '../../../lib/api-client'
import { announce } from '../../../lib/announcer'
import { toast } from '../../../lib/toast'
import { useSingleFlight } from '../../../lib/use-single-flight'
import { refetchPlayDate, useConfirmResult } from '../api/play-dates.queries'
import { fullName } from '../lib/play-date-view'
import {
  formatDay,
  outcomeText,
  type PlayDateWithResult,
  pointsToText,
  settledByText,
  reportOutcomeText,
  type TeamNames,
} from '../lib/result-view'
import { Payment } from './game-payment'
import { OutcomeText } from './outcome-text'
import { confirmingHere, ResultConfirming } from './result-confirming'
import { outcome } from '../../../lib/outcome'

// The form, its form library and zod load when a form is shown (after the game), not with every
// PlayDate page (docs/decisions/0118-zod-free-display-pages.md). The service worker keeps the
// chunk for offline use (vite.config.ts).
const ReportResultForm = lazy(() =>
  import('./report-result-form').then((m) => ({ default: m.ReportResultForm })),
)

function FormLoading() {
  return (
    <p role="status" className="text-sm text-slate-600">
      Loading the form…
    </p>
  )
}

export type { PlayDateWithResult }

const teamName = (team: PlayDateDetail['creatorTeam']) =>
  [team.captain, team.partner]
    .filter((p) => p !== null)
    .map(fullName)
    .join(' & ')

const teamNamesOf = (playDate: PlayDateDetail): TeamNames => ({
  creator: teamName(playDate.creatorTeam),
  responding: playDate.respondingTeam ? teamName(playDate.respondingTeam) : 'The responding team',
})

// After the game, on the PlayDate page: what to report, the report waiting for an answer, the
// dispute, or the result, each from the viewer's side; then the payment.
export function GameResult({ playDate }: { playDate: PlayDateWithResult }) {
  const { result } = playDate
  const side = result.viewer.team
  const names = teamNamesOf(playDate)
  const [reportingOther, setReportingOther] = useState(false)

  return (
    <section
      id="game-result"
      aria-labelledby="game-result-heading"
      className="scroll-mt-28 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 id="game-result-heading" className="text-lg font-bold text-slate-900">
          Result
        </h2>
        {result.state === 'disputed' ? <DisputedBadge /> : null}
      </div>
      <ResultBody
        playDate={playDate}
        side={side}
        names={names}
        reportingOther={reportingOther}
        setReportingOther={setReportingOther}
      />
      {result.payment ? <Payment playDate={playDate} payment={result.payment} side={side} /> : null}
    </section>
  )
}

export function DisputedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-600/30 ring-inset">
      <Scale aria-hidden="true" className="size-3.5" />
      Disputed
    </span>
  )
}

function ResultBody({
  playDate,
  side,
  names,
  reportingOther,
  setReportingOther,
}: {
  playDate: PlayDateWithResult
  side: TeamSide | null
  names: TeamNames
  reportingOther: boolean
  setReportingOther: (on: boolean) => void
}) {
  const { result, timeZone } = playDate
  switch (result.state) {
    case 'not_yet':
      return (
        <div className="flex items-start gap-2 text-slate-700">
          <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
          <div>
            <p>You can report the result once the game starts</p>
            {result.opensAt && timeZone ? (
              <p className="text-sm text-slate-600">
                Starts{' '}
                <time dateTime={result.opensAt}>{formatStart(new Date(result.opensAt), timeZone)}</time>
              </p>
            ) : null}
          </div>
        </div>
      )
    case 'open':
      return result.viewer.canReport ? (
        <>
          <p className="mb-4 text-sm text-slate-600">
            Say what happened, from your team’s side. The other team confirms it with one tap.
            {result.closesAt ? (
              <>
                {' '}
                Report by <time dateTime={result.closesAt}>{formatDay(result.closesAt, timeZone)}</time>.
              </>
            ) : null}
          </p>
          <Suspense fallback={<FormLoading />}>
            <ReportResultForm playDateId={playDate.id} />
          </Suspense>
        </>
      ) : (
        <p className="text-slate-700">No result reported yet</p>
      )
    case 'waiting': {
      const report = result.reports[0]
      if (!report) return null
      if (reportingOther && result.viewer.canReport)
        return (
          <>
            <ReportCard report={report} side={side} names={names} timeZone={timeZone} />
            <h3 className="mt-5 mb-1 font-semibold text-slate-900">Report something else</h3>
            <p className="mb-4 text-sm text-slate-600">
              If your report differs from theirs, the game is disputed and an admin decides.
            </p>
            <Suspense fallback={<FormLoading />}>
              <ReportResultForm playDateId={playDate.id} onCancel={() => setReportingOther(false)} />
            </Suspense>
          </>
        )
      return (
        <>
          <ReportCard report={report} side={side} names={names} timeZone={timeZone} />
          {side !== null && report.team === side ? (
            <p className="mt-3 text-sm text-slate-700">
              Waiting for the other team to confirm
              {report.standsAt ? (
                <>
                  {' '}
                  (the report stands on{' '}
                  <time dateTime={report.standsAt}>{formatDay(report.standsAt, timeZone)}</time>)
                </>
              ) : null}
            </p>
          ) : side === null ? (
            <p className="mt-3 text-sm text-slate-700">
              Waiting for {names[otherSide(report.team)]} to answer
            </p>
          ) : null}
          {result.viewer.canConfirm || result.viewer.canReport ? (
            <AnswerReport
              playDateId={playDate.id}
              report={report}
              canConfirm={result.viewer.canConfirm}
              canReport={result.viewer.canReport}
              timeZone={timeZone}
              onReportOther={() => setReportingOther(true)}
            />
          ) : null}
        </>
      )
    }
    case 'confirming': {
      // The report confirmed: the first one.
      const report = result.reports[0]
      if (!report) return null
      return (
        <>
          <ReportCard report={report} side={side} names={names} timeZone={timeZone} />
          <ResultConfirming playDateId={playDate.id} result={result} />
        </>
      )
    }
    case 'disputed':
      return (
        <>
          <p className="mb-3 text-slate-700">The teams’ reports differ. An admin will decide.</p>
          <ul className="flex flex-col gap-3">
            {[...result.reports]
              .sort((a, b) => Number(b.team === side) - Number(a.team === side))
              .map((report) => (
                <li key={report.team}>
                  <ReportCard report={report} side={side} names={names} timeZone={timeZone} />
                </li>
              ))}
          </ul>
        </>
      )
    case 'settled':
      return result.outcome ? (
        <div>
          <p className="flex items-start gap-2 text-xl font-bold text-slate-900">
            <CheckCircle2 aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-700" />
            <span>
              <OutcomeText text={outcomeText(result.outcome, side, names)} />
            </span>
          </p>
          {pointsToText(result.outcome) ? (
            <p className="mt-1 text-sm text-slate-600">{pointsToText(result.outcome)}</p>
          ) : null}
          {result.settledBy ? (
            <p className="mt-1 text-sm text-slate-600">
              {settledByText[result.settledBy]}
              {result.settledAt ? (
                <>
                  {' '}
                  · <time dateTime={result.settledAt}>{formatDay(result.settledAt, timeZone)}</time>
                </>
              ) : null}
            </p>
          ) : null}
        </div>
      ) : null
    case 'closed':
      return <p className="text-slate-700">No result was reported</p>
  }
}

// One team's report: who made it, and what it says from the viewer's side.
function ReportCard({
  report,
  side,
  names,
  timeZone,
}: {
  report: TeamReportView
  side: TeamSide | null
  names: TeamNames
  timeZone: string | null
}) {
  const whose = side === null ? names[report.team] : report.team === side ? 'Your team' : 'The other team'
  return (
    <div className="rounded-xl bg-slate-50 p-3 sm:p-4">
      <p className="text-sm text-slate-600">
        <span className="font-semibold text-slate-800">{whose}</span>
        <span aria-hidden="true"> · </span>
        <span className="sr-only">, </span>
        Reported by {fullName(report.reporter)}
        <span aria-hidden="true"> · </span>
        <span className="sr-only">, </span>
        <time dateTime={report.createdAt}>{formatDay(report.createdAt, timeZone)}</time>
      </p>
      <p className="mt-1 text-lg font-bold text-slate-900">
        <OutcomeText text={reportOutcomeText(report.outcome, side, names)} />
      </p>
      {pointsToText(report.outcome) ? (
        <p className="text-sm text-slate-600">{pointsToText(report.outcome)}</p>
      ) : null}
    </div>
  )
}

// The other team's report, answered: one tap confirms it; "Report something else" opens the form.
function AnswerReport({
  playDateId,
  report,
  canConfirm,
  canReport,
  timeZone,
  onReportOther,
}: {
  playDateId: string
  report: TeamReportView
  canConfirm: boolean
  canReport: boolean
  timeZone: string | null
  onReportOther: () => void
}) {
  const queryClient = useQueryClient()
  const confirm = useConfirmResult(playDateId)
  const guard = useSingleFlight(confirm.isPending)
  const onConfirm = () =>
    guard(() => {
      const forget = confirmingHere(playDateId)
      outcome(confirm.mutateAsync(), {
        // The section now says so, with Undo for the minute (result-confirming.tsx).
        onSuccess: () => announce('Result confirmed. You can undo it for a minute.'),
        onError: (error) => {
          forget()
          toast.error('Could not confirm the result', { description: errorDetail(error) })
          void refetchPlayDate(queryClient, playDateId)
        },
      })
    })
  return (
    <div className="mt-4">
      {canConfirm ? (
        <p className="mb-3 text-sm text-slate-700">
          Is this what happened? Confirm {fullName(report.reporter)}’s report
          {report.standsAt ? (
            <>
              {' '}
              by <time dateTime={report.standsAt}>{formatDay(report.standsAt, timeZone)}</time>, or it stands
              as it is
            </>
          ) : null}
          .
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        {canConfirm ? (
          <Button size="lg" onClick={onConfirm} disabled={confirm.isPending} aria-busy={confirm.isPending}>
            <CheckCircle2 aria-hidden="true" className="size-5" />
            {confirm.isPending ? 'Confirming...' : 'Confirm result'}
          </Button>
        ) : null}
        {canReport ? (
          <Button size="lg" variant="secondary" onClick={onReportOther} disabled={confirm.isPending}>
            Report something else
          </Button>
        ) : null}
      </div>
    </div>
  )
}
