import { useQueryClient } from '@tanstack/react-query'
import { CheckCircle2, CircleDollarSign, Clock } from 'lucide-react'
import type { ReactNode } from 'react'
import type { PlayDateResultView } from '../../../../domain/play-dates/results'
import { RESULT_MESSAGES, type TeamSide } from '../../../../domain/play-dates/results.rules'
import { Button } from '../../../components/ui/button'
import { errorDetail } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { useSingleFlight } from '../../../lib/use-single-flight'
import { refetchPlayDate, useMarkPayment } from '../api/play-dates.queries'
import { fullName } from '../lib/play-date-view'
import { dollars } from '../../../../domain/play-dates/schedule'
import { formatDay, paymentText, type PlayDateWithResult } from '../lib/result-view'
import { outcome } from '../../../lib/outcome'

type Payment = NonNullable<PlayDateResultView['payment']>

// Who pays whom from the viewer's side, what each team has marked, and the marks they can make.
export function Payment({
  playDate,
  payment,
  side,
}: {
  playDate: PlayDateWithResult
  payment: Payment
  side: TeamSide | null
}) {
  const queryClient = useQueryClient()
  const mark = useMarkPayment(playDate.id)
  const guard = useSingleFlight(mark.isPending)
  const { viewer } = playDate.result
  const amount =
    payment.amount !== null ? dollars(payment.amount) : `${dollars(playDate.paymentPerHourMin)}/hour`
  const onMark = (which: 'paid' | 'received') =>
    guard(() =>
      outcome(mark.mutateAsync(which), {
        onSuccess: () => toast.success(which === 'paid' ? 'Marked as paid' : 'Marked as received'),
        onError: (error) => {
          toast.error('Could not save the payment', { description: errorDetail(error) })
          void refetchPlayDate(queryClient, playDate.id)
        },
      }),
    )
  const zone = playDate.timeZone

  return (
    <div className="mt-5 border-t border-slate-200 pt-4">
      <h3 className="flex items-center gap-2 font-semibold text-slate-900">
        <CircleDollarSign aria-hidden="true" className="size-5 text-brand-700" />
        Payment
      </h3>
      <p className="mt-1 text-slate-900">{paymentText(payment.payingTeam, side, amount)}</p>
      <ul className="mt-3 flex flex-col gap-2 text-sm">
        <PaymentMark
          done={payment.paidAt !== null}
          label="Paid"
          by={payment.paidBy ? fullName(payment.paidBy) : null}
          at={payment.paidAt}
          zone={zone}
          pending="Not marked as paid yet"
        />
        <PaymentMark
          done={payment.receivedAt !== null}
          label="Received"
          by={payment.receivedBy ? fullName(payment.receivedBy) : null}
          at={payment.receivedAt}
          zone={zone}
          pending="Not marked as received yet"
        />
      </ul>
      {viewer.canMarkPaid || viewer.canMarkReceived ? (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          {viewer.canMarkPaid ? (
            <Button onClick={() => onMark('paid')} disabled={mark.isPending} aria-busy={mark.isPending}>
              Mark as paid
            </Button>
          ) : null}
          {viewer.canMarkReceived ? (
            <Button onClick={() => onMark('received')} disabled={mark.isPending} aria-busy={mark.isPending}>
              Mark as received
            </Button>
          ) : null}
        </div>
      ) : null}
      <p className="mt-3 text-sm text-slate-600">{RESULT_MESSAGES.noMoneyThroughApp}</p>
    </div>
  )
}

function PaymentMark({
  done,
  label,
  by,
  at,
  zone,
  pending,
}: {
  done: boolean
  label: string
  by: string | null
  at: string | null
  zone: string | null
  pending: string
}): ReactNode {
  if (!done || !at)
    return (
      <li className="flex items-center gap-2 text-slate-600">
        <Clock aria-hidden="true" className="size-4 shrink-0" />
        {pending}
      </li>
    )
  return (
    <li className="flex items-start gap-2 text-slate-900">
      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
      <span>
        <span className="font-semibold">{label}</span>
        {by ? ` · marked by ${by}` : ''} on <time dateTime={at}>{formatDay(at, zone)}</time>
      </span>
    </li>
  )
}
