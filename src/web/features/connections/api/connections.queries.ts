import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import {
  CONNECTIONS_PAGE_SIZE,
  type ConnectionView,
  SEARCH_MIN_LENGTH,
} from '../../../../domain/connections/connection.constants'
import { api } from '../../../lib/api-client'

export const connectionKeys = {
  all: ['connections'] as const,
  list: (view: ConnectionView) => [...connectionKeys.all, 'list', view] as const,
  summary: () => [...connectionKeys.all, 'summary'] as const,
  search: (q: string) => [...connectionKeys.all, 'search', q] as const,
}

// A connection change shows on the public profiles too (their key root is 'public-profile').
const publicProfileRoot = ['public-profile'] as const

// One tab of the connections, a page at a time. A navigation to Player Connections or the
// dashboard asks for it with the page's files (app/page-answers.ts).
export const connectionsQuery = (view: ConnectionView) =>
  infiniteQueryOptions({
    queryKey: connectionKeys.list(view),
    queryFn: ({ pageParam, signal }) =>
      api.get('/connections', {
        query: { view, offset: pageParam, limit: CONNECTIONS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined,
  })

export function useConnections(view: ConnectionView) {
  return useInfiniteQuery(connectionsQuery(view))
}

// How many friends and requests each tab holds: Player Connections asks for it with the tap, with
// its first tab (app/page-answers.ts).
export const connectionSummaryQuery = () =>
  queryOptions({
    queryKey: connectionKeys.summary(),
    queryFn: ({ signal }) => api.get('/connections/summary', { signal }),
  })

export function useConnectionSummary() {
  return useQuery(connectionSummaryQuery())
}

export function usePlayerSearch(query: string) {
  const q = query.trim()
  return useQuery({
    queryKey: connectionKeys.search(q),
    queryFn: ({ signal }) => api.get('/connections/search', { query: { q }, signal }),
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
    api.post('/connections/friend-requests', { body: { receiverId } }),
  )

export const useInviteRegularPartner = () =>
  useConnectionMutation((receiverId: string) =>
    api.post('/connections/partner-requests', { body: { receiverId } }),
  )

export const useAnswerRequest = () =>
  useConnectionMutation(({ id, answer }: { id: string; answer: 'accept' | 'reject' }) =>
    answer === 'accept'
      ? api.post('/connections/{id}/accept', { params: { id } })
      : api.post('/connections/{id}/reject', { params: { id } }),
  )

export const useCancelRequest = () =>
  useConnectionMutation((id: string) => api.post('/connections/{id}/cancel', { params: { id } }))

export const useRemoveConnection = () =>
  useConnectionMutation((id: string) => api.delete('/connections/{id}', { params: { id } }))

export const useSetWatching = () =>
  useConnectionMutation(({ profileId, watch }: { profileId: string; watch: boolean }) =>
    watch
      ? api.put('/connections/watching/{profileId}', { params: { profileId } })
      : api.delete('/connections/watching/{profileId}', { params: { profileId } }),
  )
