import { Check, ClipboardCheck, ClipboardPen, Handshake, Inbox, UserPlus, UsersRound, X } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import type { ConnectionOutput } from '../../../../domain/connections/connection.schema'
import type {
  ApplicationToDecide,
  GameToReport,
  ResultToConfirm,
} from '../../../../domain/play-dates/home.schema'
import { formatStart, TIME_TO_BE_AGREED } from '../../../../domain/play-dates/schedule'
import { Avatar, type AvatarPerson, FaceGroup } from '../../../components/ui/avatar'
import { Button, ButtonLink } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { errorDetail } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { useSingleFlight } from '../../../lib/use-single-flight'
import { useConnectionActions, useConnections } from '../../connections'
import { formatDay, OutcomeText, TeamRecord, useAnswerRequest } from '../../play-dates'
import { useConfirmReportedResult, useHome, useRefreshHome, useUndoReportedResult } from '../api/home.queries'
import { reportedResultSentence, teamName, teamRatingsLine } from '../lib/home-view'
import { HomeSection, SectionEmpty, SectionError, SectionLoading } from './home-section'
import { RatingsText } from '../../../components/ui/ratings-text'
import { outcome } from '../../../lib/outcome'

// Requests shown here; the rest are a tap away on Player Connections.
const REQUESTS_SHOWN = 5
const list = 'flex flex-col gap-3'

// What waits on the player: games that have started with no result reported yet, results the
// other team reported, applications to their open
// PlayDates, and friend requests and regular partner invitations, each answered in place.
export function WaitingForYou({ className }: { className?: string }) {
  const home = useHome()
  const received = useConnections('received')
  const requests = received.data?.pages[0]?.items.slice(0, REQUESTS_SHOWN) ?? []
  const requestTotal = received.data?.pages[0]?.total ?? 0
  const toReport = home.data?.toReport ?? []
  const results = home.data?.results ?? []
  const applications = home.data?.applications ?? []
  const count = toReport.length + results.length + applications.length + requestTotal
  // A failed refetch keeps what was shown; only a load that never answered says so.
  const homeFailed = home.isError && !home.data
  const requestsFailed = received.isError && !received.data

  let body: ReactNode
  if (home.isPending || received.isPending) {
    body = <SectionLoading label="Loading what is waiting for you..." />
  } else if (homeFailed && requestsFailed) {
    body = (
      <SectionError
        message="Could not load what is waiting for you."
        onRetry={() => {
          void home.refetch()
          void received.refetch()
        }}
      />
    )
  } else if (count === 0 && !homeFailed && !requestsFailed) {
    body = <SectionEmpty message="Nothing waiting for you." />
  } else {
    body = (
      <div className="flex flex-col gap-3">
        {homeFailed ? (
          <SectionError
            message="Could not load your results and applications."
            onRetry={() => void home.refetch()}
          />
        ) : null}
        {toReport.length > 0 ? (
          <ul className={list}>
            {toReport.map((game) => (
              <ReportItem key={game.playDateId} game={game} />
            ))}
          </ul>
        ) : null}
        {results.length > 0 ? (
          <ul className={list}>
            {results.map((result) => (
              <ResultItem key={result.playDateId} result={result} />
            ))}
          </ul>
        ) : null}
        {applications.length > 0 ? <Applications applications={applications} /> : null}
        {requests.length > 0 ? (
          <ul className={list}>
            <ConnectionRequests requests={requests} />
          </ul>
        ) : null}
        {requestTotal > requests.length ? (
          <Link
            to="/connections?view=received"
            className="inline-flex min-h-11 items-center gap-1 self-start text-sm font-semibold text-brand-800 underline underline-offset-2"
          >
            <Inbox aria-hidden="true" className="size-4" />
            All {requestTotal} requests on Player Connections
          </Link>
        ) : null}
        {requestsFailed ? (
          <SectionError
            message="Could not load your friend requests."
            onRetry={() => void received.refetch()}
          />
        ) : null}
      </div>
    )
  }

  return (
    <HomeSection id="waiting-for-you" title="Waiting for you" count={count} className={className}>
      {body}
    </HomeSection>
  )
}

// The faces of the players concerned: decorative, as the item names them.
function Faces({ people }: { people: AvatarPerson[] }) {
  return (
    <FaceGroup>
      {people.map((person, index) => (
        <Avatar key={index} person={person} size="md" className="ring-2 ring-white" />
      ))}
    </FaceGroup>
  )
}

