import { Check, MessageCircle, X } from 'lucide-react'
import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type {
  NotificationAction,
  NotificationOutput,
} from '../../../../domain/notifications/notification.schema'
import { chatLink } from '../../../../domain/notifications/notification.constants'
import { Button, ButtonLink } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { useAnswerConnectionRequest } from '../../connections'
import { useAnswerRequest, useOfferAnswer } from '../../play-dates'
import { notificationKeys } from '../api/notifications.queries'
import { outcome } from '../../../lib/outcome'

type Answer = 'accept' | 'decline'
type Told = { tone: 'done' | 'refused'; text: string }

// A friend or partner request is rejected, as on Player Connections and the dashboard.
const answeredConnection: Record<Answer, string> = { accept: 'Request accepted', decline: 'Request rejected' }
// The same words as on the PlayDate page and the dashboard.
const answeredApplication: Record<Answer, string> = {
  accept: 'Application accepted: you are matched',
  decline: 'Application declined',
}
const answeredOffer: Record<Answer, string> = { accept: 'The spot is yours', decline: 'Offer declined' }
const confirmations: Record<Answer, { title: string; tone: 'primary' | 'danger' }> = {
  accept: { title: 'Accept this application?', tone: 'primary' },
  decline: { title: 'Decline this application?', tone: 'danger' },
}

const failureText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.'

// What a notification lets the player do in its row (docs/decisions/0103): answer a friend
// request, a regular partner invitation or an application, or open the PlayDate's chat. Each
// uses the endpoint its feature already has; a request answered elsewhere meanwhile gets the
// server's reason, shown in the row.
export function NotificationRowActions({
  notification,
  onActed,
}: {
  notification: NotificationOutput
  // The notification did its job: mark it read.
  onActed: () => void
}) {
  const queryClient = useQueryClient()
  const connection = useAnswerConnectionRequest()
  const application = useAnswerRequest()
  const offer = useOfferAnswer()
  const [told, setTold] = useState<Told | null>(null)
  const [confirming, setConfirming] = useState<Answer | null>(null)
  const action = notification.action
  const who = notification.actor ? `${notification.actor.firstName} ${notification.actor.lastName}` : ''

  const settle = (answer: Answer, texts: Record<Answer, string>) => ({
    onSuccess: () => {
      setTold({ tone: 'done', text: texts[answer] })
      onActed()
    },
    onError: (error: unknown) => setTold({ tone: 'refused', text: failureText(error) }),
    // The row loses the buttons once the request is no longer pending, whichever way it went.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  })

  const answerConnection = (id: string, answer: Answer) =>
    outcome(
      connection.mutateAsync({ id, answer: answer === 'accept' ? 'accept' : 'reject' }),
      settle(answer, answeredConnection),
    )

  const answerApplication = (requestId: string) => {
    if (!confirming) return
    const answer = confirming
    outcome(application.mutateAsync({ requestId, answer }), {
      ...settle(answer, answeredApplication),
      onSettled: () => {
        setConfirming(null)
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all })
      },
    })
  }

  // A spot offered: one tap takes it (docs/decisions/0138-offer-timings-and-waves.md).
  const answerOffer = (offerId: string, answer: Answer) =>
    outcome(
      offer.mutateAsync({ offerId, answer: answer === 'accept' ? 'take' : 'decline' }),
      settle(answer, answeredOffer),
    )

  const busy = connection.isPending || application.isPending || offer.isPending
  const message = told ? (
    <p
      role={told.tone === 'refused' ? 'alert' : 'status'}
      className={`text-sm font-semibold ${told.tone === 'refused' ? 'text-red-700' : 'text-brand-800'}`}
    >
      {told.text}
    </p>
  ) : null
  if (!action) return message

  return (
    <div className="flex flex-col gap-2">
      <Buttons
        action={action}
        who={who}
        busy={busy}
        onAnswerConnection={answerConnection}
        onAnswerOffer={answerOffer}
        onAskApplication={setConfirming}
        onOpenChat={onActed}
      />
      {message}
      {action.kind === 'answer_application' ? (
        <ConfirmDialog
          open={confirming !== null}
          title={confirming ? confirmations[confirming].title : ''}
          message={
            confirming === 'accept'
              ? `You will play ${who}'s team. Every other application will be declined.`
              : `${who}'s team will be told that their application was declined.`
          }
          confirmLabel={confirming === 'decline' ? 'Decline' : 'Accept'}
          tone={confirming ? confirmations[confirming].tone : 'primary'}
          isPending={application.isPending}
          onConfirm={() => answerApplication(action.requestId)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </div>
  )
}

function Buttons({
  action,
  who,
  busy,
  onAnswerConnection,
  onAnswerOffer,
  onAskApplication,
  onOpenChat,
}: {
  action: NonNullable<NotificationAction>
  who: string
  busy: boolean
  onAnswerConnection: (id: string, answer: Answer) => void
  onAnswerOffer: (offerId: string, answer: Answer) => void
  onAskApplication: (answer: Answer) => void
  onOpenChat: () => void
}) {
  if (action.kind === 'open_chat') {
    return (
      <ButtonLink
        to={chatLink(action.playDateId)}
        variant="secondary"
        className="self-start"
        onClick={onOpenChat}
      >
        <MessageCircle aria-hidden="true" className="size-4" />
        Open chat<span className="sr-only"> with {who}</span>
      </ButtonLink>
    )
  }
  if (action.kind === 'take_spot') {
    return (
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={busy} onClick={() => onAnswerOffer(action.offerId, 'decline')}>
          <X aria-hidden="true" className="size-4" />
          Decline<span className="sr-only"> the spot</span>
        </Button>
        <Button disabled={busy} aria-busy={busy} onClick={() => onAnswerOffer(action.offerId, 'accept')}>
          <Check aria-hidden="true" className="size-4" />
          Take the spot
        </Button>
      </div>
    )
  }
  const answer = (kind: Answer) =>
    action.kind === 'answer_connection'
      ? onAnswerConnection(action.connectionId, kind)
      : onAskApplication(kind)
  const isConnection = action.kind === 'answer_connection'
  const what = isConnection ? `${who}'s request` : `${who}'s application`
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" disabled={busy} onClick={() => answer('decline')}>
        <X aria-hidden="true" className="size-4" />
        {isConnection ? 'Reject' : 'Decline'}
        <span className="sr-only"> {what}</span>
      </Button>
      <Button disabled={busy} aria-busy={busy} onClick={() => answer('accept')}>
        <Check aria-hidden="true" className="size-4" />
        Accept<span className="sr-only"> {what}</span>
      </Button>
    </div>
  )
}
