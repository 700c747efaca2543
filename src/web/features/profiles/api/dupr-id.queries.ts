import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SessionUser } from '../../../../domain/profiles/profile.schema'
import { api } from '../../../lib/api-client'
import { ownProfileKey, rememberUser } from '../../auth'

// The player's DUPR ID (null removes it), which the results export puts beside their name.
export function useUpdateDuprId() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (duprId: string | null) => api.put<SessionUser>('/profiles/me/dupr-id', { duprId }),
    onSuccess: (user) => {
      queryClient.setQueryData(ownProfileKey, user)
      rememberUser(queryClient, user)
    },
  })
}