function Item({
  icon,
  kind,
  faces,
  children,
  actions,
}: {
  icon: ReactNode
  kind: string
  faces: AvatarPerson[]
  children: ReactNode
  actions: ReactNode
}) {
  return (
    // With under 15 rem of room (larger text on a phone) the faces go above the words and the
    // answers under each other, so neither squeezes the other (docs/decisions/0225).
    <li className="@container rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="flex items-center gap-1.5 text-sm font-semibold text-amber-900 [&>svg]:shrink-0">
        {icon}
        {kind}
      </p>
      <div className="mt-2 flex flex-col gap-3 @min-[15rem]:flex-row @min-[15rem]:items-start">
        {faces.length > 0 ? <Faces people={faces} /> : null}
        <div className="min-w-0 flex-1">{children}</div>
      </div>
      <div className="mt-3 grid grid-cols-1 gap-2 @min-[15rem]:grid-cols-2 sm:flex sm:justify-end">
        {actions}
      </div>
    </li>
  )
}

// A game's start in its own zone, or 'Time to be agreed'.
const gameTime = (item: { startsAt: string | null; timeZone: string | null }) =>
  item.startsAt && item.timeZone ? formatStart(new Date(item.startsAt), item.timeZone) : TIME_TO_BE_AGREED

// A game that has started and that no team has reported: the report form is on its page.
function ReportItem({ game }: { game: GameToReport }) {
  return (
    <Item
      icon={<ClipboardPen aria-hidden="true" className="size-4" />}
      kind="Result to report"
      faces={[]}
      actions={
        <ButtonLink to={`/playdates/${game.playDateId}#game-result`} className="col-span-2">
          Report the result<span className="sr-only"> of {game.label}</span>
        </ButtonLink>
      }
    >
      <h3 className="font-bold text-slate-900">{game.label}</h3>
      <p className="text-sm text-slate-600">
        Say what happened, from your team’s side. The other team confirms it with one tap.
      </p>
    </Item>
  )
}

function ResultItem({ result }: { result: ResultToConfirm }) {
  const confirm = useConfirmReportedResult()
  const undo = useUndoReportedResult()
  const guard = useSingleFlight(confirm.isPending)
  // The toast keeps its Undo for the minute the server gives (docs/decisions/0159).
  const onConfirm = () =>
    guard(() =>
      outcome(confirm.mutateAsync(result.playDateId), {
        onSuccess: (detail) =>
          toast.success('Result confirmed', {
            description: `${result.label}. You can undo it for a minute.`,
            duration: (detail.result?.confirmation?.secondsLeft ?? 60) * 1000,
            action: {
              label: 'Undo',
              onClick: () =>
                outcome(undo(result.playDateId), {
                  onSuccess: () =>
                    toast.success('Confirmation undone', {
                      description: `${result.label} waits for your answer again.`,
                    }),
                  onError: (error) =>
                    toast.error('Could not undo the confirmation', { description: errorDetail(error) }),
                }),
            },
          }),
        onError: (error) => toast.error('Could not confirm the result', { description: errorDetail(error) }),
      }),
    )
  return (
    <Item
      icon={<ClipboardCheck aria-hidden="true" className="size-4" />}
      kind="Result to confirm"
      faces={[result.reportedBy]}
      actions={
        <>
          <ButtonLink to={`/playdates/${result.playDateId}#game-result`} variant="secondary">
            Review
          </ButtonLink>
          <Button onClick={onConfirm} disabled={confirm.isPending} aria-busy={confirm.isPending}>
            {confirm.isPending ? 'Confirming...' : 'Confirm result'}
            <span className="sr-only"> of {result.label}</span>
          </Button>
        </>
      }
    >
      <h3 className="font-bold text-slate-900">
        <OutcomeText text={reportedResultSentence(result)} />
      </h3>
      <p className="text-sm text-slate-600">
        Game of {result.label}. If your team does not answer, it stands on{' '}
        <time dateTime={result.standsAt} className="whitespace-nowrap">
          {formatDay(result.standsAt, result.timeZone)}
        </time>
        .
      </p>
    </Item>
  )
}

// The same confirmation and messages as on the PlayDate page.
type Answer = 'accept' | 'decline'
const confirmations: Record<Answer, { title: string; confirm: string; tone: 'danger' | 'primary' }> = {
  accept: { title: 'Accept this application?', confirm: 'Accept', tone: 'primary' },
  decline: { title: 'Decline this application?', confirm: 'Decline', tone: 'danger' },
}
const confirmMessage = (answer: Answer, team: string) =>
  answer === 'accept'
    ? `You will play ${team}. Every other application will be declined.`
    : `${team} will be told that their application was declined.`
