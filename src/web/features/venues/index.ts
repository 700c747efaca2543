export { useVenues } from './api/venues.queries'
