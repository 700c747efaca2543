import { BellOff, Search } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '../../lib/toast'
import type { NotificationOutput } from '../../../domain/notifications/notification.schema'
import {
  notificationCountText,
  notificationTarget,
} from '../../../domain/notifications/notification.constants'
import { Button, ButtonLink, wrapsWords } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/dialog'
import { LoadMore } from '../../components/ui/load-more'
import { PageHeader } from '../../components/ui/page-header'
import { PageLoading } from '../../components/ui/spinner'
import {
  NotificationList,
  useDismissAllNotifications,
  useDismissNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useMarkNotificationsSeen,
  useNotifications,
} from '../../features/notifications'
import { useSingleFlight } from '../../lib/use-single-flight'
import { outcome } from '../../lib/outcome'

export default function NotificationsPage() {
  const navigate = useNavigate()
  const query = useNotifications()
  const markRead = useMarkNotificationRead()
  const dismiss = useDismissNotification()
  const dismissAll = useDismissAllNotifications()
  const markAllRead = useMarkAllNotificationsRead()
  const markSeen = useMarkNotificationsSeen()
  // Dismiss All asks first: one tap would clear every notice, those still waiting for an answer too.
  const [confirmingDismissAll, setConfirmingDismissAll] = useState(false)

  // A next page that fails says so under the list (LoadMore), not in a toast as well; nor does the
  // list's refetch after it (a dismissal's), during which the query still holds that error but no
  // longer says it was the next page's.
  const loadFailed = query.isError && !query.isFetchNextPageError && !query.isFetching
  useEffect(() => {
    if (loadFailed) toast.error('Error loading notifications', { id: 'notifications-load' })
  }, [loadFailed])

  const pages = query.data?.pages ?? []
  const items = pages.flatMap((page) => page.items)
  const first = pages[0]

  // The list in view clears the badge: on opening, and again when one arrives while it is open.
  const newestId = items[0]?.id
  const { mutate: clearBadge } = markSeen
  useEffect(() => {
    if (newestId) clearBadge()
  }, [newestId, clearBadge])

  const read = (notification: NotificationOutput) => {
    if (!notification.read) {
      outcome(markRead.mutateAsync(notification.id), {
        onError: () => toast.error('Error marking notification as read'),
      })
    }
  }

  const open = (notification: NotificationOutput) => {
    read(notification)
    const target = notificationTarget(notification)
    // A friend request opens Player Connections on Received Requests.
    if (notification.type === 'connection_request') navigate('/connections', { state: { view: 'received' } })
    else if (target) navigate(target)
  }

  const guard = useSingleFlight(dismiss.isPending || dismissAll.isPending || markAllRead.isPending)
  const dismissOne = (notification: NotificationOutput) =>
    guard(() =>
      outcome(dismiss.mutateAsync(notification.id), {
        onSuccess: () => toast.success('Notification dismissed'),
        onError: () => toast.error('Error dismissing notification'),
      }),
    )

  const readEverything = () =>
    guard(() =>
      outcome(markAllRead.mutateAsync(), {
        onSuccess: () => toast.success('All notifications marked as read'),
        onError: () => toast.error('Error marking notifications as read'),
      }),
    )

  const dismissEverything = () =>
    guard(() =>
      outcome(dismissAll.mutateAsync(), {
        onSuccess: () => {
          setConfirmingDismissAll(false)
          toast.success('All notifications dismissed')
        },
        onError: () => toast.error('Error dismissing notifications'),
      }),
    )

  return (
    <>
      <PageHeader
        title="Notifications"
        description={first ? notificationCountText(first.total, first.unreadCount) : undefined}
        actions={
          items.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              {first && first.unreadCount > 0 ? (
                <Button variant="secondary" onClick={readEverything} disabled={markAllRead.isPending}>
                  Mark all read
                </Button>
              ) : null}
              <Button
                variant="secondary"
                onClick={() => setConfirmingDismissAll(true)}
                disabled={dismissAll.isPending}
              >
                Dismiss All
              </Button>
            </div>
          ) : null
        }
      />
      {query.isPending ? (
        <PageLoading label="Loading notifications..." />
      ) : query.isError && items.length === 0 ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">Error loading notifications</p>
          <Button className="mt-4" variant="secondary" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <BellOff aria-hidden="true" className="size-10 text-slate-400" />
          <h2 className="mt-3 text-lg font-bold text-slate-900">No notifications</h2>
          <p className="mt-1 text-slate-600">You&apos;re all caught up!</p>
          {/* Nothing to read is also where a new player starts: notices come from games and people,
              so the way to both is here. */}
          <p className="mt-3 max-w-sm text-slate-600">
            Notices come when a player answers your PlayDate, joins your game or asks to be your friend.
          </p>
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            <ButtonLink to="/playdates?tab=available" className={wrapsWords}>
              <Search aria-hidden="true" className="size-4" />
              Find a game
            </ButtonLink>
            <ButtonLink to="/connections" variant="secondary" className={wrapsWords}>
              Find players
            </ButtonLink>
          </div>
        </div>
      ) : (
        <>
          <NotificationList
            notifications={items}
            onOpen={open}
            onRead={read}
            onDismiss={dismissOne}
            dismissingId={dismiss.isPending ? dismiss.variables : undefined}
          />
          <LoadMore query={query} />
        </>
      )}
      <ConfirmDialog
        open={confirmingDismissAll}
        title="Dismiss all notifications"
        message="Every notification leaves this list, read or not. Applications and requests can still be answered on their pages."
        confirmLabel="Dismiss All"
        isPending={dismissAll.isPending}
        onConfirm={dismissEverything}
        onCancel={() => setConfirmingDismissAll(false)}
      />
    </>
  )
}
