import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import {
  CONNECTIONS_PAGE_SIZE,
  type ConnectionListOutput,
  type ConnectionOutput,
  type ConnectionSummaryOutput,
  type ConnectionView,
  SEARCH_MIN_LENGTH,
  type SearchOutput,
} from '../../../../domain/connections/connection.schema'
import { api } from '../../../lib/api-client'

export const connectionKeys = {
  all: ['connections'] as const,
  list: (view: ConnectionView) => [...connectionKeys.all, 'list', view] as const,
  summary: () => [...connectionKeys.all, 'summary'] as const,
  search: (q: string) => [...connectionKeys.all, 'search', q] as const,
}

// A connection change shows on the public profiles too (their key root is 'public-profile').
const publicProfileRoot = ['public-profile'] as const

export function useConnections(view: ConnectionView) {
  return useInfiniteQuery({
    queryKey: connectionKeys.list(view),
    queryFn: ({ pageParam }) =>
      api.get<ConnectionListOutput>('/connections', {
        query: { view, offset: pageParam, limit: CONNECTIONS_PAGE_SIZE },
      }),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined,
  })
}

export function useConnectionSummary() {
  return useQuery({
    queryKey: connectionKeys.summary(),
    queryFn: () => api.get<ConnectionSummaryOutput>('/connections/summary'),
  })
}

export function usePlayerSearch(query: string) {
  const q = query.trim()
  return useQuery({
    queryKey: connectionKeys.search(q),
    queryFn: ({ signal }) => api.get<SearchOutput>('/connections/search', { query: { q }, signal }),
    enabled: q.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  })
}

function useConnectionMutation<T, R = unknown>(mutationFn: (value: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
        queryClient.invalidateQueries({ queryKey: publicProfileRoot }),
      ])
    },
  })
}

export const useSendFriendRequest = () =>
  useConnectionMutation((receiverId: string) =>
    api.post<ConnectionOutput>('/connections/friend-requests', { receiverId }),
  )

export const useInviteRegularPartner = () =>
  useConnectionMutation((receiverId: string) =>
    api.post<ConnectionOutput>('/connections/partner-requests', { receiverId }),
  )

export const useAnswerRequest = () =>
  useConnectionMutation(({ id, answer }: { id: string; answer: 'accept' | 'reject' }) =>
    api.post<ConnectionOutput>(`/connections/${encodeURIComponent(id)}/${answer}`),
  )

export const useCancelRequest = () =>
  useConnectionMutation((id: string) => api.post<void>(`/connections/${encodeURIComponent(id)}/cancel`))

export const useRemoveConnection = () =>
  useConnectionMutation((id: string) => api.delete<void>(`/connections/${encodeURIComponent(id)}`))

export const useSetWatching = () =>
  useConnectionMutation(({ profileId, watch }: { profileId: string; watch: boolean }) =>
    watch
      ? api.put<void>(`/connections/watching/${encodeURIComponent(profileId)}`)
      : api.delete<void>(`/connections/watching/${encodeURIComponent(profileId)}`),
  )
