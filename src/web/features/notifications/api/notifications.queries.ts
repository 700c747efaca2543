import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
}

// Newest first, a page at a time ('Load more' asks for the next). The Notifications page's first
// answer: a navigation there asks for it with the page's files (app/page-answers.ts).
export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam, signal }) => api.get('/notifications', { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

export function useNotifications() {
  return useInfiniteQuery(notificationsQuery())
}

function useNotificationMutation<T>(mutationFn: (value: T) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    // The list and the badge follow, whatever the outcome.
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  })
}

export const useMarkNotificationRead = () =>
  useNotificationMutation((id: string) => api.post('/notifications/{id}/read', { params: { id } }))

export const useMarkAllNotificationsRead = () =>
  useNotificationMutation(() => api.post('/notifications/read-all'))

export const useDismissNotification = () =>
  useNotificationMutation((id: string) => api.delete('/notifications/{id}', { params: { id } }))

export const useDismissAllNotifications = () => useNotificationMutation(() => api.delete('/notifications'))

// The player has the list in front of them: the badge clears (each notification stays unread).
export function useMarkNotificationsSeen() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('/notifications/seen'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount() }),
  })
}
