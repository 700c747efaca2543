export { useAllVenues, useVenues } from './api/venues.queries'
