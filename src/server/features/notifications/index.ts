// notifications: the bell; other features create and withdraw a player's notifications.
export { notificationRoutes } from './notifications.routes'
export {
  announceAdded,
  createNotification,
  createNotifications,
  type NewNotification,
  withdrawNotifications,
} from './notifications.service'
export { notificationPreferenceRoutes } from './notification-preferences.routes'
export { playersWanting } from './notification-preferences.service'
export { composeNoticeEmail, type NoticeEmailSettings, noticeEmailJobs } from './notifications.email'
export { mountEmailUnsubscribe } from './email-unsubscribe.routes'
