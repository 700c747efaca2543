import { useQueryClient } from '@tanstack/react-query'
import { CheckCircle2, Undo2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { PlayDateResultView } from '../../../../domain/play-dates/results'
import { Button } from '../../../components/ui/button'
import { errorDetail } from '../../../lib/api-client'
import { announce } from '../../../lib/announcer'
import { outcome } from '../../../lib/outcome'
import { toast } from '../../../lib/toast'
import { useSingleFlight } from '../../../lib/use-single-flight'
import { refetchPlayDate, useUndoConfirmation } from '../api/play-dates.queries'
import { fullName } from '../lib/play-date-view'

// A confirmed result waiting its minute before it becomes final (docs/decisions/0159). The player
// who confirmed it reads "Result confirmed" with Undo for the seconds the server gives; the others
// read who confirmed it.
// The PlayDates whose result the player just confirmed on this page: their banner takes the focus
// the Confirm button had. The button is gone by then, and its focus may have moved on already when
// it was disabled for the request (to the page's main region, where a page that just opened also
// puts it), so where the focus is cannot tell the two apart. Returns what forgets it again (the
// confirmation failed). A confirmation is "just" for JUST_CONFIRMED_MS: a player who left before
// its answer and opens the PlayDate again in its minute finds the focus where the page puts it.
const JUST_CONFIRMED_MS = 30_000
const justConfirmed = new Map<string, number>()
export function confirmingHere(playDateId: string): () => void {
  const at = performance.now()
  justConfirmed.set(playDateId, at)
  return () => {
    if (justConfirmed.get(playDateId) === at) justConfirmed.delete(playDateId)
  }
}
const wasJustConfirmed = (playDateId: string) => {
  const at = justConfirmed.get(playDateId)
  justConfirmed.delete(playDateId)
  return at !== undefined && performance.now() - at < JUST_CONFIRMED_MS
}

export function ResultConfirming({ playDateId, result }: { playDateId: string; result: PlayDateResultView }) {
  const confirmation = result.confirmation
  if (!confirmation) return null
  if (!result.viewer.canUndoConfirm)
    return (
      <p className="mt-3 flex items-start gap-2 text-sm text-slate-700">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        <span>{fullName(confirmation.by)} confirmed this result. It becomes final in a minute.</span>
      </p>
    )
  return <UndoBanner playDateId={playDateId} secondsLeft={confirmation.secondsLeft} />
}

function UndoBanner({ playDateId, secondsLeft }: { playDateId: string; secondsLeft: number }) {
  const queryClient = useQueryClient()
  const undo = useUndoConfirmation(playDateId)
  const guard = useSingleFlight(undo.isPending)
  const [open, setOpen] = useState(secondsLeft > 0)
  const banner = useRef<HTMLDivElement>(null)

  // The Confirm button that was pressed is gone: focus comes here, next to Undo, rather than
  // falling to the page's start. A page opened later leaves focus where it is.
  useEffect(() => {
    if (wasJustConfirmed(playDateId)) banner.current?.focus()
  }, [playDateId])
  // Undo goes once the minute has passed; the result's own change arrives with the live event.
  useEffect(() => {
    if (secondsLeft <= 0) return
    const timer = setTimeout(() => setOpen(false), secondsLeft * 1000)
    return () => clearTimeout(timer)
  }, [secondsLeft])

  const onUndo = () =>
    guard(() =>
      outcome(undo.mutateAsync(), {
        onSuccess: () => announce('Confirmation undone. The report waits for your answer again.'),
        onError: (error) => {
          toast.error('Could not undo the confirmation', { description: errorDetail(error) })
          void refetchPlayDate(queryClient, playDateId)
        },
      }),
    )

  return (
    <div
      ref={banner}
      tabIndex={-1}
      role="status"
      className="mt-4 flex flex-col gap-3 rounded-xl border border-brand-700/30 bg-brand-50 p-4 outline-none focus-visible:outline-3 focus-visible:outline-brand-700 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-2">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <div>
          <p className="font-semibold text-slate-900">Result confirmed</p>
          <p className="text-sm text-slate-700">
            {open ? 'It becomes final in a minute. Tapped by mistake? Undo it now.' : 'It is final now.'}
          </p>
        </div>
      </div>
      {open ? (
        <Button variant="secondary" onClick={onUndo} disabled={undo.isPending} aria-busy={undo.isPending}>
          <Undo2 aria-hidden="true" className="size-4" />
          {undo.isPending ? 'Undoing...' : 'Undo'}
        </Button>
      ) : null}
    </div>
  )
}
