import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { Player } from '../../../../domain/team-builder/player.schema'
import { api } from '../../../lib/api-client'

// The keys and the first answers of the SUPR Builder pages and Train with Friends. A module of
// its own, light enough for the first load: a navigation asks for these with the tap
// (app/page-answers.ts), before the pages' own files (with their schemas) have arrived.
export const teamBuilderKeys = {
  all: ['team-builder'] as const,
  players: () => [...teamBuilderKeys.all, 'players'] as const,
  player: (id: string) => [...teamBuilderKeys.players(), id] as const,
  profileSearch: (q: string) => [...teamBuilderKeys.all, 'profile-search', q] as const,
  trainingPartners: () => [...teamBuilderKeys.all, 'training-partners'] as const,
}

export const playersQuery = () =>
  queryOptions({
    queryKey: teamBuilderKeys.players(),
    queryFn: ({ signal }) => api.get('/players', { signal }),
  })

export const playerQuery = (queryClient: QueryClient, id: string) =>
  queryOptions({
    queryKey: teamBuilderKeys.player(id),
    queryFn: ({ signal }) => api.get('/players/{id}', { params: { id }, signal }),
    // Coming from the table, the list already holds this player: show it at once.
    initialData: () =>
      queryClient.getQueryData<Player[]>(teamBuilderKeys.players())?.find((player) => player.id === id),
  })

export const trainingPartnersQuery = () =>
  queryOptions({
    queryKey: teamBuilderKeys.trainingPartners(),
    queryFn: ({ signal }) => api.get('/team-builder/training-partners', { signal }),
  })