const answered: Record<Answer, string> = {
  accept: 'Application accepted: you are matched',
  decline: 'Application declined',
}

function Applications({ applications }: { applications: ApplicationToDecide[] }) {
  const answer = useAnswerRequest()
  const refreshHome = useRefreshHome()
  const [pending, setPending] = useState<{ answer: Answer; application: ApplicationToDecide } | null>(null)

  const onConfirm = () => {
    if (!pending) return
    const kind = pending.answer
    outcome(answer.mutateAsync({ requestId: pending.application.requestId, answer: kind }), {
      onSuccess: () => toast.success(answered[kind]),
      onError: (failure) => toast.error(failure.message),
      onSettled: () => {
        setPending(null)
        void refreshHome()
      },
    })
  }

  return (
    <>
      <ul className={list}>
        {applications.map((application) => {
          const team = teamName(application.team)
          return (
            <Item
              key={application.requestId}
              icon={<UsersRound aria-hidden="true" className="size-4" />}
              kind="Application to your PlayDate"
              faces={[
                application.team.captain,
                ...(application.team.partner ? [application.team.partner] : []),
              ]}
              actions={
                <>
                  <Button
                    variant="secondary"
                    disabled={answer.isPending}
                    onClick={() => setPending({ answer: 'decline', application })}
                    aria-label={`Decline ${team}`}
                  >
                    <X aria-hidden="true" className="size-4" />
                    Decline
                  </Button>
                  <Button
                    disabled={answer.isPending}
                    onClick={() => setPending({ answer: 'accept', application })}
                    aria-label={`Accept ${team}`}
                  >
                    <Check aria-hidden="true" className="size-4" />
                    Accept
                  </Button>
                </>
              }
            >
              <h3 className="font-bold text-slate-900">{team}</h3>
              <p className="text-sm text-slate-600">
                {application.team.partner ? null : 'Joining alone · '}
                {teamRatingsLine(application.team)}
              </p>
              <TeamRecord team={application.team} />
              <Link
                to={`/playdates/${application.playDateId}`}
                className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-2"
              >
                For your game {gameTime(application)}
              </Link>
            </Item>
          )
        })}
      </ul>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? confirmations[pending.answer].title : ''}
        message={pending ? confirmMessage(pending.answer, teamName(pending.application.team)) : ''}
        confirmLabel={pending ? confirmations[pending.answer].confirm : 'Confirm'}
        tone={pending ? confirmations[pending.answer].tone : 'primary'}
        isPending={answer.isPending}
        onConfirm={onConfirm}
        onCancel={() => setPending(null)}
      />
    </>
  )
}

function ConnectionRequests({ requests }: { requests: ConnectionOutput[] }) {
  const actions = useConnectionActions()
  const [busyId, setBusyId] = useState<string | null>(null)
  const respond = (connection: ConnectionOutput, action: 'accept' | 'reject') => {
    setBusyId(connection.id)
    actions.answerRequest(connection.id, action)
  }
  return requests.map((connection) => {
    const who = `${connection.player.firstName} ${connection.player.lastName}`
    const busy = actions.isPending && busyId === connection.id
    const partner = connection.type === 'partner'
    return (
      <Item
        key={connection.id}
        icon={
          partner ? (
            <Handshake aria-hidden="true" className="size-4" />
          ) : (
            <UserPlus aria-hidden="true" className="size-4" />
          )
        }
        kind={partner ? 'Regular partner invitation' : 'Friend request'}
        faces={[connection.player]}
        actions={
          <>
            <Button variant="secondary" onClick={() => respond(connection, 'reject')} disabled={busy}>
              <X aria-hidden="true" className="size-4" />
              Reject<span className="sr-only"> {who}</span>
            </Button>
            <Button onClick={() => respond(connection, 'accept')} disabled={busy}>
              <Check aria-hidden="true" className="size-4" />
              Accept<span className="sr-only"> {who}</span>
            </Button>
          </>
        }
      >
        <h3 className="font-bold text-slate-900">
          <Link
            to={`/profile/${connection.player.id}`}
            className="inline-flex min-h-11 items-center underline-offset-2 hover:underline"
          >
            {who}
          </Link>
        </h3>
        <p className="text-sm text-slate-600">
          <RatingsText player={connection.player} />
        </p>
      </Item>
    )
  })
}
