import { ArrowDown, ArrowUp, Check, LogOut, Search, X } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import type { PlayDateDetail, WaitlistEntryView } from '../../../../domain/play-dates/play-date.schema'
import { waitlistPositionText } from '../../../../domain/play-dates/offers'
import { LATE_CANCEL_HOURS } from '../../../../domain/play-dates/results.rules'
import { formatStart } from '../../../../domain/play-dates/schedule'
import { spotsText } from '../../../../domain/play-dates/spots'
import { Button, wrapsWords } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { toast } from '../../../lib/toast'
import { outcome } from '../../../lib/outcome'
import {
  refetchPlayDate,
  useAnswerRequest,
  useFindSub,
  useLeavePlayDate,
  useMoveOnWaitlist,
  useOfferAnswer,
} from '../api/play-dates.queries'
import { useQueryClient } from '@tanstack/react-query'
import { teamNames } from './play-date-spots'
import { TeamRoster } from './team-roster'
import { SpotsAndRange } from './join-alone-range'
import { DotParts } from '../../../components/ui/dot-parts'

// A full game's parts of the PlayDate page (docs/decisions/0152-waitlist-drop-outs-and-subs.md):
// the spot offered to the viewer, their place on the waitlist, the creator's waitlist, the sub
// search and dropping out.

// The spots line under the title: an open PlayDate's, a full game's open spots or its waitlist.
export function spotsLine(playDate: PlayDateDetail): ReactNode {
  if (playDate.status === 'open') {
    return <SpotsAndRange spots={playDate.spots} range={playDate.duprRange} />
  }
  if (playDate.status !== 'matched') return null
  if (playDate.spots.left > 0)
    return <DotParts text={`${spotsText(playDate.spots)} · a player dropped out`} />
  return playDate.waitlistCount > 0 ? (
    <DotParts text={`Full · ${playDate.waitlistCount} on the waitlist`} />
  ) : null
}

function Section({ title, children, tone }: { title: string; children: ReactNode; tone?: 'offer' }) {
  return (
    <Card className={tone === 'offer' ? 'border-2 border-brand-600' : undefined}>
      <h2 className="mb-3 text-lg font-bold text-slate-900">{title}</h2>
      {children}
    </Card>
  )
}

const failed = (error: Error) => toast.error(error.message)

// A spot offered to the viewer: one tap takes it.
function SpotOffer({ playDate }: { playDate: PlayDateDetail }) {
  const answer = useOfferAnswer()
  const offer = playDate.viewer.offer
  if (!offer) return null
  const until = playDate.timeZone ? formatStart(new Date(offer.exclusiveUntil), playDate.timeZone) : null
  const reply = (kind: 'take' | 'decline') =>
    outcome(answer.mutateAsync({ offerId: offer.id, answer: kind }), {
      onSuccess: () => toast.success(kind === 'take' ? 'The spot is yours' : 'Offer declined'),
      onError: failed,
    })
  return (
    <Section title={offer.kind === 'sub' ? 'Sub wanted' : 'A spot opened for you'} tone="offer">
      <p className="text-slate-700">
        {offer.kind === 'sub'
          ? 'The players need a sub for this game. The first to take the spot plays.'
          : `The spot is yours alone${until ? ` until ${until}` : ''}, then it goes to the next in line.`}
      </p>
      <div className="mt-3 grid grid-cols-2 gap-2 sm:flex sm:justify-end">
        <Button variant="secondary" disabled={answer.isPending} onClick={() => reply('decline')}>
          <X aria-hidden="true" className="size-4" />
          Decline
        </Button>
        <Button disabled={answer.isPending} aria-busy={answer.isPending} onClick={() => reply('take')}>
          <Check aria-hidden="true" className="size-4" />
          Take the spot
        </Button>
      </div>
    </Section>
  )
}

// "You're #2 on the waitlist", and a way off it.
function WaitlistPlace({ playDate }: { playDate: PlayDateDetail }) {
  const withdraw = useAnswerRequest()
  const { waitlistPosition, myRequest } = playDate.viewer
  if (waitlistPosition === null || !myRequest) return null
  return (
    <Section title="Waitlist">
      <p className="text-lg font-semibold text-brand-800">{waitlistPositionText(waitlistPosition)}</p>
      <p className="mt-1 text-sm text-slate-600">
        When a spot opens, it is offered to the first in line who fits: a pair for two spots of a side, a
        player alone for one.
      </p>
      <div className="mt-3 flex sm:justify-end">
        <Button
          variant="secondary"
          disabled={withdraw.isPending}
          onClick={() =>
            outcome(withdraw.mutateAsync({ requestId: myRequest.id, answer: 'withdraw' }), {
              onSuccess: () => toast.success('You left the waitlist'),
              onError: failed,
            })
          }
        >
          Leave the waitlist
        </Button>
      </div>
    </Section>
  )
}

const searchText = {
  none: null,
  asking: 'Asking for a sub: friends of the players first, then players available as a sub nearby.',
  exhausted: 'Everyone who could be asked has been asked. No sub yet.',
} as const

