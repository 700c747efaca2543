import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { ownProfileKey, rememberUser } from '../../auth'

// The player's DUPR ID (null removes it), which the results export puts beside their name.
export function useUpdateDuprId() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (duprId: string | null) => api.put('/profiles/me/dupr-id', { body: { duprId } }),
    onSuccess: (user) => {
      queryClient.setQueryData(ownProfileKey, user)
      rememberUser(queryClient, user)
    },
  })
}
