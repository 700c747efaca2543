import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { calendarFeedKey, calendarFeedQuery } from './calendar-feed.query'

export function useCalendarFeed() {
  return useQuery(calendarFeedQuery())
}

export function useResetCalendarFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('/calendar-feed'),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey, feed),
  })
}

// The download link of one PlayDate's calendar entry (a plain link: the browser saves the file).
export const playDateCalendarUrl = (id: string) => `/api/play-dates/${id}/calendar`
