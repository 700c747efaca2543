import { CalendarPlus } from 'lucide-react'
import { Fragment, type ReactNode } from 'react'
import type { PlayDateDetail, PlayerSummary } from '../../../../domain/play-dates/play-date.schema'
import { paymentTime, yourTeamPayment } from '../../../../domain/play-dates/play-date.rules'
import { priceLine } from '../../../../domain/play-dates/schedule'
import { playDateCalendarUrl } from '../api/calendar-feed.queries'
import { fullName } from '../lib/play-date-view'
import { LocationChips } from './play-date-badges'
import { PlayDateWhen, PlayDateWhere } from './play-date-when'
import { PlayerLink } from './team-roster'
import { formatDay } from '../../../../domain/display-dates'
import { toast } from '../../../lib/toast'

// What a tap on "Add to calendar" tells the player, true wherever it lands: an iPhone opens the
// file on a screen that adds the game; an Android phone or a computer saves it to the downloads.
const CALENDAR_FILE_TOAST = 'Your calendar file is on its way'
const CALENDAR_FILE_HINT = 'If it does not open by itself, open it from your downloads to add the game.'

// A team as one line: its players' names, each leading to their profile, and its open spots.
function TeamLine({ players, open }: { players: PlayerSummary[]; open: number }) {
  const parts: ReactNode[] = players.map((player) => (
    <PlayerLink key={player.id} player={player} className="inline-flex min-h-11 items-center" />
  ))
  if (open > 0) parts.push(open === 1 ? 'an open spot' : `${open} open spots`)
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? ' & ' : null}
          {part}
        </Fragment>
      ))}
    </>
  )
}

// Who plays: the creator's team, then the other side (its players, its open spots).
function PlayDateWho({ playDate }: { playDate: PlayDateDetail }) {
  const { creatorTeam, respondingTeam, spots, status } = playDate
  const creators = [creatorTeam.captain, creatorTeam.partner].filter((p) => p !== null)
  const others = respondingTeam
    ? [respondingTeam.captain, respondingTeam.partner].filter((p) => p !== null)
    : []
  const isOpen = status === 'open'
  return (
    <div className="flex flex-col text-slate-900">
      <p>
        <TeamLine players={creators} open={isOpen ? spots.creatorSide : 0} />
      </p>
      {others.length > 0 || isOpen ? (
        <p>
          <span className="text-slate-600">vs. </span>
          <TeamLine players={others} open={isOpen ? spots.otherSide : 0} />
        </p>
      ) : null}
    </div>
  )
}

// The Details a PlayDate's page opens with: when (with the calendar file for its players), where,
// who plays, the price and who pays it, and who cancelled it. Short enough that what the viewer
// can do comes right after it on a phone's first screen.
export function PlayDateFacts({ playDate }: { playDate: PlayDateDetail }) {
  const free = playDate.paymentPerHourMin === 0
  return (
    <dl className="flex flex-col gap-3">
      <div>
        <dt className="text-sm font-medium text-slate-600">When</dt>
        <dd className="mt-1">
          <PlayDateWhen schedule={playDate} large />
          {playDate.startsAt && (playDate.viewer.isCreatorTeam || playDate.viewer.isRespondingTeam) ? (
            <a
              href={playDateCalendarUrl(playDate.id)}
              download
              // Still a plain link: the file comes without JavaScript, and a long press offers it.
              onClick={() =>
                toast.message(CALENDAR_FILE_TOAST, {
                  id: 'calendar-file',
                  description: CALENDAR_FILE_HINT,
                  duration: 6000,
                })
              }
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
            <PlayDateWhere place={playDate} directions large />
          </dd>
        </div>
      ) : null}
      <div>
        <dt className="text-sm font-medium text-slate-600">Who</dt>
        <dd className="mt-1">
          <PlayDateWho playDate={playDate} />
        </dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-slate-600">Price</dt>
        <dd className="mt-1">
          <span className="text-xl font-bold text-brand-800">
            {priceLine(playDate.paymentPerHourMin, playDate.durationMinutes)}
          </span>{' '}
          {/* A free game (a group's weekly game) has no one to pay. */}
          {free ? null : (
            <span className="text-sm text-slate-600">
              {playDate.type === 'challenge'
                ? 'paid by the creator team to the responding team'
                : 'paid by the responding team to the creator team'}
            </span>
          )}
          {/* A visitor of a game whose creator wants a partner may join either side: which one
              pays is not theirs to know yet. */}
          {!free &&
          (playDate.viewer.isCreatorTeam ||
            playDate.viewer.isRespondingTeam ||
            playDate.spots.creatorSide === 0) ? (
            <span className="block text-sm font-semibold text-slate-800">
              {yourTeamPayment(
                playDate.type,
                playDate.viewer.isCreatorTeam,
                paymentTime(playDate.status, playDate.result?.outcome, playDate.result?.state === 'closed'),
              )}
            </span>
          ) : null}
        </dd>
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

// What the creator wrote about the game, the area it is in and when it was posted: after the
// viewer's actions.
export function PlayDateMoreFacts({ playDate }: { playDate: PlayDateDetail }) {
  return (
    <dl className="flex flex-col gap-3">
      {playDate.description.trim() ? (
        <div>
          <dt className="text-sm font-medium text-slate-600">Description</dt>
          <dd className="mt-1 whitespace-pre-line text-slate-900">{playDate.description}</dd>
        </div>
      ) : null}
      <div>
        <dt className="text-sm font-medium text-slate-600">Location</dt>
        <dd className="mt-1">
          <LocationChips state={playDate.state} regions={playDate.regions} />
        </dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-slate-600">Created</dt>
        <dd className="mt-1 text-slate-900">
          <time dateTime={playDate.createdAt}>{formatDay(playDate.createdAt)}</time>
        </dd>
      </div>
    </dl>
  )
}
