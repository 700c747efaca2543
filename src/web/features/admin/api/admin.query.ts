import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { AdminPlayDatesQuery, AdminUsersQuery } from '../../../../domain/admin/admin.schema'
import type { adminVenueListQuery } from '../../../../domain/venues/venue.schema'
import { api } from '../../../lib/api-client'

// The keys and the lists of the admin pages as they open. A module of its own, light enough for
// the first load: a navigation asks for the list its page shows first with the tap
// (app/page-answers.ts), before the page's own files have arrived.

// The admin venue list's filters as the page holds them (regions comma-separated, as sent).
export type AdminVenueListQuery = z.input<typeof adminVenueListQuery>

export const adminKeys = {
  users: (query: AdminUsersQuery) => ['admin', 'users', query] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  codes: ['admin', 'signup-codes'] as const,
  userSearch: (q: string) => ['admin', 'user-search', q] as const,
  playDates: (query: AdminPlayDatesQuery) => ['admin', 'play-dates', query] as const,
  playDate: (id: string) => ['admin', 'play-date', id] as const,
  venues: (query: AdminVenueListQuery) => ['admin', 'venues', query] as const,
  disputes: ['admin', 'disputes'] as const,
}

// Each list as it opens, before a filter is changed or a search typed.
export const firstUserFilters = {
  gender: 'all',
  admin: 'all',
  paused: 'all',
  sort: 'created_at',
  direction: 'desc',
} as const satisfies Required<Omit<AdminUsersQuery, 'search' | 'page'>>
export const firstPlayDateFilters = {
  status: 'all',
  type: 'all',
  state: 'all',
  sort: 'created_at',
  direction: 'desc',
} as const satisfies Required<Omit<AdminPlayDatesQuery, 'search' | 'page'>>
// In use first: the venues the PlayDate wizard offers.
export const firstVenueFilters = { retired: 'no' } as const satisfies AdminVenueListQuery

export const adminUsersQuery = (query: AdminUsersQuery) =>
  queryOptions({
    queryKey: adminKeys.users(query),
    queryFn: ({ signal }) => api.get('/admin/users', { query: { ...query }, signal }),
  })

// Newest first, a page at a time ('Load more' asks for the next).
export const signupCodesQuery = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.codes,
    queryFn: ({ pageParam, signal }) =>
      api.get('/admin/signup-codes', { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

export const adminPlayDatesQuery = (query: AdminPlayDatesQuery) =>
  queryOptions({
    queryKey: adminKeys.playDates(query),
    queryFn: ({ signal }) => api.get('/admin/play-dates', { query: { ...query }, signal }),
  })

// Every venue of the filters, by state, region and name (the list is short: no pages).
export const adminVenuesQuery = (query: AdminVenueListQuery) =>
  queryOptions({
    queryKey: adminKeys.venues(query),
    queryFn: ({ signal }) => api.get('/admin/venues', { query: { ...query }, signal }),
  })

// Games whose two reports differ, waiting for an admin's decision.
export const disputesQuery = () =>
  queryOptions({
    queryKey: adminKeys.disputes,
    queryFn: ({ signal }) => api.get('/admin/disputes', { signal }),
  })

// The first answers of an admin page: the list of the tab its address names, as it opens, or
// the signup codes on their own page. The overview asks for nothing.
export function prefetchAdminAnswers(queryClient: QueryClient, pathname: string, search: string) {
  const firstPage = { search: '', page: 1 }
  const tab = new URLSearchParams(search).get('tab')
  if (pathname === '/admin/signup-codes') return [queryClient.prefetchInfiniteQuery(signupCodesQuery())]
  if (tab === 'users')
    return [queryClient.prefetchQuery(adminUsersQuery({ ...firstUserFilters, ...firstPage }))]
  if (tab === 'play-dates')
    return [queryClient.prefetchQuery(adminPlayDatesQuery({ ...firstPlayDateFilters, ...firstPage }))]
  if (tab === 'venues') return [queryClient.prefetchQuery(adminVenuesQuery(firstVenueFilters))]
  if (tab === 'disputes') return [queryClient.prefetchQuery(disputesQuery())]
  return []
}
