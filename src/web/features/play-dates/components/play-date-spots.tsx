import type { PlayDateDetail, PlayDateRequestView } from '../../../../domain/play-dates/play-date.schema'
import { teamPays } from '../../../../domain/play-dates/play-date.rules'
import { type Side, SPLIT_LEAD, splitShareText } from '../../../../domain/play-dates/spots'
import { Button } from '../../../components/ui/button'
import { fullName } from '../lib/play-date-view'
import { OpenSpotRow, TeamRoster } from './team-roster'

// The PlayDate page's parts about its four spots (docs/decisions/0137-spots-and-solo-teams.md):
// who answers applications, where an accepted player goes, and who splits a price.

export const teamNames = (request: PlayDateRequestView) =>
  [request.team.captain, request.team.partner]
    .filter((p) => p !== null)
    .map(fullName)
    .join(' & ')

// The creator answers applications, and a partner they chose; a partner who joined alone does not.
export const answersApplications = (playDate: PlayDateDetail, viewerId: string) =>
  playDate.status === 'open' &&
  (playDate.creatorTeam.captain.id === viewerId ||
    (playDate.creatorTeam.partner?.id === viewerId && !playDate.creatorTeam.partner?.joinedAlone))

export function applicationState(request: PlayDateRequestView) {
  if (request.status === 'pending') return 'Waiting for the creator team to answer.'
  return 'You hold a spot. You can withdraw until every spot is taken and the game is matched.'
}

// Accept or Decline. A player alone goes where the creator says when both sides have room; a
// pair only fits an empty other side. Two to a row on a phone; under each other with under 12 rem
// of room (a phone's text made much larger: docs/decisions/0225).
export function AnswerButtons({
  playDate,
  request,
  disabled,
  onAnswer,
}: {
  playDate: PlayDateDetail
  request: PlayDateRequestView
  disabled: boolean
  onAnswer: (kind: 'accept' | 'decline', side?: Side) => void
}) {
  const names = teamNames(request)
  const { spots } = playDate
  const bothSides = request.solo && spots.creatorSide > 0 && spots.otherSide > 0
  const pairDoesNotFit = !request.solo && spots.otherSide < 2
  return (
    <div className="@container">
      {pairDoesNotFit ? (
        <p className="mt-2 text-sm text-slate-600">A pair needs both spots of the other side.</p>
      ) : null}
      <div className="mt-3 grid grid-cols-1 gap-2 @min-[12rem]:grid-cols-2 sm:flex sm:flex-wrap sm:justify-end">
        <Button
          variant="secondary"
          disabled={disabled}
          onClick={() => onAnswer('decline')}
          aria-label={`Decline ${names}`}
        >
          Decline
        </Button>
        {bothSides ? (
          <>
            <Button
              disabled={disabled}
              onClick={() => onAnswer('accept', 'creator')}
              aria-label={`Accept ${names} as your partner`}
            >
              As my partner
            </Button>
            <Button
              variant="secondary"
              className="@min-[12rem]:col-span-2"
              disabled={disabled}
              onClick={() => onAnswer('accept', 'other')}
              aria-label={`Accept ${names} for the other side`}
            >
              For the other side
            </Button>
          </>
        ) : (
          <Button
            disabled={disabled || pairDoesNotFit}
            onClick={() => onAnswer('accept')}
            aria-label={`Accept ${names}`}
          >
            Accept
          </Button>
        )}
      </div>
    </div>
  )
}

// A side with a player who joined alone (or a spot for one) splits its price equally: its players
// made no deal between them. The page says so.
export function SplitNote({ playDate, team }: { playDate: PlayDateDetail; team: 'creator' | 'responding' }) {
  const side = team === 'creator' ? playDate.creatorTeam : playDate.respondingTeam
  const splits =
    side !== null &&
    (side.captain.joinedAlone === true ||
      side.partner?.joinedAlone === true ||
      (team === 'creator' ? playDate.spots.partnerWanted : side.partner === null))
  // A free game has nothing to split.
  if (!splits || playDate.paymentPerHourMin === 0) return null
  const role = teamPays(playDate.type, team === 'creator') ? 'pays' : 'earns'
  return (
    <p className="mt-2 text-sm font-semibold text-slate-800">
      {SPLIT_LEAD}{' '}
      <span className="whitespace-nowrap">{splitShareText(playDate.paymentPerHourMin, role)}</span>
    </p>
  )
}

// The creator's side: the creator, and the partner or the open spot of a partner wanted.
export function CreatorTeamSpots({ playDate }: { playDate: PlayDateDetail }) {
  return (
    <>
      <TeamRoster
        team={playDate.creatorTeam}
        tags={['Creator', 'Partner']}
        openSpot={
          playDate.spots.partnerWanted
            ? playDate.status === 'open'
              ? 'Open spot · partner wanted'
              : 'Open spot'
            : undefined
        }
      />
      <SplitNote playDate={playDate} team="creator" />
    </>
  )
}

// The other side: its team once anyone holds a spot, its open spots while the PlayDate is open.
export function OtherSideSpots({ playDate }: { playDate: PlayDateDetail }) {
  if (!playDate.respondingTeam) {
    return (
      <>
        <ul className="divide-y divide-slate-100">
          <OpenSpotRow label="Open spot" />
          <OpenSpotRow label="Open spot" />
        </ul>
        <p className="mt-2 text-sm text-slate-600">For a pair, or two players joining alone.</p>
      </>
    )
  }
  return (
    <>
      <TeamRoster
        team={playDate.respondingTeam}
        tags={['Captain', 'Partner']}
        openSpot={
          playDate.spots.otherSide === 0
            ? undefined
            : playDate.status === 'open'
              ? 'Open spot · for a player joining alone'
              : 'Open spot'
        }
      />
      <SplitNote playDate={playDate} team="responding" />
    </>
  )
}
