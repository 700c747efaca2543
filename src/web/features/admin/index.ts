// What the pages use of admin: the overview and one component per tab, and the first answers of
// its pages, which the router asks for with the tap.
export { prefetchAdminAnswers } from './api/admin.query'
export { AdminOverview, type AdminTab } from './components/admin-overview'
export { DisputeManagement } from './components/dispute-management'
export { PlayDateManagement } from './components/play-date-management'
export { SignupCodes } from './components/signup-codes'
export { UserManagement } from './components/user-management'
export { VenueManagement } from './components/venue-management'
