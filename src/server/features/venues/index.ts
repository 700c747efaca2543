export { venueRoutes } from './venues.routes'
export { listVenues, requireVenueFor, toVenue } from './venues.service'
export { DEMO_VENUES } from './venues.demo'
