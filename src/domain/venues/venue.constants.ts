// The zod-free part of a venue: its limits, settings and how its address is written. Pages that
// only show venues import these from here and load no zod (docs/decisions/0118); venue.schema.ts
// re-exports them.

export const VENUE_NAME_MAX = 120
export const VENUE_ADDRESS_MAX = 200
export const VENUE_CITY_MAX = 80
export const VENUE_COURTS_MAX = 64
export const VENUE_NOT_FOUND = 'Venue not found'
export const VENUE_ZIP_INVALID = 'ZIP code must be 5 digits'
export const VENUE_ZIP_UNKNOWN = 'We could not find that ZIP code: give the latitude and longitude'

export const venueSettings = ['outdoor', 'indoor', 'both'] as const
export type VenueSetting = (typeof venueSettings)[number]
export const venueSettingLabel: Record<VenueSetting, string> = {
  outdoor: 'Outdoor',
  indoor: 'Indoor',
  both: 'Indoor and outdoor',
}

// "123 Main St, Mesa, AZ": one line for a card and for a maps search.
export const venueAddressLine = (venue: { address: string; city: string; state: string }) =>
  `${venue.address}, ${venue.city}, ${venue.state}`

// A maps search for the address: works on every phone without map tiles or a key.
export const directionsUrl = (place: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`
