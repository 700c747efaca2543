export { venueRoutes } from './venues.routes'
export { listVenues, requireVenueFor, findVenuesInUse, toVenue } from './venues.service'
export { DEMO_VENUES } from './venues.demo'
