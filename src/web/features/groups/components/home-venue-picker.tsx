import { MapPin, X } from 'lucide-react'
import { useId, useState } from 'react'
import type { Venue } from '../../../../domain/venues/venue.schema'
import { matchVenues } from '../../../../domain/venues/venue-search'
import { Button } from '../../../components/ui/button'
import { useAllVenues, venueMatchCount, VenueSearchField } from '../../venues'

const SHOWN_MAX = 5

// A group's home venue (or a series' venue: `label`, and an empty `hint`): one of the venues in
// use, found by name, city or street; or none.
export function HomeVenuePicker({
  value,
  onChange,
  error,
  label = 'Home venue',
  hint = 'Optional: where the group usually plays.',
}: {
  value: string | null
  onChange: (venueId: string | null) => void
  error?: string | undefined
  label?: string
  hint?: string
}) {
  const venues = useAllVenues()
  const [search, setSearch] = useState('')
  const errorId = useId()
  const all: Venue[] = venues.data?.items ?? []
  const chosen = all.find((venue) => venue.id === value)

  if (value && chosen) {
    return (
      <div>
        <p className="text-sm font-semibold text-slate-800">{label}</p>
        <div className="mt-1 flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 py-1 pr-1 pl-3">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
          <span className="min-w-0 flex-1 text-sm">
            <span className="block font-semibold text-slate-900">{chosen.name}</span>
            <span className="block text-slate-600">
              {chosen.city}, {chosen.state}
            </span>
          </span>
          <Button
            variant="ghost"
            size="sm"
            className="min-w-11 shrink-0"
            aria-label={`Remove ${chosen.name}`}
            onClick={() => onChange(null)}
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
    )
  }

  const matching = search.trim() === '' ? [] : matchVenues(all, search)
  const shown = matching.slice(0, SHOWN_MAX)
  const status = venues.isPending
    ? 'Loading venues...'
    : venues.isError
      ? 'Could not load the venues.'
      : search.trim() === ''
        ? hint
        : matching.length === 0
          ? 'No venue matches. Try a city or a street.'
          : venueMatchCount(matching.length)

  return (
    <div aria-describedby={error ? errorId : undefined}>
      <VenueSearchField label={label} value={search} onChange={setSearch} status={status} />
      {shown.length > 0 ? (
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Venues">
          {shown.map((venue) => (
            <li key={venue.id}>
              <button
                type="button"
                onClick={() => {
                  onChange(venue.id)
                  setSearch('')
                }}
                aria-label={`Choose ${venue.name}, ${venue.city}, ${venue.state}`}
                className="flex min-h-11 w-full items-center gap-3 px-3 py-2 text-left text-sm hover:bg-slate-50"
              >
                <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
                <span className="min-w-0 flex-1">
                  <span className="font-semibold text-slate-900">{venue.name}</span>
                  <span className="block text-slate-600">
                    {venue.city}, {venue.state}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}
