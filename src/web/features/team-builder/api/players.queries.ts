import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type Player,
  PROFILE_SEARCH_MIN,
  type PlayerValues,
} from '../../../../domain/team-builder/player.schema'
import { api } from '../../../lib/api-client'

export const teamBuilderKeys = {
  all: ['team-builder'] as const,
  players: () => [...teamBuilderKeys.all, 'players'] as const,
  player: (id: string) => [...teamBuilderKeys.players(), id] as const,
  profileSearch: (q: string) => [...teamBuilderKeys.all, 'profile-search', q] as const,
  trainingPartners: () => [...teamBuilderKeys.all, 'training-partners'] as const,
}

export function usePlayers() {
  return useQuery({
    queryKey: teamBuilderKeys.players(),
    queryFn: () => api.get('/players'),
  })
}

export function usePlayer(id: string) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: teamBuilderKeys.player(id),
    queryFn: () => api.get('/players/{id}', { params: { id } }),
    // Coming from the table, the list already holds this player: show it at once.
    initialData: () =>
      queryClient.getQueryData<Player[]>(teamBuilderKeys.players())?.find((player) => player.id === id),
  })
}

export function useCreatePlayer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PlayerValues) => api.post('/players', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamBuilderKeys.players() }),
  })
}

export function useUpdatePlayer(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PlayerValues) => api.put('/players/{id}', { params: { id }, body: input }),
    onSuccess: (player) => {
      queryClient.setQueryData(teamBuilderKeys.player(id), player)
      return queryClient.invalidateQueries({ queryKey: teamBuilderKeys.players(), exact: true })
    },
  })
}

export function useDeletePlayer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete('/players/{id}', { params: { id } }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Player[]>(teamBuilderKeys.players(), (players) =>
        players?.filter((player) => player.id !== id),
      )
      queryClient.removeQueries({ queryKey: teamBuilderKeys.player(id) })
    },
  })
}

// Platform profiles to link; `q` is the already-debounced text.
export function useProfileSearch(q: string) {
  const text = q.trim()
  return useQuery({
    queryKey: teamBuilderKeys.profileSearch(text.toLowerCase()),
    queryFn: ({ signal }) => api.get('/players/profile-search', { query: { q: text }, signal }),
    enabled: text.length >= PROFILE_SEARCH_MIN,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
}

export function useTrainingPartners() {
  return useQuery({
    queryKey: teamBuilderKeys.trainingPartners(),
    queryFn: () => api.get('/team-builder/training-partners'),
  })
}
