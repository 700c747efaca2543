import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { api, isApiError } from '../../../lib/api-client'

export const unreadCountKey = ['notifications', 'unread-count'] as const

export interface UnreadCountOutput {
  count: number
}

async function fetchUnreadCount(): Promise<number> {
  try {
    const { count } = await api.get<UnreadCountOutput>('/notifications/unread-count')
    return count
  } catch (error) {
    // A server without notifications has nothing unread.
    if (isApiError(error) && error.status === 404) return 0
    throw error
  }
}

// The number of unread notifications for the signed-in player; 0 while unknown. The count is
// refreshed on every route change, and anything that changes notifications invalidates the key.
export function useUnreadCount({ enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient()
  const { pathname } = useLocation()
  const query = useQuery({ queryKey: unreadCountKey, queryFn: fetchUnreadCount, enabled, staleTime: 30_000 })

  useEffect(() => {
    if (enabled) void queryClient.invalidateQueries({ queryKey: unreadCountKey })
  }, [pathname, enabled, queryClient])

  // A failed count is not worth bothering the player about.
  useEffect(() => {
    if (query.error) console.warn('Could not load the unread notification count', query.error)
  }, [query.error])

  return query.data ?? 0
}
