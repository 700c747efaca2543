import * as Slider from '@radix-ui/react-slider'
import { useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import {
  isFullRatingRange,
  RATING_FILTER_MAX,
  RATING_FILTER_MIN,
  RATING_FILTER_STEP,
} from '../lib/play-date-view'

const thumbClasses =
  'block size-7 rounded-full border-2 border-brand-700 bg-white shadow-md transition-transform focus-visible:scale-110 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700'

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
      <Slider.Root
        aria-labelledby={labelId}
        min={RATING_FILTER_MIN}
        max={RATING_FILTER_MAX}
        step={RATING_FILTER_STEP}
        value={draft}
        preserveThumbOrder
        onValueChange={(next) => setDraft([next[0] ?? min, next[1] ?? max])}
        onValueCommit={(next) => onCommit([next[0] ?? min, next[1] ?? max])}
        className="relative mt-4 mb-2 flex h-8 touch-none items-center select-none"
      >
        <Slider.Track className="relative h-2 grow rounded-full bg-slate-200">
          <Slider.Range className="absolute h-full rounded-full bg-brand-600" />
        </Slider.Track>
        <Slider.Thumb
          aria-label="Minimum team DUPR"
          aria-valuetext={`Minimum ${min.toFixed(1)}`}
          className={thumbClasses}
        />
        <Slider.Thumb
          aria-label="Maximum team DUPR"
          aria-valuetext={`Maximum ${max.toFixed(1)}`}
          className={thumbClasses}
        />
      </Slider.Root>
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
