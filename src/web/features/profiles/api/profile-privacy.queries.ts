import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { profilePrivacyKey, profilePrivacyQuery } from './own-settings.query'
import { publicProfileKeys } from './public-profile.queries'

// Whether other players see the birthdate and ZIP code (docs/decisions/0160).
export function useProfilePrivacy() {
  return useQuery(profilePrivacyQuery())
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
