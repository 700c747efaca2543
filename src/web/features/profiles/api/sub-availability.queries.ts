import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

// "Available as a sub" (docs/decisions/0152-waitlist-drop-outs-and-subs.md).
const subAvailabilityKey = ['profiles', 'me', 'sub-availability'] as const

export function useSubAvailability() {
  return useQuery({
    queryKey: subAvailabilityKey,
    queryFn: () => api.get('/profiles/me/sub-availability'),
  })
}

export function useUpdateSubAvailability() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (availableAsSub: boolean) =>
      api.put('/profiles/me/sub-availability', { body: { availableAsSub } }),
    onSuccess: (saved) => queryClient.setQueryData(subAvailabilityKey, saved),
  })
}
