import {
  CheckCircle2,
  ChevronRight,
  ClipboardCheck,
  ClipboardPen,
  Clock,
  type LucideIcon,
  MessagesSquare,
  Scale,
  Trophy,
  UserPlus,
  Users,
} from 'lucide-react'
import { Link, type To } from 'react-router'
import type { PlayDateSummary, TeamSummary } from '../../../../domain/play-dates/play-date.schema'
import { answeringKind, playDateKind } from '../../../../domain/play-dates/play-date.constants'
import { paymentTime, yourTeamPayment } from '../../../../domain/play-dates/play-date.rules'
import type { ResultMove } from '../../../../domain/play-dates/results.rules'
import { priceLine } from '../../../../domain/play-dates/schedule'
import { Avatar, FaceGroup } from '../../../components/ui/avatar'
import { DotParts } from '../../../components/ui/dot-parts'
import {
  formatRating,
  fullName,
  requestCountLabel,
  teamCountsSelfRating,
  teamRatingLabel,
} from '../lib/play-date-view'
import { GroupGameBadge, LocationChips, StatusBadge, TypeChip } from './play-date-badges'
import { PlayDateWhen, PlayDateWhere } from './play-date-when'
import { TeamRecord } from './team-record'
import { OutcomeText } from './outcome-text'
import { JoinAloneRange } from './join-alone-range'
import { outcomeText, resultDueLine } from '../lib/result-view'
import { spotsText } from '../../../../domain/play-dates/spots'
import { useNow } from '../../../lib/use-now'

const teamNames = (team: TeamSummary) =>
  [team.captain, team.partner]
    .filter((p) => p !== null)
    .map(fullName)
    .join(' & ')

// The team's faces, side by side; the names beside them say who they are.
function TeamFaces({ team }: { team: TeamSummary }) {
  return (
    <FaceGroup>
      {[team.captain, team.partner]
        .filter((p) => p !== null)
        .map((player) => (
          <Avatar key={player.id} person={player} size="md" className="ring-2 ring-white" />
        ))}
    </FaceGroup>
  )
}

