import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicProfileOutput } from '../../../../domain/profiles/public-profile.schema'
import { api } from '../../../lib/api-client'

export const publicProfileKeys = {
  all: ['public-profile'] as const,
  detail: (id: string) => [...publicProfileKeys.all, id] as const,
}

export const fetchPublicProfile = (id: string) => api.get('/profiles/{id}', { params: { id } })

// The debug panel's query time is measured here, in the browser: the server does not tell
// how long its queries take.
export type TimedPublicProfile = PublicProfileOutput & { clientMs: number }

// Asked for with the tap that opens the profile too (app/page-answers.ts).
export const publicProfileQuery = (id: string) =>
  queryOptions({
    queryKey: publicProfileKeys.detail(id),
    queryFn: async (): Promise<TimedPublicProfile> => {
      const started = performance.now()
      const data = await fetchPublicProfile(id)
      return { ...data, clientMs: Math.round(performance.now() - started) }
    },
  })

export function usePublicProfile(id: string) {
  return useQuery(publicProfileQuery(id))
}
