import { ExternalLink, Gavel } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import type { DisputedPlayDate, TeamReportView } from '../../../../domain/play-dates/results'
import { formatStart, TIME_TO_BE_AGREED } from '../../../../domain/play-dates/schedule'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { formatDay, fullName, outcomeText, OutcomeText, pointsToText } from '../../play-dates'
import { useDisputes } from '../api/admin.queries'
import { DecideResultDialog } from './decide-result-dialog'

const gameWording = (count: number) => `${count} disputed ${count === 1 ? 'game' : 'games'}`

// Games whose two teams reported different things, oldest dispute first as the server sends them;
// an admin reads both reports and decides.
export function DisputeManagement() {
  const list = useDisputes()
  const [deciding, setDeciding] = useState<DisputedPlayDate | null>(null)

  return (
    <section aria-labelledby="disputes-heading">
      <h2 id="disputes-heading" className="text-lg font-semibold text-slate-700">
        Games whose teams reported different results
      </h2>
      {list.isPending ? (
        <div role="status" className="flex items-center justify-center gap-2 p-8">
          <Spinner /> Loading...
        </div>
      ) : list.isError ? (
        <div role="alert" className="mt-4 rounded-xl border border-slate-200 bg-white p-6 text-center">
          <p className="text-red-700">Failed to load disputes</p>
          <Button variant="secondary" className="mt-3" onClick={() => void list.refetch()}>
            Try Again
          </Button>
        </div>
      ) : list.data.items.length === 0 ? (
        <div className="mt-4 rounded-xl border border-slate-200 bg-white p-8 text-center">
          <p className="font-semibold">No disputed games</p>
          <p className="text-slate-600">When two teams report a game differently, it shows up here.</p>
        </div>
      ) : (
        <>
          <ul className="mt-4 flex flex-col gap-4">
            {list.data.items.map((dispute) => (
              <li key={dispute.id}>
                <DisputeCard dispute={dispute} onDecide={() => setDeciding(dispute)} />
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-slate-600" aria-live="polite">
            {gameWording(list.data.items.length)}
          </p>
        </>
      )}
      <DecideResultDialog dispute={deciding} onClose={() => setDeciding(null)} />
    </section>
  )
}

function DisputeCard({ dispute, onDecide }: { dispute: DisputedPlayDate; onDecide: () => void }) {
  const names = { creator: dispute.creatorTeam, responding: dispute.respondingTeam }
  const title = `${dispute.creatorTeam} vs ${dispute.respondingTeam}`
  return (
    <article aria-label={title} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 className="font-bold text-slate-900">{title}</h3>
      <p className="mt-1 text-sm text-slate-600">
        {dispute.startsAt && dispute.timeZone ? (
          <time dateTime={dispute.startsAt}>{formatStart(new Date(dispute.startsAt), dispute.timeZone)}</time>
        ) : (
          TIME_TO_BE_AGREED
        )}
        <span aria-hidden="true"> · </span>
        <span className="sr-only">, </span>
        Disputed since{' '}
        <time dateTime={dispute.disputedAt}>{formatDay(dispute.disputedAt, dispute.timeZone)}</time>
      </p>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {dispute.reports.map((report) => (
          <li key={report.team}>
            <ReportSummary report={report} names={names} />
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button onClick={onDecide} aria-label={`Decide ${title}`}>
          <Gavel aria-hidden="true" className="size-4" />
          Decide
        </Button>
        <Link
          to={`/playdates/${dispute.id}`}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50"
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          View PlayDate
        </Link>
      </div>
    </article>
  )
}

function ReportSummary({
  report,
  names,
}: {
  report: TeamReportView
  names: { creator: string; responding: string }
}) {
  return (
    <div className="h-full rounded-xl bg-slate-50 p-3">
      <p className="text-sm font-semibold text-slate-800">
        {report.team === 'creator' ? 'Creator team' : 'Responding team'}: {names[report.team]}
      </p>
      <p className="text-sm text-slate-600">Reported by {fullName(report.reporter)}</p>
      <p className="mt-1 font-bold text-slate-900">
        <OutcomeText text={outcomeText(report.outcome, null, names)} />
      </p>
      {pointsToText(report.outcome) ? (
        <p className="text-sm text-slate-600">{pointsToText(report.outcome)}</p>
      ) : null}
    </div>
  )
}
