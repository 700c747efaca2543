import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  AdminPlayDatesQuery,
  AdminUsersQuery,
  CreateSignupCodeInput,
} from '../../../../domain/admin/admin.schema'
import type { PlayDatePage } from '../../../../domain/play-dates/play-date.schema'
import type { DecideResultInput } from '../../../../domain/play-dates/results'
import type { adminVenueListQuery, VenueInput } from '../../../../domain/venues/venue.schema'
import { api } from '../../../lib/api-client'

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

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery({
    queryKey: adminKeys.users(query),
    queryFn: ({ signal }) => api.get('/admin/users', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  })
}

export function useAdminUser(id: string | null) {
  return useQuery({
    queryKey: adminKeys.user(id ?? ''),
    queryFn: ({ signal }) => api.get('/admin/users/{id}', { params: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
  })
}

// One change of access at a time: each is its own operation.
export type AccessChange =
  { isAdmin: boolean; isPaused?: undefined } | { isPaused: boolean; isAdmin?: undefined }

// Make/Remove Admin and Pause/Resume Access: both answer the updated user.
export function useUpdateUserAccess() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AccessChange & { id: string }) =>
      input.isAdmin !== undefined
        ? api.put('/admin/users/{id}/admin', { params: { id: input.id }, body: { isAdmin: input.isAdmin } })
        : api.put('/admin/users/{id}/paused', {
            params: { id: input.id },
            body: { isPaused: input.isPaused },
          }),
    onSuccess: (user) => {
      queryClient.setQueryData(adminKeys.user(user.id), user)
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] })
    },
  })
}

export function useUserSearch(q: string) {
  const term = q.trim()
  return useQuery({
    queryKey: adminKeys.userSearch(term),
    queryFn: ({ signal }) => api.get('/admin/user-search', { query: { q: term }, signal }),
    enabled: term.length >= 2,
  })
}

// Newest first, a page at a time ('Load more' asks for the next).
export function useSignupCodes() {
  return useInfiniteQuery({
    queryKey: adminKeys.codes,
    queryFn: ({ pageParam, signal }) =>
      api.get('/admin/signup-codes', { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

export function useCreateSignupCode() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateSignupCodeInput) => api.post('/admin/signup-codes', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.codes }),
  })
}

export function useAdminPlayDates(query: AdminPlayDatesQuery) {
  return useQuery({
    queryKey: adminKeys.playDates(query),
    queryFn: ({ signal }) => api.get('/admin/play-dates', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  })
}

export function useAdminPlayDate(id: string | null) {
  return useQuery({
    queryKey: adminKeys.playDate(id ?? ''),
    queryFn: ({ signal }) => api.get('/play-dates/{id}', { params: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
  })
}

// A cached page of the PlayDates list without the one just deleted (the same page if it was not
// on it).
export function withoutPlayDate(page: PlayDatePage, id: string): PlayDatePage {
  if (!page.items.some((item) => item.id === id)) return page
  return {
    ...page,
    items: page.items.filter((item) => item.id !== id),
    // A capped total stands for 'at least': it still holds.
    total: page.totalCapped ? page.total : Math.max(0, page.total - 1),
  }
}

export function useDeletePlayDate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete('/admin/play-dates/{id}', { params: { id } }),
    onSuccess: (_, id) => {
      // Gone from every cached page at once; the refetch then brings the next rows up. A page
      // kept on screen while it refetches never shows the deleted PlayDate again.
      queryClient.setQueriesData<PlayDatePage>({ queryKey: ['admin', 'play-dates'] }, (page) =>
        page ? withoutPlayDate(page, id) : page,
      )
      queryClient.removeQueries({ queryKey: adminKeys.playDate(id) })
      return queryClient.invalidateQueries({ queryKey: ['admin', 'play-dates'] })
    },
  })
}

// Every venue of the filters, by state, region and name (the list is short: no pages).
export function useAdminVenues(query: AdminVenueListQuery) {
  return useQuery({
    queryKey: adminKeys.venues(query),
    queryFn: ({ signal }) => api.get('/admin/venues', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  })
}

// A changed venue changes the admin list and the wizard's venue list (features/venues, key
// 'venues'), which would otherwise keep the old one for its five minutes.
const refreshVenues = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['admin', 'venues'] }),
    queryClient.invalidateQueries({ queryKey: ['venues'] }),
  ])

// Add Venue without an id, Save Changes with one.
export function useSaveVenue() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id?: string | undefined; input: VenueInput }) =>
      id
        ? api.put('/admin/venues/{id}', { params: { id }, body: input })
        : api.post('/admin/venues', { body: input }),
    onSuccess: () => refreshVenues(queryClient),
  })
}

export function useSetVenueRetired() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, retired }: { id: string; retired: boolean }) =>
      api.put('/admin/venues/{id}/retired', { params: { id }, body: { retired } }),
    onSuccess: () => refreshVenues(queryClient),
  })
}

// Games whose two reports differ, waiting for an admin's decision.
export function useDisputes() {
  return useQuery({
    queryKey: adminKeys.disputes,
    queryFn: ({ signal }) => api.get('/admin/disputes', { signal }),
  })
}

// The decision settles the game: it leaves the list, and the PlayDate (its page, the lists) changes.
export function useDecideResult() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: DecideResultInput }) =>
      api.post('/admin/play-dates/{id}/result', { params: { id }, body: decision }),
    onSuccess: (_, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.disputes }),
        queryClient.invalidateQueries({ queryKey: adminKeys.playDate(id) }),
        queryClient.invalidateQueries({ queryKey: ['play-dates'] }),
      ]),
  })
}
