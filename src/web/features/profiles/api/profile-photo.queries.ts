import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import type { SessionUser } from '../../../../domain/profiles/profile.schema'
import { api } from '../../../lib/api-client'
import { ownProfileKey, rememberUser, sessionKey } from '../../auth'

// The new face shows in the header and on the settings page at once; every other view that shows
// the player (their PlayDates, connections, public profile) is read again when next shown. Marked
// stale only: refetching the queries on screen now would re-render the settings page the player
// is still working in, for no face it shows.
export function showNewPhoto(queryClient: QueryClient, user: SessionUser) {
  queryClient.setQueryData(ownProfileKey, user)
  rememberUser(queryClient, user)
  void queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      !(queryKey[0] === ownProfileKey[0] && queryKey[1] === ownProfileKey[1]) &&
      !(queryKey[0] === sessionKey[0] && queryKey[1] === sessionKey[1]),
    refetchType: 'none',
  })
}

// The file goes as it is: the server checks, crops and stores it.
export function useUpdatePhoto() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: File) => api.put('/profiles/me/photo', { body: file }),
    onSuccess: (user) => showNewPhoto(queryClient, user),
  })
}

export function useRemovePhoto() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.delete('/profiles/me/photo'),
    onSuccess: (user) => showNewPhoto(queryClient, user),
  })
}
