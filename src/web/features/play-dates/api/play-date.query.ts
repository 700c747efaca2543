import { type QueryClient, infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { playDateIdOfPage } from '../../../../domain/play-dates/play-date.constants'

import type { PlayDateListFilter } from '../lib/list-address'

export type { PlayDateListFilter }

export const playDateKeys = {
  all: ['play-dates'] as const,
  lists: () => [...playDateKeys.all, 'list'] as const,
  list: (filter: PlayDateListFilter) => [...playDateKeys.lists(), filter] as const,
  partnerOptions: (playDateId?: string) =>
    [...playDateKeys.all, 'partner-options', playDateId ?? null] as const,
  detail: (id: string) => [...playDateKeys.all, 'detail', id] as const,
  messages: (id: string) => [...playDateKeys.all, 'messages', id] as const,
}

// One PlayDate, as its page shows it. A module of its own, light enough for the first load: the
// first render waits for a PlayDate page's answer (main.tsx).
export const playDateQuery = (id: string) => ({
  queryKey: playDateKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get('/play-dates/{id}', { params: { id }, signal }),
  // A 403 or 404 will not change by asking again.
  retry: false,
})

// The friends a PlayDate can be created with, regular partners first: the first answer of the
// wizard's last step, asked for with the tap that opens it (app/more-page-answers.ts).
// The caller's friends to pick a partner from; for an application (`playDateId`), each says whether
// they already applied to that PlayDate.
export const partnerOptionsQuery = (playDateId?: string) =>
  queryOptions({
    queryKey: playDateKeys.partnerOptions(playDateId),
    queryFn: async ({ signal }) =>
      (await api.get('/play-dates/partner-options', { query: playDateId ? { playDateId } : {}, signal }))
        .items,
  })

export const PLAY_DATE_PAGE_SIZE = 10

// One tab of the list, page after page ('Load more'). The list's first answer: a navigation to
// My PlayDates or History asks for it with the page's files (app/page-answers.ts).
export const playDatesQuery = (filter: PlayDateListFilter) =>
  infiniteQueryOptions({
    queryKey: playDateKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      api.get('/play-dates', {
        query: { ...filter, page: pageParam, pageSize: PLAY_DATE_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  })

// The list a navigation to /playdates opens on: My PlayDates, unless its address asks for a tab.
// Available's filters come from the address and the player's home area: that tab's list is asked
// for with the signed-in shell (app/more-page-answers.ts).
export function prefetchListAnswer(queryClient: QueryClient, search: string): Promise<void> | undefined {
  const tab = new URLSearchParams(search).get('tab') ?? 'mine'
  if (tab !== 'mine' && tab !== 'history') return undefined
  return queryClient.prefetchInfiniteQuery(playDatesQuery({ tab }))
}

// A PlayDate's page asks for its PlayDate from its HTML (the server's preload), and its first view
// shows the PlayDate's header (docs/decisions/0123-play-date-first-view.md): the first render waits
// for that answer too, so the page takes the first view's place whole, in one render, instead of
// a loading line that the PlayDate then replaces. A navigation to a PlayDate asks for it here too,
// with the page's files, not once they have loaded and rendered (0149). Any other page: nothing
// to ask for.
export function prefetchPageAnswer(queryClient: QueryClient, pathname: string): Promise<void> | undefined {
  const id = playDateIdOfPage(pathname)
  return id ? queryClient.prefetchQuery(playDateQuery(id)) : undefined
}
