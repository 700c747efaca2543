import {
  type InvalidateOptions,
  type InvalidateQueryFilters,
  MutationCache,
  type Query,
  QueryClient,
} from '@tanstack/react-query'
import { isApiError } from '../lib/api-client'
import { refuseWhenOffline } from '../lib/offline'

export const MAX_RETRIES = 3
const FIRST_RETRY_DELAY_MS = 1000

// Only failures that may pass on their own are retried: the network, or the server's 5xx.
// A 4xx says the request itself is wrong, so asking again would give the same answer.
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false
  if (!isApiError(error)) return false
  return error.status === 0 || error.status >= 500
}

// 1000 ms, then 2000 ms, then 4000 ms.
export const retryDelay = (attemptIndex: number) => FIRST_RETRY_DELAY_MS * 2 ** attemptIndex

// Invalidation after a write (or a live event) refetches what is shown, and a fetch under way is
// started over, since its answer may have been read before the write. TanStack Query starts over
// only a query that already has data: a first fetch under way (a list asked for under a new
// filter a moment before the write) is left to finish, and its answer from before the write is
// shown (TanStack/query#8530). Such a fetch is cancelled here first, back to where it was before
// it started, so the invalidation starts it again. Only queries on screen: those are the ones
// the invalidation refetches; one that nobody shows is left to finish.
class AppQueryClient extends QueryClient {
  override invalidateQueries(filters?: InvalidateQueryFilters, options?: InvalidateOptions): Promise<void> {
    if (filters?.refetchType !== 'none' && options?.cancelRefetch !== false) {
      for (const query of this.getQueryCache().findAll(filters)) {
        const { fetchStatus, data } = query.state
        if (fetchStatus === 'fetching' && data === undefined && query.isActive()) {
          void query.cancel({ revert: true, silent: true })
        }
      }
    }
    return super.invalidateQueries(filters, options)
  }
}

// A query that a component starts showing refetches its answer (the data are stale at once),
// except an answer fetched a moment ago and not invalidated since: a part of a page that shows
// once the page's first answers are in (the dashboard's sections, under its one loading line)
// reads them instead of asking the server again.
export const JUST_FETCHED_MS = 2_000
export const refetchOnMount = (query: Query) =>
  query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt >= JUST_FETCHED_MS

// Writes never wait for the network (TanStack Query's default pauses them offline and sends them
// later, unseen): offline, a write is refused at once with a message saying it needs a
// connection; on a network that fails, it fails as it is sent
// (docs/decisions/0095-offline-last-seen-data.md).
// A read is always asked for (`offlineFirst`): the browser's guess that it is offline
// (`navigator.onLine`, its online and offline events) is wrong on some networks, and TanStack
// Query's default held every read while it lasted, unsent, its page on "Loading...". Only the
// retries of a read that failed wait for the browser to say it is back online
// (docs/decisions/0149-a-page-asks-for-its-data-at-once.md).
export function createQueryClient() {
  return new AppQueryClient({
    mutationCache: new MutationCache({ onMutate: () => refuseWhenOffline() }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: true,
        refetchOnMount,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  })
}
