import { XCircle } from 'lucide-react'
import { type ReactNode, useContext, useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { toast } from '../../../lib/toast'
import type { PlayDateDetail, PlayDateRequestView } from '../../../../domain/play-dates/play-date.schema'
import { playDateKind } from '../../../../domain/play-dates/play-date.constants'
import { Button, wrapsWords } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { PageLoading } from '../../../components/ui/spinner'
import { errorDetail, isApiError } from '../../../lib/api-client'
import { isNetworkFailure } from '../../../lib/offline'
import { LATE_CANCEL_HOURS } from '../../../../domain/play-dates/results.rules'
import {
  type RequestAnswer,
  useAnswerRequest,
  useCancelPlayDate,
  usePlayDate,
} from '../api/play-dates.queries'
import { usePlayDatesResync } from '../hooks/use-play-dates-live'
import { usePageMovesWithClock } from '../hooks/use-moves-with-clock'
import { GroupGameBadge, StatusBadge } from './play-date-badges'
import { BackButton, PlayDateFirstView, PlayDateFirstViewKind, PlayDateHeader } from './play-date-first-view'
import { PlayDateChat } from './play-date-chat'
import { applyMessages } from '../lib/apply-errors'
import { TeamRoster } from './team-roster'
import type { Side } from '../../../../domain/play-dates/spots'
import { FullGameActions, FullGameNews, spotsLine } from './play-date-full-game'
import { LateCancelChip } from './late-cancel-chip'
import { PlayDateActions } from './play-date-actions'
import {
  AnswerButtons,
  answersApplications,
  applicationState,
  CreatorTeamSpots,
  OtherSideSpots,
  teamNames,
} from './play-date-spots'
import { GameResult, type PlayDateWithResult } from './game-result'
import { PlayDateFacts, PlayDateMoreFacts } from './play-date-facts'
import { isMissing, NOT_AUTHORIZED, PlayDateNotFound } from './play-date-not-found'
import { outcome } from '../../../lib/outcome'

type Pending =
  | { kind: 'accept' | 'decline' | 'withdraw'; request: PlayDateRequestView; side?: Side | undefined }
  | { kind: 'cancel' }

const confirmations: Record<Pending['kind'], { title: string; confirm: string; tone: 'danger' | 'primary' }> =
  {
    accept: { title: 'Accept this application?', confirm: 'Accept', tone: 'primary' },
    decline: { title: 'Decline this application?', confirm: 'Decline', tone: 'danger' },
    withdraw: { title: 'Withdraw your application?', confirm: 'Withdraw', tone: 'danger' },
    cancel: { title: 'Cancel PlayDate?', confirm: 'Cancel PlayDate', tone: 'danger' },
  }

const answered: Record<RequestAnswer, string> = {
  accept: 'Application accepted: you are matched',
  decline: 'Application declined',
  withdraw: 'Application withdrawn',
}

const LATE_CANCEL_WARNING = `Cancelling less than ${LATE_CANCEL_HOURS} hours before the start counts as a late cancel for your team on both your profiles.`

function cancelMessage(playDate: PlayDateDetail) {
  if (playDate.status !== 'matched') return 'Pending applications will be declined. This cannot be undone.'
  const told = 'All four players are told. This cannot be undone.'
  return playDate.viewer.cancelIsLate ? (
    <>
      <span className="block font-semibold text-red-800">{LATE_CANCEL_WARNING}</span>
      <span className="mt-2 block">{told}</span>
    </>
  ) : (
    told
  )
}

function confirmMessage(pending: Pending, playDate: PlayDateDetail) {
  switch (pending.kind) {
    case 'accept':
      if (pending.request.solo) {
        const joins =
          pending.side === 'creator' || (!pending.side && playDate.spots.partnerWanted)
            ? 'joins your team as your partner'
            : 'takes a spot on the other side'
        const last =
          playDate.spots.left === 1 ? ' Every spot is then taken: other applications are declined.' : ''
        return `${teamNames(pending.request)} ${joins}.${last}`
      }
      return playDate.spots.partnerWanted
        ? `${teamNames(pending.request)} take the other side. You still need a partner.`
        : `You will play ${teamNames(pending.request)}. Every other application will be declined.`
    case 'decline':
      return `${teamNames(pending.request)} will be told that their application was declined.`
    case 'withdraw':
      return pending.request.status === 'pending'
        ? 'Your team leaves this PlayDate. You can apply again while it is open.'
        : 'You leave your spot, and it opens again for others.'
    case 'cancel':
      return cancelMessage(playDate)
  }
}

// The page of one PlayDate. It leads with when, where, who and for how much, then what is the
// viewer's to do (apply, open the chat, report the result, withdraw their application), then the
// applications to answer (creator team), both teams in full, and the chat once matched. As a
// `pane` beside the list (a wide screen) it has no Back button, and the chat is a column of its
// own beside the rest, as tall as the pane, instead of a box under it.
export function PlayDateDetails({
  id,
  viewerId,
  layout = 'page',
}: {
  id: string
  viewerId: string
  layout?: 'page' | 'pane'
}) {
  const query = usePlayDate(id)
  const navigate = useNavigate()
  const location = useLocation()
  const answer = useAnswerRequest()
  const cancel = useCancelPlayDate(id)
  const [pending, setPending] = useState<Pending | null>(null)
  const firstViewKind = useContext(PlayDateFirstViewKind)
  usePlayDatesResync()
  usePageMovesWithClock(query.data)

  const error = query.error
  // Shown before, and now closed to the viewer: cancelled, or matched with another team, while
  // the page was open. That is news about the PlayDate, not a permission the player lacked.
  const wasShown = query.data !== undefined
  // A network that fails leaves the PlayDate as it was last seen, under the offline banner.
  const isOfflineView = wasShown && isNetworkFailure(error)
  useEffect(() => {
    if (!error || isMissing(error) || isOfflineView) return
    const forbidden = isApiError(error) && error.code === 'forbidden'
    const message = forbidden
      ? wasShown
        ? applyMessages.noLongerAvailable
        : NOT_AUTHORIZED
      : 'Error loading PlayDate'
    toast.error(message, { id: `play-date-${id}` })
    void navigate('/playdates', { replace: true })
  }, [error, wasShown, isOfflineView, id, navigate])

  // "Open chat" (here, on a card, on the dashboard) leads to #team-chat, a link about the game's
  // result to #game-result: once that part is on the page, bring it into view.
  const canChat = query.data?.viewer.canChat ?? false
  const hasResult = Boolean(query.data?.result)
  useEffect(() => {
    const target =
      location.hash === '#team-chat' && canChat
        ? 'team-chat'
        : location.hash === '#game-result' && hasResult
          ? 'game-result'
          : null
    if (target) document.getElementById(target)?.scrollIntoView({ block: 'start' })
  }, [location.hash, location.key, canChat, hasResult])

  if (query.isPending) return firstViewKind ? <PlayDateFirstView kind={firstViewKind} /> : <PageLoading />
  if (query.isError && !isOfflineView) {
    return isMissing(query.error) ? (
      <PlayDateNotFound detail="The requested PlayDate could not be loaded." />
    ) : (
      <PageLoading />
    )
  }
  const playDate = query.data
  const { viewer } = playDate
  const isBusy = answer.isPending || cancel.isPending
  const result = playDate.result ? (playDate as PlayDateWithResult) : null
  // Before the start the result is news for later: it follows the teams. From the start it is
  // the players' to report or confirm, what they open the page for after the game: it comes
  // before the details, which filled a phone's first screen with the calendar and directions.
  const resultFirst = result !== null && result.result.state !== 'not_yet'

  const goBack = () => {
    // Back where the player came from, or to the list when this page was opened directly.
    if (location.key !== 'default') void navigate(-1)
    else void navigate('/playdates')
  }

  const confirm = () => {
    if (!pending) return
    if (pending.kind === 'cancel') {
      outcome(cancel.mutateAsync(), {
        onSuccess: () => {
          toast.success('PlayDate cancelled successfully')
          void navigate('/playdates')
        },
        onError: (failure) => {
          toast.error('Error cancelling PlayDate', { description: errorDetail(failure) })
          void query.refetch()
        },
        onSettled: () => setPending(null),
      })
    } else if ('request' in pending) {
      const kind = pending.kind
      outcome(answer.mutateAsync({ requestId: pending.request.id, answer: kind, side: pending.side }), {
        onSuccess: (detail) => {
          toast.success(
            kind === 'accept' && detail.status === 'open' ? 'Application accepted' : answered[kind],
          )
        },
        onError: (failure) => {
          toast.error(failure.message)
          void query.refetch()
        },
        onSettled: () => setPending(null),
      })
    }
  }

  const inPane = layout === 'pane'
  const chat = viewer.canChat ? (
    // Beside the details the chat is in view already: no #team-chat to scroll the window to.
    <div id={inPane ? undefined : 'team-chat'} className={inPane ? 'flex min-h-0 flex-col' : 'scroll-mt-28'}>
      <PlayDateChat playDateId={playDate.id} viewerId={viewerId} fillHeight={inPane} />
    </div>
  ) : null
  const chatBeside = inPane && chat !== null
  const showsOtherSide =
    playDate.respondingTeam !== null || playDate.status === 'open' || playDate.spots.otherSide > 0

  const details = (
    <>
      {inPane ? null : <BackButton onClick={goBack} />}
      <PlayDateHeader
        kind={playDateKind(playDate)}
        inPane={inPane}
        badges={
          <>
            <StatusBadge
              status={playDate.status}
              result={
                playDate.result?.state === 'disputed' || playDate.result?.state === 'closed'
                  ? playDate.result.state
                  : null
              }
            />
            {playDate.status === 'cancelled' && playDate.lateCancel ? <LateCancelChip /> : null}
          </>
        }
      >
        <GroupGameBadge playDate={playDate} groupName="link" member={viewer.canOpenGroup} />
        {spotsLine(playDate) ? (
          <p className="text-sm font-semibold text-brand-800">{spotsLine(playDate)}</p>
        ) : null}
      </PlayDateHeader>

      {/* The page's main action comes first: on a phone the details fill the first screen, and
          Apply sat under the tab bar until the player scrolled. */}
      <PlayDateActions playDate={playDate} chatBeside={chatBeside} viewerId={viewerId} />
      <FullGameNews playDate={playDate} />
      {/* An applicant's state before the details: what they wait for, and Withdraw. */}
      {viewer.myRequest && playDate.status === 'open' ? (
        <Section title={viewer.myRequest.status === 'pending' ? 'Your Application' : 'Your Spot'}>
          <p className="mb-2 text-sm text-slate-600">{applicationState(viewer.myRequest)}</p>
          {viewer.myRequest.status === 'pending' ? (
            <TeamRoster
              team={viewer.myRequest.team}
              tags={viewer.myRequest.solo ? ['Player', 'Partner'] : ['Captain', 'Partner']}
            />
          ) : null}
          {viewer.canWithdraw ? (
            <div className="mt-3 flex sm:justify-end">
              <Button
                variant="secondary"
                disabled={isBusy}
                onClick={() =>
                  viewer.myRequest && setPending({ kind: 'withdraw', request: viewer.myRequest })
                }
              >
                Withdraw
              </Button>
            </div>
          ) : null}
        </Section>
      ) : null}

      {result && resultFirst ? <GameResult playDate={result} /> : null}

      <Section title="Details">
        <PlayDateFacts playDate={playDate} />
      </Section>

      <Section title="About this game">
        <PlayDateMoreFacts playDate={playDate} />
      </Section>

      {answersApplications(playDate, viewerId) ? (
        <Section title="Applications" id="applications" className="scroll-mt-28">
          {playDate.pendingRequests.length === 0 ? (
            <p className="text-slate-600">
              No applications yet. Teams and players joining alone show up here.
            </p>
          ) : (
            <ul className="flex flex-col gap-4">
              {playDate.pendingRequests.map((request) => (
                <li key={request.id} className="rounded-xl border border-slate-200 p-3 sm:p-4">
                  {request.solo ? (
                    <p className="mb-1 text-sm font-semibold text-brand-800">Joining alone</p>
                  ) : null}
                  <TeamRoster
                    team={request.team}
                    tags={request.solo ? ['Player', 'Partner'] : ['Captain', 'Partner']}
                  />
                  <AnswerButtons
                    playDate={playDate}
                    request={request}
                    disabled={isBusy}
                    onAnswer={(kind, side) => setPending({ kind, request, side })}
                  />
                </li>
              ))}
            </ul>
          )}
        </Section>
      ) : null}

      {/* Beside the chat the column is too narrow for the teams side by side. */}
      <div className={chatBeside ? 'grid gap-6' : 'grid gap-4 md:grid-cols-2 sm:gap-6'}>
        <Section title="Creator Team">
          <CreatorTeamSpots playDate={playDate} />
        </Section>
        {showsOtherSide ? (
          <Section title="Responding Team">
            <OtherSideSpots playDate={playDate} />
          </Section>
        ) : null}
      </div>

      {result && !resultFirst ? <GameResult playDate={result} /> : null}
      <FullGameActions playDate={playDate} />

      {chatBeside ? null : chat}

      {viewer.canCancel ? (
        <Section title="More actions">
          <p className="mb-3 text-sm text-slate-600">
            Cancelling tells every player of this PlayDate. It cannot be undone.
          </p>
          {viewer.cancelIsLate ? (
            <p className="mb-3 text-sm font-semibold text-red-800">{LATE_CANCEL_WARNING}</p>
          ) : null}
          <Button
            variant="secondary"
            className={wrapsWords}
            onClick={() => setPending({ kind: 'cancel' })}
            disabled={isBusy}
          >
            <XCircle aria-hidden="true" className="size-4" />
            Cancel PlayDate
          </Button>
        </Section>
      ) : null}
    </>
  )

  return (
    <>
      {chatBeside ? (
        <div className="grid h-full grid-cols-[minmax(0,1fr)_minmax(0,1fr)] grid-rows-[minmax(0,1fr)] gap-6">
          <div className="flex min-h-0 flex-col gap-6 overflow-y-auto p-1 *:shrink-0">{details}</div>
          {chat}
        </div>
      ) : (
        <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 sm:gap-6">{details}</div>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? confirmations[pending.kind].title : ''}
        message={pending ? confirmMessage(pending, playDate) : ''}
        confirmLabel={pending ? confirmations[pending.kind].confirm : 'Confirm'}
        cancelLabel={pending?.kind === 'cancel' ? 'Keep PlayDate' : 'Cancel'}
        tone={pending ? confirmations[pending.kind].tone : 'primary'}
        isPending={isBusy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </>
  )
}

function Section(props: { title: string; children: ReactNode; className?: string; id?: string }) {
  const { title, children, className, id } = props
  return (
    <Card className={className} id={id}>
      <h2 className="mb-3 text-lg font-bold text-slate-900">{title}</h2>
      {children}
    </Card>
  )
}
