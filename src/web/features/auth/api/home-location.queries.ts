import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { HomeLocationInput } from '../../../../domain/profiles/home-location.schema'
import { api } from '../../../lib/api-client'
import { homeLocationKey, homeLocationQuery } from './home-location.query'
import { ownProfileKey, sessionKey } from './session.queries'

export { homeLocationKey }

export const useHomeLocation = () => useQuery(homeLocationQuery())

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
      // A home in another state moves the home area, which the session and the profile carry.
      void queryClient.invalidateQueries({ queryKey: sessionKey })
      void queryClient.invalidateQueries({ queryKey: ownProfileKey, exact: true })
    },
  })
}
