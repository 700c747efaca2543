import { useState } from 'react'
import { FieldPair, SelectField, TextAreaField, TextField } from '../../../components/ui/form-controls'
import {
  durationLabel,
  durationOptions,
  formatStart,
  PLACE_MAX,
  type PlayDateZone,
  playDateZones,
  zoneChoiceLabel,
  zoneNote,
  zonedInstant,
  zoneOfState,
} from '../../../../domain/play-dates/schedule'
import type { StateCode } from '../../../../domain/play-dates/play-date.schema'
import { regionLabel } from '../../../../domain/play-dates/play-date.constants'
import { matchVenues } from '../../../../domain/venues/venue-search'
import { useVenues, venueMatchCount, VenueSearchField } from '../../venues'
import { OverlapWarning } from './overlap-warning'

export interface WhenWhere {
  startDate: string
  startTime: string
  durationMinutes: number
  timeZone: PlayDateZone
  venueId: string | null
  place: string | null
}

const OTHER = 'other'

// When and where the game is: native date and time inputs (the phone's own pickers), a length,
// the zone (the state's unless changed), and a venue of the chosen regions or another place.
export function WhenWhereFields({
  value,
  onChange,
  state,
  regions,
  startError,
}: {
  value: WhenWhere
  onChange: (next: WhenWhere) => void
  state: StateCode
  regions: string[]
  // A start already past, too soon or too far ahead: said under its date or its time.
  startError?: { field: 'startDate' | 'startTime'; message: string } | null
}) {
  const [venueSearch, setVenueSearch] = useState('')
  const venues = useVenues(state, regions)
  const set = (patch: Partial<WhenWhere>) => onChange({ ...value, ...patch })
  const start = zonedInstant(value.startDate, value.startTime, value.timeZone)
  const venueChoice = value.venueId ?? (value.place !== null ? OTHER : '')
  const allVenues = venues.data?.items ?? []
  // The search narrows the list; the venue already chosen always stays in it.
  const matching = matchVenues(allVenues, venueSearch)
  const shownVenues = allVenues.filter((v) => v.id === value.venueId || matching.includes(v))
  const searchStatus = !venueSearch.trim()
    ? ''
    : matching.length === 0
      ? 'No venue matches. Choose “Other place…” to type where you will play.'
      : venueMatchCount(matching.length)

  return (
    <fieldset className="mt-6 space-y-4">
      <legend className="text-lg font-bold text-slate-900">When and where</legend>
      <FieldPair>
        <TextField
          label="Date"
          type="date"
          required
          value={value.startDate}
          onChange={(event) => set({ startDate: event.target.value })}
          error={startError?.field === 'startDate' ? startError.message : undefined}
        />
        <TextField
          label="Start time"
          type="time"
          required
          step={900}
          value={value.startTime}
          onChange={(event) => set({ startTime: event.target.value })}
          error={startError?.field === 'startTime' ? startError.message : undefined}
        />
      </FieldPair>
      {/* One under the other on a phone: a zone's name and its note need the whole width. */}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="How long"
          value={value.durationMinutes}
          onChange={(event) => set({ durationMinutes: Number(event.target.value) })}
        >
          {durationOptions.map((minutes) => (
            <option key={minutes} value={minutes}>
              {durationLabel(minutes)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Time zone"
          hint={zoneNote(value.timeZone)}
          value={value.timeZone}
          onChange={(event) => set({ timeZone: event.target.value as PlayDateZone })}
        >
          {playDateZones.map((z) => (
            <option key={z.zone} value={z.zone}>
              {zoneChoiceLabel(z, z.zone === zoneOfState[state])}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {start ? formatStart(start, value.timeZone) : 'That time does not exist on this day: choose another.'}
      </p>
      <OverlapWarning start={start} durationMinutes={value.durationMinutes} />
      <div>
        <VenueSearchField
          label="Search venues"
          value={venueSearch}
          onChange={setVenueSearch}
          status={searchStatus}
        />
      </div>
      <SelectField
        label="Venue"
        value={venueChoice}
        onChange={(event) => {
          const choice = event.target.value
          if (choice === OTHER) set({ venueId: null, place: value.place ?? '' })
          else set({ venueId: choice || null, place: null })
        }}
      >
        <option value="">To be agreed in the chat</option>
        {regions.map((region) => {
          const here = shownVenues.filter((v) => v.region === region)
          return here.length ? (
            <optgroup key={region} label={regionLabel(region)}>
              {here.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}, {v.city}
                </option>
              ))}
            </optgroup>
          ) : null
        })}
        <option value={OTHER}>Other place…</option>
      </SelectField>
      {venueChoice === OTHER ? (
        // One line of text, shown whole: the box grows a line at a time as the place is typed (a
        // one-line field scrolled its start out of sight). Enter moves on, as in a one-line field,
        // and a pasted line break is a space.
        <TextAreaField
          label="Where you will play"
          rows={2}
          maxLength={PLACE_MAX}
          value={value.place ?? ''}
          onChange={(event) => set({ place: event.target.value.replace(/\s*\n\s*/g, ' ') })}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return
            event.preventDefault()
            event.currentTarget.form?.requestSubmit()
          }}
          placeholder="Court name and address"
          controlClassName="field-sizing-content"
        />
      ) : null}
    </fieldset>
  )
}
