// notifications: the bell; other features create and withdraw a player's notifications.
export { notificationRoutes } from './notifications.routes'
export {
  announceAdded,
  createNotification,
  createNotifications,
  notificationInserts,
  notificationInsertsTo,
  type NewNotification,
  noteParameters,
  notePlaceholder,
  notePlaceholders,
  withdrawNotifications,
} from './notifications.service'
export { notificationPreferenceRoutes } from './notification-preferences.routes'
export { playersWanting } from './notification-preferences.service'
