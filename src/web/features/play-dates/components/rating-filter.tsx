import { lazy, Suspense, useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { isFullRatingRange, RATING_FILTER_MAX, RATING_FILTER_MIN } from '../lib/list-address'

const loadRatingSlider = () => import('./rating-slider')
const RatingSlider = lazy(loadRatingSlider)

// The PlayDates page fetches the slider once it is idle, so the Available tab shows it at once.
export function preloadRatingFilter() {
  loadRatingSlider().catch(() => undefined)
}

// Holds the slider's place (same height, same track) while its code loads: nothing moves.
function SliderPlaceholder() {
  return (
    <div aria-hidden="true" className="relative mt-4 mb-2 flex h-8 items-center">
      <div className="h-2 grow rounded-full bg-slate-200" />
    </div>
  )
}

// Two handles on 2 to 7 for the creator team's average DUPR. The handles keep their order; the
// list is asked again when a handle is let go, not at every step of a drag.
export function RatingFilter({
  value,
  onCommit,
}: {
  value: readonly [number, number]
  onCommit: (range: [number, number]) => void
}) {
  const [draft, setDraft] = useState<[number, number]>([value[0], value[1]])
  const [committed, setCommitted] = useState(value)
  const labelId = useId()
  // The URL changed under us (Back, reset): follow it.
  if (committed[0] !== value[0] || committed[1] !== value[1]) {
    setCommitted(value)
    setDraft([value[0], value[1]])
  }
  const [min, max] = draft
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <p id={labelId} className="font-semibold text-slate-900">
          Team DUPR
        </p>
        <p className="text-sm font-semibold text-brand-800" aria-hidden="true">
          {min.toFixed(1)} – {max.toFixed(1)}
        </p>
      </div>
      <Suspense fallback={<SliderPlaceholder />}>
        <RatingSlider labelId={labelId} value={draft} onChange={setDraft} onCommit={onCommit} />
      </Suspense>
      <div className="flex items-center justify-between text-xs text-slate-500">
        <span>{RATING_FILTER_MIN.toFixed(1)}</span>
        {isFullRatingRange(draft) ? null : (
          <Button variant="ghost" size="sm" onClick={() => onCommit([RATING_FILTER_MIN, RATING_FILTER_MAX])}>
            Show all ratings
          </Button>
        )}
        <span>{RATING_FILTER_MAX.toFixed(1)}</span>
      </div>
    </div>
  )
}
