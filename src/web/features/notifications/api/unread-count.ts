import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import type { UnreadCountOutput } from '../../../../domain/notifications/notification.schema'
import { latestCount } from '../../../../domain/notifications/notification.constants'
import { announce } from '../../../lib/announcer'
import { api } from '../../../lib/api-client'
import { useLiveEvent } from '../../../lib/live-events'
import { notificationKeys } from './notifications.queries'

export const unreadCountKey = notificationKeys.unreadCount()

// The number of unread notifications for the signed-in player; 0 while unknown. The live event
// stream carries the new count the moment a notification changes (no polling); the count is
// also refreshed on every route change. Answers and events can cross on the way: whichever
// arrives, the count read last is kept (`latestCount`).
export function useUnreadCount({ enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient()
  const { pathname } = useLocation()
  const query = useQuery({
    queryKey: unreadCountKey,
    queryFn: async () =>
      latestCount(
        queryClient.getQueryData<UnreadCountOutput>(unreadCountKey),
        await api.get('/notifications/unread-count'),
      ),
    enabled,
    staleTime: 30_000,
  })

  useLiveEvent((event) => {
    if (!enabled || event.type !== 'notification') return
    // A new one is said out loud: the badge changes silently. The first hook to hear the event
    // stores the count, so the others (the phone and desktop badges) do not say it again.
    const before = queryClient.getQueryData<UnreadCountOutput>(unreadCountKey)
    const after = latestCount(before, { count: event.unreadCount, asOf: event.asOf })
    if (after === before) return
    if (before !== undefined && after.count > before.count) {
      announce(`New notification: ${after.count} unread`)
    }
    queryClient.setQueryData(unreadCountKey, after)
  })

  // On a route change, not on mounting (the query has just asked); and once for the two badges
  // (a refetch under way is not started over).
  const countedAt = useRef(pathname)
  useEffect(() => {
    if (countedAt.current === pathname) return
    countedAt.current = pathname
    if (enabled) void queryClient.invalidateQueries({ queryKey: unreadCountKey }, { cancelRefetch: false })
  }, [pathname, enabled, queryClient])

  // Count errors are only logged: not worth bothering the player about.
  useEffect(() => {
    if (query.error) console.warn('Could not load the unread notification count', query.error)
  }, [query.error])

  return query.data?.count ?? 0
}
