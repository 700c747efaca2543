import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { subAvailabilityKey, subAvailabilityQuery } from './own-settings.query'

// "Available as a sub" (docs/decisions/0152-waitlist-drop-outs-and-subs.md).
export function useSubAvailability() {
  return useQuery(subAvailabilityQuery())
}

export function useUpdateSubAvailability() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (availableAsSub: boolean) =>
      api.put('/profiles/me/sub-availability', { body: { availableAsSub } }),
    onSuccess: (saved) => queryClient.setQueryData(subAvailabilityKey, saved),
  })
}
