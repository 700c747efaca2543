import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import type {
  AdminPlayDatesQuery,
  AdminUsersQuery,
  CreateSignupCodeInput,
} from '../../../../domain/admin/admin.schema'
import type { PlayDatePage } from '../../../../domain/play-dates/play-date.schema'
import type { DecideResultInput } from '../../../../domain/play-dates/results'
import type { VenueInput } from '../../../../domain/venues/venue.schema'
import { api } from '../../../lib/api-client'
import {
  adminKeys,
  adminPlayDatesQuery,
  adminUsersQuery,
  type AdminVenueListQuery,
  adminVenuesQuery,
  disputesQuery,
  signupCodesQuery,
} from './admin.query'

export type { AdminVenueListQuery }
export { adminKeys }

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery({
    ...adminUsersQuery(query),
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

export function useSignupCodes() {
  return useInfiniteQuery(signupCodesQuery())
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
    ...adminPlayDatesQuery(query),
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

export function useAdminVenues(query: AdminVenueListQuery) {
  return useQuery({
    ...adminVenuesQuery(query),
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

export function useDisputes() {
  return useQuery(disputesQuery())
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
