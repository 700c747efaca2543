import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { SessionOutput } from '../../../../domain/profiles/profile.schema'
import { api } from '../../../lib/api-client'

export const sessionKey = ['auth', 'session'] as const

// The signed-in user, or null. Everything that depends on who is signed in reads this.
export function useSession() {
  const query = useQuery({
    queryKey: sessionKey,
    queryFn: () => api.get<SessionOutput>('/auth/session'),
    staleTime: 60_000,
    retry: 1,
  })
  return {
    user: query.data?.user ?? null,
    isLoading: query.isPending,
    isError: query.isError,
  }
}

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<void>('/auth/sign-out'),
    // Whatever the outcome, the browser forgets the user.
    onSettled: () => {
      queryClient.setQueryData(sessionKey, { user: null })
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' })
    },
  })
}
