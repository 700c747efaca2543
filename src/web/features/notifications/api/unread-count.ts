import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import type { UnreadCountOutput } from '../../../../domain/notifications/notification.schema'
import { announce } from '../../../lib/announcer'
import { api } from '../../../lib/api-client'
import { useLiveEvent } from '../../../lib/live-events'
import { notificationKeys } from './notifications.queries'

export const unreadCountKey = notificationKeys.unreadCount()

// The number of unread notifications for the signed-in player; 0 while unknown. The live event
// stream carries the new count the moment a notification changes (no polling); the count is
// also refreshed on every route change.
export function useUnreadCount({ enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient()
  const { pathname } = useLocation()
  const query = useQuery({
    queryKey: unreadCountKey,
    queryFn: async () => (await api.get<UnreadCountOutput>('/notifications/unread-count')).count,
    enabled,
    staleTime: 30_000,
  })

  useLiveEvent((event) => {
    if (!enabled || event.type !== 'notification') return
    // A new one is said out loud: the badge changes silently. The first hook to hear the event
    // stores the count, so the others (the phone and desktop badges) do not say it again.
    const before = queryClient.getQueryData<number>(unreadCountKey)
    if (before !== undefined && event.unreadCount > before) {
      announce(`New notification: ${event.unreadCount} unread`)
    }
    queryClient.setQueryData(unreadCountKey, event.unreadCount)
  })

  useEffect(() => {
    if (enabled) void queryClient.invalidateQueries({ queryKey: unreadCountKey })
  }, [pathname, enabled, queryClient])

  // Count errors are only logged: not worth bothering the player about.
  useEffect(() => {
    if (query.error) console.warn('Could not load the unread notification count', query.error)
  }, [query.error])

  return query.data ?? 0
}
