import { CalendarPlus } from 'lucide-react'
import type { PlayDateDetail } from '../../../../domain/play-dates/play-date.schema'
import { yourTeamPayment } from '../../../../domain/play-dates/play-date.rules'
import { priceLine } from '../../../../domain/play-dates/schedule'
import { playDateCalendarUrl } from '../api/calendar-feed.queries'
import { fullName } from '../lib/play-date-view'
import { LocationChips } from './play-date-badges'
import { PlayDateWhen, PlayDateWhere } from './play-date-when'

// The Details of a PlayDate's page: when (with the calendar file for its players), where, the
// location, the price and who pays it, the description and who cancelled it.
export function PlayDateFacts({ playDate }: { playDate: PlayDateDetail }) {
  return (
    <dl className="flex flex-col gap-3">
      <div>
        <dt className="text-sm font-medium text-slate-600">When</dt>
        <dd className="mt-1">
          <PlayDateWhen schedule={playDate} />
          {playDate.startsAt && (playDate.viewer.isCreatorTeam || playDate.viewer.isRespondingTeam) ? (
            <a
              href={playDateCalendarUrl(playDate.id)}
              download
              className="mt-1 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-800 underline underline-offset-2"
            >
              <CalendarPlus aria-hidden="true" className="size-4" />
              Add to calendar
            </a>
          ) : null}
        </dd>
      </div>
      {playDate.venue || playDate.place ? (
        <div>
          <dt className="text-sm font-medium text-slate-600">Where</dt>
          <dd className="mt-1">
            <PlayDateWhere place={playDate} directions />
          </dd>
        </div>
      ) : null}
      <div>
        <dt className="text-sm font-medium text-slate-600">Location</dt>
        <dd className="mt-1">
          <LocationChips state={playDate.state} regions={playDate.regions} />
        </dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-slate-600">Price</dt>
        <dd className="mt-1">
          <span className="text-xl font-bold text-brand-800">
            {priceLine(playDate.paymentPerHourMin, playDate.durationMinutes)}
          </span>{' '}
          <span className="text-sm text-slate-600">
            {playDate.type === 'challenge'
              ? 'paid by the creator team to the responding team'
              : 'paid by the responding team to the creator team'}
          </span>
          <span className="block text-sm font-semibold text-slate-800">
            {yourTeamPayment(playDate.type, playDate.viewer.isCreatorTeam)}
          </span>
        </dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-slate-600">Description</dt>
        <dd className="mt-1 whitespace-pre-line text-slate-900">{playDate.description}</dd>
      </div>
      {playDate.cancelledBy ? (
        <div>
          <dt className="text-sm font-medium text-slate-600">Cancelled by</dt>
          <dd className="mt-1 text-slate-900">{fullName(playDate.cancelledBy)}</dd>
        </div>
      ) : null}
    </dl>
  )
}
