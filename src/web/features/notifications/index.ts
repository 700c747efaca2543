export {
  useDismissAllNotifications,
  useDismissNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useMarkNotificationsSeen,
  useNotifications,
  notificationsQuery,
} from './api/notifications.queries'
export { useUnreadCount } from './api/unread-count'
export { NotificationList } from './components/notification-list'
export { NotificationPreferencesForm } from './components/notification-preferences'
export { QuietHoursForm } from './components/quiet-hours-form'
