// admin: the users and PlayDates lists, pausing and promoting players, the audit log.
export { adminRoutes } from './admin.routes'
