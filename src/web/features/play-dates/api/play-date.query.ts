import { type QueryClient, infiniteQueryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { PlayDateTab, StateCode } from '../../../../domain/play-dates/play-date.schema'
import type { DateFilter } from '../../../../domain/play-dates/date-window'
import { playDateIdOfPage } from '../../../../domain/play-dates/play-date.constants'

export interface PlayDateListFilter {
  tab: PlayDateTab
  minRating?: number
  maxRating?: number
  // Available's date and place (lib/available-filters.ts).
  when?: DateFilter
  from?: string
  to?: string
  state?: StateCode
  region?: string
  // "Games I can join alone".
  alone?: 'true'
  // Within a distance of home, and nearest first.
  within?: '5' | '10' | '25' | '50'
  sort?: 'nearest'
}

export const playDateKeys = {
  all: ['play-dates'] as const,
  lists: () => [...playDateKeys.all, 'list'] as const,
  list: (filter: PlayDateListFilter) => [...playDateKeys.lists(), filter] as const,
  partnerOptions: () => [...playDateKeys.all, 'partner-options'] as const,
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
// Available's filters come from the address and the player's home area, so that tab asks once
// its page has read them.
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
