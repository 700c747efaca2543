import type { QueryClient } from '@tanstack/react-query'
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
