export {
  useDismissAllNotifications,
  useDismissNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useMarkNotificationsSeen,
  useNotifications,
  notificationsQuery,
} from './api/notifications.queries'
export { notificationPreferencesQuery, quietHoursQuery } from './api/preferences.query'
export { useUnreadCount } from './api/unread-count'
export { NotificationList } from './components/notification-list'
export { NotificationPreferencesForm } from './components/notification-preferences'
export { QuietHoursForm } from './components/quiet-hours-form'
