import { useQuery } from '@tanstack/react-query'
import type { PublicProfileOutput } from '../../../../domain/profiles/public-profile.schema'
import { api } from '../../../lib/api-client'

export const publicProfileKeys = {
  all: ['public-profile'] as const,
  detail: (id: string) => [...publicProfileKeys.all, id] as const,
}

export const fetchPublicProfile = (id: string) =>
  api.get<PublicProfileOutput>(`/profiles/${encodeURIComponent(id)}`)

export function usePublicProfile(id: string) {
  return useQuery({
    queryKey: publicProfileKeys.detail(id),
    queryFn: () => fetchPublicProfile(id),
  })
}
