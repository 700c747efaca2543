import { Bell, CalendarPlus, UserPlus, X, type LucideIcon } from 'lucide-react'
import { useNow } from '../../../lib/use-now'
import type {
  NotificationOutput,
  NotificationType,
} from '../../../../domain/notifications/notification.schema'
import { formatRelativeTime } from '../../../../domain/notifications/relative-time'
import { Avatar } from '../../../components/ui/avatar'
import { NotificationRowActions } from './notification-row-actions'
import { withoutGameLabel } from './notice-message'

const icons: Record<NotificationType, LucideIcon> = {
  playdate_created: CalendarPlus,
  connection_request: UserPlus,
  other: Bell,
}

const iconTone: Record<NotificationType, string> = {
  playdate_created: 'bg-amber-100 text-amber-800',
  connection_request: 'bg-brand-100 text-brand-800',
  other: 'bg-slate-100 text-slate-700',
}

export function NotificationList({
  notifications,
  onOpen,
  onRead,
  onDismiss,
  dismissingId,
}: {
  notifications: NotificationOutput[]
  onOpen: (notification: NotificationOutput) => void
  // An action in the row did what the notification asked: it is read, without leaving the list.
  onRead: (notification: NotificationOutput) => void
  onDismiss: (notification: NotificationOutput) => void
  dismissingId?: string | undefined
}) {
  const now = useNow(30_000)
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {notifications.map((notification) => {
        const Icon = icons[notification.type]
        const unread = !notification.read
        return (
          // With under 12 rem of room (a phone's text made much larger) the face goes above the
          // words, Dismiss beside the face and the actions under it, so the words keep the row's
          // width (docs/decisions/0225).
          <li
            key={notification.id}
            className={`@container relative p-2 sm:p-3 ${unread ? 'bg-brand-50/60' : ''}`}
            data-unread={unread ? 'true' : undefined}
          >
            <div className="flex items-start gap-2">
              <button
                type="button"
                onClick={() => onOpen(notification)}
                className="flex min-w-0 flex-1 flex-col items-start gap-3 rounded-xl p-2 text-left @min-[12rem]:flex-row hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                {notification.actor ? (
                  // The message names the player: their face is decorative, the kind a small mark on it.
                  <span className="relative shrink-0">
                    <Avatar person={notification.actor} size="md" />
                    <span
                      className={`absolute -right-2 -bottom-2 inline-flex size-5 items-center justify-center rounded-full ring-2 ring-white ${iconTone[notification.type]}`}
                    >
                      <Icon aria-hidden="true" className="size-3" />
                    </span>
                  </span>
                ) : (
                  <span
                    className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full ${iconTone[notification.type]}`}
                  >
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                )}
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-2">
                    {unread ? (
                      <>
                        <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full bg-brand-600" />
                        <span className="sr-only">Unread: </span>
                      </>
                    ) : null}
                    <span className={unread ? 'font-bold text-slate-900' : 'font-semibold text-slate-800'}>
                      {notification.title}
                    </span>
                  </span>
                  {/* What happened and who did it, read whole on a phone: three lines at most (a
                      cut after "applied to your…" hid what happened); the title attribute and
                      screen readers get it whole, the target page says more. */}
                  <span className="mt-0.5 line-clamp-3 text-slate-700" title={notification.message}>
                    {withoutGameLabel(notification.message, notification.game?.label)}
                  </span>
                  {notification.game ? (
                    <span className="mt-0.5 block text-sm text-slate-700">{notification.game.label}</span>
                  ) : null}
                  <time dateTime={notification.createdAt} className="mt-1 block text-sm text-slate-600">
                    {formatRelativeTime(notification.createdAt, now)}
                  </time>
                </span>
              </button>
              <button
                type="button"
                onClick={() => onDismiss(notification)}
                disabled={dismissingId === notification.id}
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50 @max-[12rem]:absolute @max-[12rem]:top-2 @max-[12rem]:right-2"
              >
                <X aria-hidden="true" className="size-5" />
                {/* The message too: two notifications often share a title ('New Friend Request'). */}
                <span className="sr-only">
                  Dismiss {notification.title}: {notification.message}
                  {notification.game ? `, ${notification.game.label}` : ''}
                </span>
              </button>
            </div>
            {/* Under the text, in line with it past the face. */}
            <div className="pr-2 pl-2 empty:hidden @min-[12rem]:pl-15">
              <NotificationRowActions notification={notification} onActed={() => onRead(notification)} />
            </div>
          </li>
        )
      })}
    </ul>
  )
}
