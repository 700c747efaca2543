import { useId } from 'react'
import { Link } from 'react-router'
import { distanceChoices, withinLabel } from '../../../../domain/places/distance'
import { NEAREST_FIRST } from '../../../../domain/play-dates/play-date.constants'
import { SelectShowingChoice } from '../../../components/ui/form-controls'
import type { AvailableFilters } from '../lib/list-address'

const field =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-[min(0.75rem,12px)] text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'

// Available's "Within 5 / 10 / 25 / 50 miles" of home and "Nearest first" (docs/decisions/0158).
// A distance replaces the state and region: games near home may be across a state line. Without
// a home, a link to set one.
export function DistanceFields({
  value,
  hasHome,
  onChange,
}: {
  value: AvailableFilters
  hasHome: boolean
  onChange: (patch: Partial<AvailableFilters>) => void
}) {
  const id = useId()
  if (!hasHome) {
    return (
      <p className="text-sm text-slate-600">
        <Link
          to="/profile"
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
        >
          Set your home
        </Link>{' '}
        to find games by distance.
      </p>
    )
  }
  return (
    <div className="grid items-end gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-900">
          Distance
        </label>
        <SelectShowingChoice
          id={id}
          value={value.within ?? ''}
          onChange={(event) => {
            const within = distanceChoices.find((miles) => String(miles) === event.target.value) ?? null
            onChange(within ? { within, state: null, region: null } : { within: null })
          }}
          className={field}
        >
          <option value="">Any distance</option>
          {distanceChoices.map((miles) => (
            <option key={miles} value={miles}>
              {withinLabel(miles)}
            </option>
          ))}
        </SelectShowingChoice>
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-900">
        <input
          type="checkbox"
          checked={value.nearest}
          onChange={(event) => onChange({ nearest: event.target.checked })}
          className="size-5 shrink-0 accent-brand-700"
        />
        {NEAREST_FIRST}
      </label>
    </div>
  )
}
