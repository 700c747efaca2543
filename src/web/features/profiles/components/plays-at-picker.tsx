import { AlertCircle, MapPin, Plus, X } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import type { StateCode } from '../../../../domain/play-dates/play-date.schema'
import { PLAYS_AT_MAX, type PlaysAtVenue } from '../../../../domain/profiles/profile-about.schema'
import type { Venue } from '../../../../domain/venues/venue.schema'
import { matchVenues } from '../../../../domain/venues/venue-search'
import { Button } from '../../../components/ui/button'
import { OFFLINE_WRITE_MESSAGE } from '../../../lib/offline'
import { useAllVenues, venueMatchCount, VenueSearchField } from '../../venues'

// How many venues a search shows at once: a phone screen's worth.
const SHOWN_MAX = 6

const placeOf = (venue: Pick<PlaysAtVenue, 'city' | 'state'>) => `${venue.city}, ${venue.state}`

// The player's own area first (region, then state), so an empty search already offers their courts.
function nearFirst(venues: readonly Venue[], homeState: StateCode | null, homeRegion: string | null) {
  const closeness = (venue: Venue) => (venue.state !== homeState ? 2 : venue.region === homeRegion ? 0 : 1)
  return [...venues].sort((a, b) => closeness(a) - closeness(b))
}

// "Plays at": the chosen venues in order, each with Remove, and a search of the venues in use to
// add up to five. `chosen` holds what the form sends; `known` names them (the saved list).
export function PlaysAtPicker({
  chosen,
  known,
  onChange,
  homeState,
  homeRegion,
  error,
}: {
  chosen: string[]
  known: readonly PlaysAtVenue[]
  onChange: (venueIds: string[]) => void
  homeState: StateCode | null
  homeRegion: string | null
  error?: string | undefined
}) {
  const venues = useAllVenues()
  const [search, setSearch] = useState('')
  const searchRef = useRef<HTMLInputElement>(null)
  const headingId = useId()
  const errorId = useId()

  const all = venues.data?.items ?? []
  const byId = new Map<string, PlaysAtVenue>([...known, ...all].map((v) => [v.id, v]))
  const isFull = chosen.length >= PLAYS_AT_MAX
  const matching = matchVenues(nearFirst(all, homeState, homeRegion), search).filter(
    (venue) => !chosen.includes(venue.id),
  )
  const shown = matching.slice(0, SHOWN_MAX)

  // Adding or removing takes the button away: the search keeps the focus for the next one.
  const add = (id: string) => {
    onChange([...chosen, id])
    setSearch('')
    searchRef.current?.focus()
  }
  const remove = (id: string) => {
    onChange(chosen.filter((other) => other !== id))
    searchRef.current?.focus()
  }

  // Offline, the venues to add wait for the network (they are not kept for offline use).
  const status = venues.isPending
    ? venues.fetchStatus === 'paused'
      ? OFFLINE_WRITE_MESSAGE
      : 'Loading venues...'
    : isFull
      ? `You have chosen ${PLAYS_AT_MAX} venues, the most a profile shows. Remove one to add another.`
      : matching.length === 0
        ? 'No venue matches. Try a city or a street.'
        : matching.length > SHOWN_MAX
          ? `${matching.length} venues match: showing ${SHOWN_MAX}. Type more to narrow them down.`
          : venueMatchCount(matching.length)

  return (
    <section aria-labelledby={headingId} aria-describedby={error ? errorId : undefined}>
      <h3 id={headingId} className="text-sm font-semibold text-slate-800">
        Plays at
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Up to {PLAYS_AT_MAX} venues where other players can find you. They show on your public profile.
      </p>

      {chosen.length > 0 ? (
        <ol className="mt-3 space-y-2" aria-label="Venues you play at">
          {chosen.map((id) => {
            const venue = byId.get(id)
            const name = venue?.name ?? 'A venue no longer listed'
            return (
              <li
                key={id}
                className="flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 py-1 pr-1 pl-3"
              >
                <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
                <span className="min-w-0 flex-1 text-sm">
                  <span className="font-semibold text-slate-900">{name}</span>
                  {venue ? <span className="text-slate-600"> · {placeOf(venue)}</span> : null}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  className="min-w-11 shrink-0"
                  aria-label={`Remove ${name}`}
                  onClick={() => remove(id)}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              </li>
            )
          })}
        </ol>
      ) : (
        <p className="mt-3 text-sm text-slate-600">No venues chosen yet.</p>
      )}

      <div className="mt-3">
        <VenueSearchField
          ref={searchRef}
          label="Find a venue"
          value={search}
          onChange={setSearch}
          status={status}
        />
        {venues.isError ? (
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-red-700">
            Could not load the venues.
            <Button variant="secondary" size="sm" onClick={() => void venues.refetch()}>
              Try Again
            </Button>
          </div>
        ) : null}
        {!isFull && shown.length > 0 ? (
          <ul
            className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200"
            aria-label="Venues to add"
          >
            {shown.map((venue) => (
              <li key={venue.id}>
                <button
                  type="button"
                  onClick={() => add(venue.id)}
                  aria-label={`Add ${venue.name}, ${placeOf(venue)}`}
                  className="flex min-h-11 w-full items-center gap-3 px-3 py-2 text-left text-sm hover:bg-slate-50"
                >
                  <Plus aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
                  <span className="min-w-0 flex-1">
                    <span className="font-semibold text-slate-900">{venue.name}</span>
                    <span className="block text-slate-600">
                      {venue.address}, {placeOf(venue)}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="mt-2 flex items-start gap-1 text-sm font-medium text-red-700">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
    </section>
  )
}
