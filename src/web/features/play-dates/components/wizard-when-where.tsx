import { useId } from 'react'
import {
  durationLabel,
  durationOptions,
  formatStart,
  PLACE_MAX,
  type PlayDateZone,
  playDateZones,
  zonedInstant,
  zoneOfState,
} from '../../../../domain/play-dates/schedule'
import type { StateCode } from '../../../../domain/play-dates/play-date.schema'
import { regionLabel } from '../../../../domain/play-dates/play-date.schema'
import { useVenues } from '../../venues'
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
const field =
  'block min-h-12 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus-visible:border-brand-700'

// When and where the game is: native date and time inputs (the phone's own pickers), a length,
// the zone (the state's unless changed), and a venue of the chosen regions or another place.
export function WhenWhereFields({
  value,
  onChange,
  state,
  regions,
}: {
  value: WhenWhere
  onChange: (next: WhenWhere) => void
  state: StateCode
  regions: string[]
}) {
  const ids = {
    date: useId(),
    time: useId(),
    duration: useId(),
    zone: useId(),
    venue: useId(),
    place: useId(),
  }
  const venues = useVenues(state, regions)
  const set = (patch: Partial<WhenWhere>) => onChange({ ...value, ...patch })
  const start = zonedInstant(value.startDate, value.startTime, value.timeZone)
  const venueChoice = value.venueId ?? (value.place !== null ? OTHER : '')

  return (
    <fieldset className="mt-6 space-y-4">
      <legend className="text-lg font-bold text-slate-900">When and where</legend>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={ids.date} className="mb-1 block text-sm font-semibold text-slate-900">
            Date
          </label>
          <input
            id={ids.date}
            type="date"
            required
            value={value.startDate}
            onChange={(event) => set({ startDate: event.target.value })}
            className={field}
          />
        </div>
        <div>
          <label htmlFor={ids.time} className="mb-1 block text-sm font-semibold text-slate-900">
            Start time
          </label>
          <input
            id={ids.time}
            type="time"
            required
            step={900}
            value={value.startTime}
            onChange={(event) => set({ startTime: event.target.value })}
            className={field}
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={ids.duration} className="mb-1 block text-sm font-semibold text-slate-900">
            How long
          </label>
          <select
            id={ids.duration}
            value={value.durationMinutes}
            onChange={(event) => set({ durationMinutes: Number(event.target.value) })}
            className={field}
          >
            {durationOptions.map((minutes) => (
              <option key={minutes} value={minutes}>
                {durationLabel(minutes)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.zone} className="mb-1 block text-sm font-semibold text-slate-900">
            Time zone
          </label>
          <select
            id={ids.zone}
            value={value.timeZone}
            onChange={(event) => set({ timeZone: event.target.value as PlayDateZone })}
            className={field}
          >
            {playDateZones.map((z) => (
              <option key={z.zone} value={z.zone}>
                {z.label}
                {z.zone === zoneOfState[state] ? ' (this state)' : ''}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {start ? formatStart(start, value.timeZone) : 'That time does not exist on this day: choose another.'}
      </p>
      <OverlapWarning start={start} durationMinutes={value.durationMinutes} />
      <div>
        <label htmlFor={ids.venue} className="mb-1 block text-sm font-semibold text-slate-900">
          Venue
        </label>
        <select
          id={ids.venue}
          value={venueChoice}
          onChange={(event) => {
            const choice = event.target.value
            if (choice === OTHER) set({ venueId: null, place: value.place ?? '' })
            else set({ venueId: choice || null, place: null })
          }}
          className={field}
        >
          <option value="">To be agreed in the chat</option>
          {regions.map((region) => {
            const here = (venues.data?.items ?? []).filter((v) => v.region === region)
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
        </select>
      </div>
      {venueChoice === OTHER ? (
        <div>
          <label htmlFor={ids.place} className="mb-1 block text-sm font-semibold text-slate-900">
            Where you will play
          </label>
          <input
            id={ids.place}
            type="text"
            maxLength={PLACE_MAX}
            value={value.place ?? ''}
            onChange={(event) => set({ place: event.target.value })}
            placeholder="Court name and address"
            className={field}
          />
        </div>
      ) : null}
    </fieldset>
  )
}
