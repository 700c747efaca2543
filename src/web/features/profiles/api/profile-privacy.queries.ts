import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { publicProfileKeys } from './public-profile.queries'

// Whether other players see the birthdate and ZIP code (docs/decisions/0160).
const profilePrivacyKey = ['profiles', 'me', 'privacy'] as const

export function useProfilePrivacy() {
  return useQuery({
    queryKey: profilePrivacyKey,
    queryFn: () => api.get('/profiles/me/privacy'),
  })
}

export function useUpdateProfilePrivacy() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (showsBirthdateAndZip: boolean) =>
      api.put('/profiles/me/privacy', { body: { showsBirthdateAndZip } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(profilePrivacyKey, saved)
      // The own public profile says who sees what.
      void queryClient.invalidateQueries({ queryKey: publicProfileKeys.all })
    },
  })
}
