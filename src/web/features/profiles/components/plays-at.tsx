import { ExternalLink, MapPin } from 'lucide-react'
import type { PlaysAtVenue } from '../../../../domain/profiles/profile-about.schema'
import { directionsUrl, venueAddressLine } from '../../../../domain/venues/venue.constants'

// The venues a player plays at, each a maps search for the place (as a PlayDate's Directions).
export function PlaysAt({ venues, headingId }: { venues: readonly PlaysAtVenue[]; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h2 id={headingId} className="text-sm font-semibold text-slate-600">
        Plays at
      </h2>
      <ul className="mt-1 flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-x-3">
        {venues.map((venue) => (
          <li key={venue.id}>
            <a
              href={directionsUrl(`${venue.name}, ${venueAddressLine(venue)}`)}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-h-11 items-center gap-2 rounded-lg text-sm text-slate-900 hover:underline"
            >
              <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
              <span>
                <span className="font-semibold">{venue.name}</span>
                <span className="text-slate-600">
                  {' '}
                  · {venue.city}, {venue.state}
                </span>
              </span>
              <ExternalLink aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
              <span className="sr-only">(map, opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
