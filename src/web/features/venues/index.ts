export { allVenuesQuery } from './api/venues.query'
export { useAllVenues, useVenues } from './api/venues.queries'
export { venueMatchCount, VenueSearchField } from './components/venue-search-field'
