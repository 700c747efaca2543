import { useQuery } from '@tanstack/react-query'
import type { StateCode } from '../../../../domain/play-dates/play-date.schema'
import { api } from '../../../lib/api-client'
import { allVenuesQuery } from './venues.query'

// The venues in use of a state, in any of the given regions.
export function useVenues(state: StateCode | undefined, regions: string[]) {
  return useQuery({
    queryKey: ['venues', state, [...regions].sort().join(',')],
    queryFn: () => api.get('/venues', { query: { state, regions: regions.join(',') } }),
    enabled: state !== undefined,
    staleTime: 5 * 60_000,
  })
}

// Every venue in use, in every state (the player's "plays at" picker searches them).
export function useAllVenues() {
  return useQuery(allVenuesQuery())
}
