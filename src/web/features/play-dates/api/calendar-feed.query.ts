import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

// The player's calendar feed link: read as Profile Settings opens. A module of its own, light: a
// navigation to Profile Settings asks for it with the tap (app/more-page-answers.ts).
export const calendarFeedKey = ['calendar-feed'] as const

export const calendarFeedQuery = () =>
  queryOptions({
    queryKey: calendarFeedKey,
    queryFn: ({ signal }) => api.get('/calendar-feed', { signal }),
  })
