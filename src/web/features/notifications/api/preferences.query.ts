import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

// What the player hears about, and when it is held back: read as Profile Settings opens. A module
// of its own, light: a navigation to Profile Settings asks for them with the tap
// (app/more-page-answers.ts), before the page's own files have arrived.
export const preferencesKey = ['notification-preferences'] as const

export const notificationPreferencesQuery = () =>
  queryOptions({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => api.get('/notification-preferences', { signal }),
  })

export const quietHoursKey = ['notification-preferences', 'quiet-hours'] as const

export const quietHoursQuery = () =>
  queryOptions({
    queryKey: quietHoursKey,
    queryFn: ({ signal }) => api.get('/notification-preferences/quiet-hours', { signal }),
  })
