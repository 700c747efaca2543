import * as Slider from '@radix-ui/react-slider'
import { RATING_FILTER_MAX, RATING_FILTER_MIN, RATING_FILTER_STEP } from '../lib/list-address'

const thumbClasses =
  'block size-7 rounded-full border-2 border-brand-700 bg-white shadow-md transition-transform focus-visible:scale-110 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700'

// The two handles of the rating filter. A chunk of its own (rating-filter.tsx): the filter only
// shows on the Available tab, so the PlayDates page does not wait for the slider code.
export default function RatingSlider({
  labelId,
  value,
  onChange,
  onCommit,
}: {
  labelId: string
  value: [number, number]
  onChange: (range: [number, number]) => void
  onCommit: (range: [number, number]) => void
}) {
  const [min, max] = value
  return (
    <Slider.Root
      aria-labelledby={labelId}
      min={RATING_FILTER_MIN}
      max={RATING_FILTER_MAX}
      step={RATING_FILTER_STEP}
      value={value}
      preserveThumbOrder
      onValueChange={(next) => onChange([next[0] ?? min, next[1] ?? max])}
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
  )
}
