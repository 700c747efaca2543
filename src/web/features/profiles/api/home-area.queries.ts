import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { HomeAreaInput } from '../../../../domain/profiles/profile.schema'
import { api } from '../../../lib/api-client'
import { ownProfileKey, rememberUser } from '../../auth'

// The player's home area: the session carries it, so the Available tab opens on it at once.
export function useUpdateHomeArea() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: HomeAreaInput) => api.put('/profiles/me/home', { body: input }),
    onSuccess: (user) => {
      queryClient.setQueryData(ownProfileKey, user)
      rememberUser(queryClient, user)
    },
  })
}
