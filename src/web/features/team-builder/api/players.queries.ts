import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type Player,
  PROFILE_SEARCH_MIN,
  type PlayerInput,
  type ProfileSearchResult,
} from '../../../../domain/team-builder/player.schema'
import type { TrainingPartnersOutput } from '../../../../domain/team-builder/training.rules'
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
    queryFn: () => api.get<Player[]>('/players'),
  })
}

export function usePlayer(id: string) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: teamBuilderKeys.player(id),
    queryFn: () => api.get<Player>(`/players/${encodeURIComponent(id)}`),
    // Coming from the table, the list already holds this player: show it at once.
    initialData: () =>
      queryClient.getQueryData<Player[]>(teamBuilderKeys.players())?.find((player) => player.id === id),
  })
}

export function useCreatePlayer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PlayerInput) => api.post<Player>('/players', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamBuilderKeys.players() }),
  })
}

export function useUpdatePlayer(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PlayerInput) => api.put<Player>(`/players/${encodeURIComponent(id)}`, input),
    onSuccess: (player) => {
      queryClient.setQueryData(teamBuilderKeys.player(id), player)
      return queryClient.invalidateQueries({ queryKey: teamBuilderKeys.players(), exact: true })
    },
  })
}

export function useDeletePlayer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/players/${encodeURIComponent(id)}`),
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
    queryFn: ({ signal }) =>
      api.get<ProfileSearchResult[]>('/players/profile-search', { query: { q: text }, signal }),
    enabled: text.length >= PROFILE_SEARCH_MIN,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
}

export function useTrainingPartners() {
  return useQuery({
    queryKey: teamBuilderKeys.trainingPartners(),
    queryFn: () => api.get<TrainingPartnersOutput>('/team-builder/training-partners'),
  })
}