// One PlayDate in a list; the title links to its page and the link covers the card. The price
// says whether the viewer's team pays or earns it (the type chip goes with the team on top), or
// paid or earned it once played (History).
// Under the team, its record when the viewer would play it (someone else's PlayDate); on the
// viewer's own PlayDate once matched, their team on top and the opponents under it with theirs.
// Records are fetched after the list, not by it (reliability.queries.ts).
// `headingLevel` 3 for a card under a section's h2 (the dashboard's suggestions). In the list
// beside the chosen PlayDate, `search` keeps the list's tab and filters in the card's link and
// `isSelected` marks the one on show.
export function PlayDateCard({
  playDate,
  viewerId,
  headingLevel = 2,
  search = '',
  isSelected = false,
  onGroupPage = false,
}: {
  playDate: PlayDateSummary
  viewerId: string
  headingLevel?: 2 | 3
  search?: string
  isSelected?: boolean
  // On the group's own page the card leaves the group's name out.
  onGroupPage?: boolean
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2'
  const creatorTeam = playDate.creatorTeam
  const respondingTeam = playDate.respondingTeam ?? null
  const onCreatorTeam = creatorTeam.captain.id === viewerId || creatorTeam.partner?.id === viewerId
  const onRespondingTeam = respondingTeam?.captain.id === viewerId || respondingTeam?.partner?.id === viewerId
  const kind = playDateKind(playDate)
  // The viewer's own matched or finished PlayDate (My PlayDates, History) is told from their team's
  // side, whichever team posted it: theirs on top, the team they play under "vs"
  // (docs/decisions/0222). Any other card shows the team that posted it.
  const [team, opponents] =
    onRespondingTeam && respondingTeam
      ? [respondingTeam, creatorTeam]
      : [creatorTeam, onCreatorTeam ? respondingTeam : null]
  const names = teamNames(team)
  const pathname = `/playdates/${playDate.id}`
  // A game whose result was never reported, on History (docs/decisions/0217): over, as its
  // finished neighbours are.
  const unreported = playDate.status === 'matched' && playDate.resultMove === 'closed'
  const result = playDate.result
    ? outcomeText(playDate.result, onCreatorTeam ? 'creator' : onRespondingTeam ? 'responding' : null, {
        creator: teamNames(creatorTeam),
        responding: respondingTeam ? teamNames(respondingTeam) : 'The responding team',
      })
    : null
  return (
    <article
      className={`relative flex flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 sm:p-5 ${
        isSelected ? 'border-brand-700 ring-1 ring-brand-700' : 'border-slate-200 hover:border-slate-300'
      }`}
    >
      <div className="flex items-center justify-between gap-2">
        {/* The chip goes with the team on top: on the answering team's own card, from their side. */}
        <TypeChip kind={onRespondingTeam ? answeringKind(kind) : kind} />
        <StatusBadge status={playDate.status} result={unreported ? 'closed' : null} />
      </div>
      <GroupGameBadge playDate={playDate} groupName={onGroupPage ? 'none' : 'text'} />
      <div className="@container">
        {/* The names go under the faces where fewer than some 15 characters fit beside them (a
            phone with larger text): beside, a long name broke inside a word (0224). */}
        <div className="flex flex-col items-start gap-x-3 gap-y-1 @min-[15rem]:flex-row @min-[15rem]:items-center">
          <TeamFaces team={team} />
          <Heading className="min-w-0 text-lg font-bold text-slate-900">
            <Link
              to={{ pathname, search }}
              aria-current={isSelected ? 'page' : undefined}
              className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
            >
              {names}
            </Link>
          </Heading>
        </div>
        {/* "Team DUPR 3.80 ·" over "counts a self rating" where the line is short: each part whole. */}
        <p className="text-sm text-slate-600">
          <DotParts
            text={[
              <>
                {teamRatingLabel(team)}{' '}
                <span className="font-semibold text-slate-900">{formatRating(team.averageDupr)}</span>
              </>,
              ...(teamCountsSelfRating(team) ? ['counts a self rating'] : []),
            ]}
          />
        </p>
        {playDate.status === 'open' ? (
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
            <span className="inline-flex items-center gap-1 font-semibold text-brand-800">
              <UserPlus aria-hidden="true" className="size-4 shrink-0" />
              <span>
                <DotParts text={spotsText(playDate.spots)} />
              </span>
            </span>
            {playDate.duprRange ? (
              <span>
                <JoinAloneRange range={playDate.duprRange} />
              </span>
            ) : null}
          </p>
        ) : null}
        {onCreatorTeam || onRespondingTeam ? null : <TeamRecord team={team} />}
        {opponents ? (
          <>
            <p className="mt-1 text-sm text-slate-700">
              vs <span className="font-semibold text-slate-900">{teamNames(opponents)}</span>
            </p>
            <TeamRecord team={opponents} lead="Opponents" />
          </>
        ) : null}
      </div>
      {!result && (onCreatorTeam || onRespondingTeam) ? (
        <ResultDueNote
          playDate={playDate}
          resultLink={{ pathname, search, hash: '#game-result' }}
          against={opponents ? teamNames(opponents) : names}
        />
      ) : null}
      {result ? (
        <p className="flex items-center gap-1.5 font-semibold text-slate-900">
          <Trophy aria-hidden="true" className="size-4 shrink-0 text-brand-800" />
          <span>
            <span className="sr-only">Result: </span>
            <OutcomeText text={result} />
          </span>
        </p>
      ) : null}
      <div className="space-y-1">
        <PlayDateWhen schedule={playDate} />
        <PlayDateWhere place={playDate} distanceMiles={playDate.distanceMiles} />
      </div>
      <LocationChips state={playDate.state} regions={playDate.regions} />
      {/* The price is one line under the words that say who pays it, and the request count or
          Chat sits beside those words: beside the price, on a narrow phone the price broke over
          two or three lines (docs/decisions/0214). A free game, with no such words, keeps its
          short price beside the count. The chevron keeps the row's end. */}
      <div className="flex items-center gap-2 border-t border-slate-100 pt-3">
        {/* Beside each other only while the row has room for some 15 characters of text (15rem):
            with the phone's text made larger the words, the price and the count or Chat stack
            instead, so none is squeezed to a letter a line (docs/decisions/0224). */}
        <div className="@container min-w-0 flex-1">
          <div className="grid grid-cols-1 items-center gap-x-2 gap-y-1 @min-[15rem]:grid-cols-[minmax(0,1fr)_auto] @min-[15rem]:gap-y-0">
            {kind === 'free' ? null : (
              <span className="text-sm text-slate-700">
                {yourTeamPayment(
                  playDate.type,
                  onCreatorTeam,
                  paymentTime(playDate.status, playDate.result, unreported),
                )}
              </span>
            )}
            <span className={kind === 'free' ? '@min-[15rem]:row-start-1' : '@min-[15rem]:col-span-2'}>
              {/* "$35/hour · 1.5 h · $52.50" breaks, if it must, only after a dot: an amount stays whole. */}
              <span className="text-base font-bold text-brand-800">
                <DotParts text={priceLine(playDate.paymentPerHourMin, playDate.durationMinutes)} />
              </span>
            </span>
            {playDate.status === 'open' ? (
              <p className="inline-flex items-center gap-1 justify-self-start text-sm text-slate-700 @min-[15rem]:col-start-2 @min-[15rem]:row-start-1">
                <Users aria-hidden="true" className="size-4" />
                {requestCountLabel(playDate.requestCount)}
              </p>
            ) : null}
            {playDate.status === 'matched' && !unreported ? (
              // A matched PlayDate in a list is one of the viewer's own: its team chat is one tap away.
              <Link
                to={{ pathname, search, hash: '#team-chat' }}
                className="relative z-10 inline-flex min-h-11 justify-self-start @min-[15rem]:col-start-2 @min-[15rem]:row-start-1 items-center gap-1 rounded-lg border border-brand-700 px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                aria-label={`Chat with ${opponents ? teamNames(opponents) : names}`}
              >
                <MessagesSquare aria-hidden="true" className="size-4" />
                Chat
              </Link>
            ) : null}
          </div>
        </div>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
      </div>
    </article>
  )
}

// A game of the viewer's that has started and is still "Matched": the card says whose move it is
// on its result, so "Matched" does not read as a game still ahead (docs/decisions/0212, 0213).
// Where the viewer's team has something to do, the line leads to the page's result section. Read
// on this device's clock, as the card's "in 2 days" is; the move is the server's, and a list read
// before the start has none: "Result not settled yet".
const moveIcons: Record<ResultMove, LucideIcon> = {
  report: ClipboardPen,
  confirm: ClipboardCheck,
  waiting: Clock,
  confirming: CheckCircle2,
  disputed: Scale,
  closed: Trophy,
}

function ResultDueNote({
  playDate,
  resultLink,
  against,
}: {
  playDate: PlayDateSummary
  resultLink: To
  // The other team's names, for the link's name beside other cards' links.
  against: string
}) {
  const now = useNow().getTime()
  if (playDate.status !== 'matched' || !playDate.startsAt || Date.parse(playDate.startsAt) > now) return null
  const move = playDate.resultMove ?? null
  const line = resultDueLine(move)
  const Icon = move ? moveIcons[move] : Trophy
  if (line.leadsToResult)
    return (
      <Link
        to={resultLink}
        className="relative z-10 inline-flex min-h-11 items-center gap-1.5 self-start text-sm font-semibold text-amber-900 underline underline-offset-2"
      >
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {line.text}
        <span className="sr-only"> for your game with {against}</span>
      </Link>
    )
  return (
    // The icon stays beside the first line when the words wrap on a narrow phone.
    <p
      className={`flex items-start gap-1.5 text-sm font-semibold ${move === null ? 'text-amber-900' : 'text-slate-700'}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {line.text}
    </p>
  )
}
