import { SelectField } from '../../../components/ui/form-controls'
import { regionsOf, type StateCode, states } from '../../../../domain/play-dates/play-date.constants'

// A state and, when the state has more than one, a region: the Available tab's filter and a
// player's home area. `labels` names the two fields, `none` the empty choice of each.
export function StateRegionFields({
  state,
  region,
  onState,
  onRegion,
  labels,
  none,
  regionMissing = false,
  className,
}: {
  state: StateCode | null
  region: string | null
  onState: (state: StateCode | null) => void
  onRegion: (region: string | null) => void
  labels: { state: string; region: string }
  none: { state: string; region: string }
  // Marks the region invalid: a state was chosen without one.
  regionMissing?: boolean
  className: string
}) {
  const regions = state ? regionsOf(state) : []
  // The state alone (none chosen, or one without regions) takes the whole row of a grid of two:
  // in half of it "Massachusetts" broke inside ("Massachuse / tts") on a 390 px phone.
  return (
    <div className={`${className} [&>:only-child]:col-span-full`}>
      <SelectField
        label={labels.state}
        value={state ?? ''}
        onChange={(event) => onState((event.target.value || null) as StateCode | null)}
      >
        <option value="">{none.state}</option>
        {states.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </SelectField>
      {regions.length > 1 ? (
        <SelectField
          label={labels.region}
          value={region ?? ''}
          onChange={(event) => onRegion(event.target.value || null)}
          aria-invalid={regionMissing || undefined}
        >
          <option value="">{none.region}</option>
          {regions.map((r) => (
            <option key={r.key} value={r.key}>
              {r.label}
            </option>
          ))}
        </SelectField>
      ) : null}
    </div>
  )
}