// The players left on a side with an open spot: "Find a sub", or how the search goes.
function SubSearch({ playDate }: { playDate: PlayDateDetail }) {
  const find = useFindSub(playDate.id)
  const isPlayer = playDate.viewer.isCreatorTeam || playDate.viewer.isRespondingTeam
  if (playDate.status !== 'matched' || playDate.spots.left === 0 || !isPlayer) return null
  const status = searchText[playDate.subSearch]
  return (
    <Section title="Open spot">
      <p className="text-slate-700">
        {status ?? 'The spot is offered to the waitlist first, one at a time.'}
      </p>
      {playDate.viewer.canFindSub ? (
        <Button
          className="mt-3"
          disabled={find.isPending}
          aria-busy={find.isPending}
          onClick={() =>
            outcome(find.mutateAsync(), {
              onSuccess: () => toast.success('Asking for a sub'),
              onError: failed,
            })
          }
        >
          <Search aria-hidden="true" className="size-4" />
          Find a sub
        </Button>
      ) : null}
    </Section>
  )
}

// The creator's waitlist, in order, each with Move up and Move down.
function WaitlistManager({ playDate }: { playDate: PlayDateDetail }) {
  const move = useMoveOnWaitlist()
  const queryClient = useQueryClient()
  if (playDate.waitlist.length === 0) return null
  const last = playDate.waitlist.length
  const shift = (entry: WaitlistEntryView, direction: 'up' | 'down') =>
    outcome(move.mutateAsync({ requestId: entry.id, direction }), {
      onError: (error) => {
        failed(error)
        void refetchPlayDate(queryClient, playDate.id)
      },
    })
  return (
    <Section title="Waitlist">
      <p className="mb-3 text-sm text-slate-600">
        When a spot opens it is offered in this order, to the first who fits: a pair for two spots of a side,
        a player alone for one.
      </p>
      <ol className="flex flex-col gap-3">
        {playDate.waitlist.map((entry) => (
          <li key={entry.id} className="rounded-xl border border-slate-200 p-3">
            <p className="mb-1 text-sm font-semibold text-brand-800">
              #{entry.position}
              {entry.solo ? ' · Joining alone' : ''}
            </p>
            <TeamRoster
              team={entry.team}
              tags={entry.solo ? ['Player', 'Partner'] : ['Captain', 'Partner']}
            />
            <div className="mt-2 grid grid-cols-2 gap-2 sm:flex sm:justify-end">
              <Button
                variant="secondary"
                disabled={move.isPending || entry.position === 1}
                onClick={() => shift(entry, 'up')}
                aria-label={`Move ${teamNames(entry)} up`}
              >
                <ArrowUp aria-hidden="true" className="size-4" />
                Move up
              </Button>
              <Button
                variant="secondary"
                disabled={move.isPending || entry.position === last}
                onClick={() => shift(entry, 'down')}
                aria-label={`Move ${teamNames(entry)} down`}
              >
                <ArrowDown aria-hidden="true" className="size-4" />
                Move down
              </Button>
            </div>
          </li>
        ))}
      </ol>
    </Section>
  )
}

const LATE_LEAVE_WARNING = `Dropping out less than ${LATE_CANCEL_HOURS} hours before the start counts as a late cancel on your profile, marked replaced if someone takes your spot.`

// A player of a full game (not its creator) drops out: the game goes on, the spot is offered.
function LeaveGame({ playDate }: { playDate: PlayDateDetail }) {
  const leave = useLeavePlayDate(playDate.id)
  const [asking, setAsking] = useState<null | { withPartner: boolean }>(null)
  const { viewer } = playDate
  if (!viewer.canLeave) return null
  return (
    <Section title="Can’t make it?">
      <p className="mb-3 text-sm text-slate-600">
        Drop out and the game goes on: your spot is offered to the waitlist, then to subs.
      </p>
      {viewer.leaveIsLate ? (
        <p className="mb-3 text-sm font-semibold text-red-800">{LATE_LEAVE_WARNING}</p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="secondary"
          disabled={leave.isPending}
          onClick={() => setAsking({ withPartner: false })}
        >
          <LogOut aria-hidden="true" className="size-4" />
          Drop out
        </Button>
        {viewer.canLeaveWithPartner ? (
          <Button
            variant="secondary"
            className={wrapsWords}
            disabled={leave.isPending}
            onClick={() => setAsking({ withPartner: true })}
          >
            Drop out with my partner
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking !== null}
        title="Drop out of this game?"
        message={
          <>
            {viewer.leaveIsLate ? (
              <span className="block font-semibold text-red-800">{LATE_LEAVE_WARNING}</span>
            ) : null}
            <span className="mt-2 block">
              {asking?.withPartner ? 'You and your partner leave' : 'You leave'} the game and its chat. The
              other players are told.
            </span>
          </>
        }
        confirmLabel="Drop out"
        cancelLabel="Stay in"
        isPending={leave.isPending}
        onConfirm={() =>
          outcome(leave.mutateAsync(asking?.withPartner ?? false), {
            onSuccess: () => toast.success('You dropped out. Your spot is offered to others.'),
            onError: failed,
            onSettled: () => setAsking(null),
          })
        }
        onCancel={() => setAsking(null)}
      />
    </Section>
  )
}

// What comes first on the page: an offer to answer, the viewer's place, the open spot.
export function FullGameNews({ playDate }: { playDate: PlayDateDetail }) {
  return (
    <>
      <SpotOffer playDate={playDate} />
      <WaitlistPlace playDate={playDate} />
      <SubSearch playDate={playDate} />
    </>
  )
}

// What comes after the teams: the creator's waitlist and dropping out.
export function FullGameActions({ playDate }: { playDate: PlayDateDetail }) {
  return (
    <>
      <WaitlistManager playDate={playDate} />
      <LeaveGame playDate={playDate} />
    </>
  )
}
