import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { HomeLocationInput } from '../../../../domain/profiles/home-location.schema'
import { api } from '../../../lib/api-client'

// Where the player's distances are measured from ("Home: Tempe, AZ"), beside the own profile:
// Profile Settings changes it, Available offers distances once there is one.
export const homeLocationKey = ['profiles', 'me', 'location'] as const

export const useHomeLocation = () =>
  useQuery({ queryKey: homeLocationKey, queryFn: () => api.get('/profiles/me/location') })

// Distances on the lists and the dashboard change with home.
export const forgetDistances = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: homeLocationKey }),
    queryClient.invalidateQueries({ queryKey: ['play-dates'] }),
    queryClient.invalidateQueries({ queryKey: ['home'] }),
  ])

export function useSetHomeLocation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: HomeLocationInput) => api.put('/profiles/me/location', { body: input }),
    onSuccess: (location) => {
      queryClient.setQueryData(homeLocationKey, location)
      void forgetDistances(queryClient)
    },
  })
}
