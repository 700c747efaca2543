import { useId } from 'react'
import {
  dateFilterLabels,
  type DateFilter,
  dateFilters,
  todayIn,
} from '../../../../domain/play-dates/date-window'
import { wrapsWords } from '../../../components/ui/button'
import { useNowByDay } from '../../../lib/use-now'
import { type AvailableFilters, availableRangeProblem } from '../lib/list-address'
import { StateRegionFields } from './state-region-fields'
import { DistanceFields } from './distance-fields'

const field =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'
const chip = (pressed: boolean) =>
  `min-h-11 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
    pressed
      ? 'border-brand-700 bg-brand-700 text-white'
      : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600'
  }`

// When and where on the Available tab: date chips (a chosen range opens two date inputs), a
// state and a region. Each change is a new URL (lib/available-filters.ts). `zone`: where the
// filter's days are read (referenceZoneOf); a range starts from today there, which moves on at
// its midnight.
export function AvailableFilterBar({
  value,
  zone,
  onChange,
  hasHome = false,
}: {
  value: AvailableFilters
  zone: string
  // What changed: the list applies it to the filters in the URL as they are by then, so two quick
  // changes (a distance, then nearest first) both count.
  onChange: (patch: Partial<AvailableFilters>) => void
  hasHome?: boolean
}) {
  const ids = { when: useId(), from: useId(), to: useId(), state: useId(), region: useId(), problem: useId() }
  const set = onChange
  const problem = availableRangeProblem(value)
  // A date not chosen yet is what to do next, said plainly; a range that cannot be is an error.
  const waiting = problem?.missing === true
  const today = todayIn(zone, useNowByDay(zone))
  const choose = (when: DateFilter | null) =>
    set(when === 'range' ? { when, from: value.from ?? today, to: value.to } : { when, from: null, to: null })

  return (
    // Its padding stays 16 px whatever the text size, as a card's does (0228): at 200% 1rem took
    // 64 px of a 375 px phone, and "Massachusetts" broke inside its select.
    <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-[min(1rem,16px)] shadow-sm">
      <div role="group" aria-labelledby={ids.when}>
        <p id={ids.when} className="mb-2 font-semibold text-slate-900">
          When
        </p>
        <div className="flex flex-wrap gap-2">
          {([null, ...dateFilters] as const).map((when) => (
            <button
              key={when ?? 'any'}
              type="button"
              aria-pressed={value.when === when}
              onClick={() => choose(when)}
              className={chip(value.when === when)}
            >
              {dateFilterLabels[when ?? 'any']}
            </button>
          ))}
        </div>
      </div>
      {/* From and To side by side, or under each other below 19 rem (a phone's text made larger,
          or a narrow phone), where each showed a date cut to "12/" at 200% on a 375 px phone. */}
      {value.when === 'range' ? (
        <div className="@container">
          <div className="grid grid-cols-2 gap-3 @max-[19rem]:grid-cols-1">
            {(['from', 'to'] as const).map((end) => (
              <div key={end}>
                <label htmlFor={ids[end]} className="mb-1 block text-sm font-semibold text-slate-900">
                  {end === 'from' ? 'From' : 'To'}
                </label>
                <input
                  id={ids[end]}
                  type="date"
                  min={end === 'from' ? today : (value.from ?? today)}
                  value={value[end] ?? ''}
                  onChange={(event) => {
                    const date = event.target.value || null
                    set(end === 'from' ? { from: date } : { to: date })
                  }}
                  aria-invalid={(problem?.field === end && !waiting) || undefined}
                  aria-describedby={problem?.field === end ? ids.problem : undefined}
                  className={field}
                />
              </div>
            ))}
            {problem && waiting ? (
              <p id={ids.problem} className="col-span-full text-sm text-slate-700">
                {problem.message}
              </p>
            ) : problem ? (
              <p id={ids.problem} role="alert" className="col-span-full text-sm font-semibold text-red-800">
                {problem.message}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
      {/* The state and the region side by side, or under each other below 13 rem (a phone's text
          made much larger), where half the width left "All states" a letter a line. */}
      <div className="@container">
        <StateRegionFields
          state={value.state}
          region={value.region}
          onState={(state) => set({ state, region: null })}
          onRegion={(region) => set({ region })}
          labels={{ state: 'State', region: 'Region' }}
          none={{ state: 'All states', region: 'All regions' }}
          className="grid grid-cols-2 gap-3 @max-[13rem]:grid-cols-1"
        />
      </div>
      <DistanceFields value={value} hasHome={hasHome} onChange={set} />
      <div>
        <button
          type="button"
          aria-pressed={value.alone}
          onClick={() => set({ alone: !value.alone })}
          // Its words wrap where the screen is short of them (the phone's text at 200%).
          className={`${chip(value.alone)} ${wrapsWords}`}
        >
          Games I can join alone
        </button>
      </div>
    </div>
  )
}
