import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { profileAboutInput } from '../../../../domain/profiles/profile-about.schema'
import { api } from '../../../lib/api-client'
import { publicProfileKeys } from './public-profile.queries'

const profileAboutKey = ['profile-about'] as const

// The player's own bio and the venues they play at (Profile Settings).
export const profileAboutQuery = () =>
  queryOptions({
    queryKey: profileAboutKey,
    queryFn: ({ signal }) => api.get('/profiles/me/about', { signal }),
  })

export function useProfileAbout() {
  return useQuery(profileAboutQuery())
}

export function useUpdateProfileAbout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.output<typeof profileAboutInput>) => api.put('/profiles/me/about', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileAboutKey, saved)
      // Their public profile shows both: the next visit reads it again.
      void queryClient.invalidateQueries({ queryKey: publicProfileKeys.all })
    },
  })
}
