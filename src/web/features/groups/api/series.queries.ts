import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { SeriesInput } from '../../../../domain/groups/series.schema'
import { api } from '../../../lib/api-client'
import { groupKeys } from './group.query'

// A group's weekly series (docs/decisions/0169-recurring-series.md).
export const seriesKey = (groupId: string) => [...groupKeys.group(groupId), 'series'] as const

export const groupSeriesQuery = (groupId: string) =>
  queryOptions({
    queryKey: seriesKey(groupId),
    queryFn: ({ signal }) => api.get('/groups/{id}/series', { params: { id: groupId }, signal }),
  })

export const useGroupSeries = (groupId: string) => useQuery(groupSeriesQuery(groupId))

function useRefreshSeries(groupId: string) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: seriesKey(groupId) })
}

export function useCreateSeries(groupId: string) {
  const refresh = useRefreshSeries(groupId)
  return useMutation({
    mutationFn: (body: SeriesInput) => api.post('/groups/{id}/series', { params: { id: groupId }, body }),
    onSettled: () => refresh(),
  })
}

export function useChangeSeries(groupId: string) {
  const refresh = useRefreshSeries(groupId)
  return useMutation({
    mutationFn: ({ seriesId, body }: { seriesId: string; body: SeriesInput }) =>
      api.put('/groups/{id}/series/{seriesId}', { params: { id: groupId, seriesId }, body }),
    onSettled: () => refresh(),
  })
}

export function useSkipDate(groupId: string) {
  const refresh = useRefreshSeries(groupId)
  return useMutation({
    mutationFn: ({ seriesId, startsAt, skip }: { seriesId: string; startsAt: string; skip: boolean }) =>
      skip
        ? api.post('/groups/{id}/series/{seriesId}/skip', {
            params: { id: groupId, seriesId },
            body: { startsAt },
          })
        : api.post('/groups/{id}/series/{seriesId}/restore', {
            params: { id: groupId, seriesId },
            body: { startsAt },
          }),
    onSettled: () => refresh(),
  })
}

export function useEndSeries(groupId: string) {
  const refresh = useRefreshSeries(groupId)
  return useMutation({
    mutationFn: (seriesId: string) =>
      api.post('/groups/{id}/series/{seriesId}/end', { params: { id: groupId, seriesId } }),
    onSettled: () => refresh(),
  })
}
