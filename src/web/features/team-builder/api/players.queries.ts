import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type Player,
  PROFILE_SEARCH_MIN,
  type PlayerValues,
} from '../../../../domain/team-builder/player.schema'
import { api } from '../../../lib/api-client'
import { playerQuery, playersQuery, teamBuilderKeys, trainingPartnersQuery } from './players.query'

export function usePlayers() {
  return useQuery(playersQuery())
}

export function usePlayer(id: string) {
  return useQuery(playerQuery(useQueryClient(), id))
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
  return useQuery(trainingPartnersQuery())
}
