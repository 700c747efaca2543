import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  NotificationPreference,
  NotificationPreferences,
  QuietHoursSettings,
} from '../../../../domain/notifications/preferences.schema'
import { api } from '../../../lib/api-client'
import {
  notificationPreferencesQuery,
  preferencesKey,
  quietHoursKey,
  quietHoursQuery,
} from './preferences.query'

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQuery())
}

// The switch moves at once; a refusal puts it back.
export function useSetNotificationPreference() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (item: NotificationPreference) =>
      api.put('/notification-preferences', { body: { items: [item] } }),
    onMutate: async (item) => {
      await queryClient.cancelQueries({ queryKey: preferencesKey })
      const before = queryClient.getQueryData<NotificationPreferences>(preferencesKey)
      queryClient.setQueryData<NotificationPreferences>(
        preferencesKey,
        (old) => old && { items: old.items.map((i) => (i.kind === item.kind ? item : i)) },
      )
      return { before }
    },
    onError: (_error, _item, context) => {
      if (context?.before) queryClient.setQueryData(preferencesKey, context.before)
    },
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey, saved),
  })
}

export function useQuietHours() {
  return useQuery(quietHoursQuery())
}

export function useSetQuietHours() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: QuietHoursSettings) =>
      api.put('/notification-preferences/quiet-hours', { body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(quietHoursKey, saved),
  })
}
