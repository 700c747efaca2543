import { ArrowLeft, ArrowRight } from 'lucide-react'
import type { FormEvent, ReactNode } from 'react'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { useSingleFlight } from '../../../lib/use-single-flight'
import { Spinner } from '../../../components/ui/spinner'

// One count through the whole wizard: type, state, region, then the details in three steps.
export const WIZARD_STEP_COUNT = 6

// One step of the Create PlayDate wizard: the title, the step's content, then Back, Cancel and
// the step's forward button. The content sits in a form, so Enter moves on like the button.
export function WizardFrame({
  step,
  title,
  subtitle,
  children,
  onBack,
  onCancel,
  nextLabel,
  nextDisabled,
  busy = false,
  onNext,
  nextHint,
}: {
  step: number
  title: string
  subtitle?: ReactNode
  children: ReactNode
  onBack: () => void
  onCancel: () => void
  nextLabel: string
  nextDisabled: boolean
  busy?: boolean
  onNext: () => void
  nextHint?: { id: string; text: string }
}) {
  const guard = useSingleFlight(Boolean(busy))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!nextDisabled && !busy) guard(onNext)
  }
  return (
    <div className="mx-auto w-full max-w-2xl">
      <p className="text-sm font-semibold text-brand-800">
        Step {step} of {WIZARD_STEP_COUNT}
      </p>
      <h1 className="mt-1 text-title font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {subtitle ? <div className="mt-1 text-slate-600">{subtitle}</div> : null}
      <form onSubmit={submit} noValidate className="mt-6">
        <Card>{children}</Card>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="grid grid-cols-2 gap-3 sm:flex">
            <Button variant="secondary" onClick={onBack} disabled={busy}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back
            </Button>
            <Button variant="ghost" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          </div>
          <div className="flex flex-col gap-1 sm:items-end">
            <Button
              type="submit"
              size="lg"
              disabled={nextDisabled || busy}
              aria-busy={busy || undefined}
              aria-describedby={nextHint && nextDisabled ? nextHint.id : undefined}
            >
              {busy ? <Spinner className="size-5 text-white" /> : null}
              {nextLabel}
              {busy ? null : <ArrowRight aria-hidden="true" className="size-4" />}
            </Button>
            {/* Always there, so the reason Next is unavailable is read out when it appears. */}
            {nextHint ? (
              <p id={nextHint.id} aria-live="polite" className="text-sm text-slate-600">
                {nextDisabled ? nextHint.text : ''}
              </p>
            ) : null}
          </div>
        </div>
      </form>
    </div>
  )
}
