import { millisecondsInDay } from 'date-fns/constants'
import { CalendarClock, CalendarX, MapPin, Pencil, Repeat } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import {
  SERIES_DAYS_AHEAD,
  type SeriesOccurrence,
  type SeriesOutput,
} from '../../../../domain/groups/series.schema'
import { formatDate } from '../../../../domain/play-dates/schedule'
import { Button, wrapsWords } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { toast } from '../../../lib/toast'
import { type useGroupSeries, useEndSeries, useSkipDate } from '../api/series.queries'
import { SeriesDialog } from './series-form'
import { DotParts } from '../../../components/ui/dot-parts'

// The group page's weekly games (docs/decisions/0169-recurring-series.md): each series with its
// coming dates (`series`, from useGroupSeries); organisers start, change, skip a date of and end
// one.
export function GroupSeries({
  groupId,
  series,
  homeVenueId,
  closed,
}: {
  groupId: string
  series: ReturnType<typeof useGroupSeries>
  homeVenueId: string | null
  closed: boolean
}) {
  const [editing, setEditing] = useState<SeriesOutput | 'new' | null>(null)
  const [ending, setEnding] = useState<SeriesOutput | null>(null)
  const end = useEndSeries(groupId)

  if (series.isPending) {
    return <section aria-label="Weekly games" aria-busy="true" className="min-h-24" />
  }
  if (series.isError) {
    return (
      <section aria-labelledby="group-series">
        <h2 id="group-series" className="mb-3 text-lg font-bold text-slate-900">
          Weekly games
        </h2>
        <p role="alert" className="text-sm text-slate-700">
          Could not load the weekly games.{' '}
          <Button variant="secondary" size="sm" onClick={() => void series.refetch()}>
            Try Again
          </Button>
        </p>
      </section>
    )
  }
  const { items, canManage } = series.data
  const manage = canManage && !closed
  if (items.length === 0 && !manage) return null

  return (
    <section aria-labelledby="group-series">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="group-series" className="text-lg font-bold text-slate-900">
          Weekly games
        </h2>
        {manage ? (
          <Button variant="secondary" className={wrapsWords} onClick={() => setEditing('new')}>
            <Repeat aria-hidden="true" className="size-4" />
            Start a weekly series
          </Button>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">
          Play every week at the same time? Start a series: each game is posted 14 days ahead, and members get
          one summary a week.
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {items.map((one) => (
            <SeriesCard
              key={one.id}
              groupId={groupId}
              series={one}
              manage={manage}
              onChange={() => setEditing(one)}
              onEnd={() => setEnding(one)}
            />
          ))}
        </ul>
      )}
      <SeriesDialog
        groupId={groupId}
        homeVenueId={homeVenueId}
        series={editing === 'new' ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={ending !== null}
        title="End series"
        message="No more games will be posted. Games already posted stay, with whoever joined them."
        confirmLabel="End series"
        isPending={end.isPending}
        onConfirm={() =>
          end.mutate(ending!.id, {
            onSuccess: () => toast.success('Series ended'),
            onError: (error) => toast.error(error.message),
            onSettled: () => setEnding(null),
          })
        }
        onCancel={() => setEnding(null)}
      />
    </section>
  )
}

function SeriesCard({
  groupId,
  series,
  manage,
  onChange,
  onEnd,
}: {
  groupId: string
  series: SeriesOutput
  manage: boolean
  onChange: () => void
  onEnd: () => void
}) {
  const ended = series.endedAt !== null
  const headingId = `series-${series.id}`
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div>
        <h3 id={headingId} className="font-bold text-slate-900">
          <DotParts text={series.summary} />
        </h3>
        <p className="mt-1 flex items-start gap-1.5 text-sm text-slate-700">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <span>
            {series.venue.name}, {series.venue.city}, {series.venue.state}
          </span>
        </p>
        <p className="text-sm text-slate-600">
          Hosted by {series.host.firstName} {series.host.lastName} ·{' '}
          <span className="whitespace-nowrap">
            {series.opensToAll ? 'Members first, then everyone' : 'Members only'}
          </span>
        </p>
        {series.description ? <p className="mt-1 text-sm text-slate-700">{series.description}</p> : null}
        {ended ? (
          <p role="status" className="mt-2 text-sm font-semibold text-slate-700">
            This series has ended.
          </p>
        ) : null}
      </div>
      {series.coming.length > 0 ? (
        <div>
          <h4 className="text-sm font-semibold text-slate-800">Coming dates</h4>
          <ul className="mt-1 divide-y divide-slate-100">
            {series.coming.map((date) => (
              <ComingDate
                key={date.startsAt}
                groupId={groupId}
                seriesId={series.id}
                timeZone={series.timeZone}
                date={date}
                manage={manage && !ended}
              />
            ))}
          </ul>
        </div>
      ) : null}
      {manage && !ended ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={onChange}>
            <Pencil aria-hidden="true" className="size-4" />
            Change series
          </Button>
          <Button variant="ghost" size="sm" onClick={onEnd}>
            <CalendarX aria-hidden="true" className="size-4" />
            End series
          </Button>
        </div>
      ) : null}
    </li>
  )
}

// When a planned date becomes a game: "Will be posted Tue, Dec 1", on the venue's calendar.
function postingLine(startsAt: string, timeZone: string) {
  const posting = new Date(Date.parse(startsAt) - SERIES_DAYS_AHEAD * millisecondsInDay)
  return posting.getTime() <= Date.now()
    ? 'Will be posted soon'
    : `Will be posted ${formatDate(posting, timeZone)}`
}

function ComingDate({
  groupId,
  seriesId,
  timeZone,
  date,
  manage,
}: {
  groupId: string
  seriesId: string
  timeZone: string
  date: SeriesOccurrence
  manage: boolean
}) {
  const skip = useSkipDate(groupId)
  const toggle = (doSkip: boolean) =>
    skip.mutate(
      { seriesId, startsAt: date.startsAt, skip: doSkip },
      {
        onSuccess: () => toast.success(doSkip ? `${date.label} skipped` : `${date.label} is back on`),
        onError: (error) => toast.error(error.message),
      },
    )
  return (
    <li className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 gap-y-1 py-1.5 text-sm">
      <span className="min-w-0">
        <span className={date.status === 'skipped' ? 'text-slate-500 line-through' : 'text-slate-900'}>
          <CalendarClock aria-hidden="true" className="mr-1.5 inline size-4 align-[-3px] text-brand-700" />
          {date.label}
        </span>
        {date.status === 'planned' ? (
          <span className="block pl-5.5 text-xs text-slate-600">{postingLine(date.startsAt, timeZone)}</span>
        ) : date.status === 'skipped' ? (
          <span className="block pl-5.5 text-xs text-slate-600">Skipped: no game this week</span>
        ) : null}
      </span>
      {date.status === 'posted' && date.playDateId ? (
        <Link
          to={`/playdates/${date.playDateId}`}
          aria-label={`Open the game on ${date.label}`}
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2"
        >
          Open game
        </Link>
      ) : date.status === 'skipped' ? (
        manage ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Put back ${date.label}`}
            disabled={skip.isPending}
            onClick={() => toggle(false)}
          >
            Put back
          </Button>
        ) : null
      ) : manage ? (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Skip ${date.label}`}
          disabled={skip.isPending}
          onClick={() => toggle(true)}
        >
          Skip
        </Button>
      ) : null}
    </li>
  )
}
