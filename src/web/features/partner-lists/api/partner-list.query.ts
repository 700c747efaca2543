import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

// The keys and the first answers of the partner-list pages. A module of its own, light enough for
// the first load: a navigation asks for these with the tap (app/page-answers.ts), before the
// pages' own files (with their schemas) have arrived.
export const partnerListKeys = {
  all: ['partner-lists'] as const,
  lists: () => [...partnerListKeys.all, 'lists'] as const,
  list: (id: string) => [...partnerListKeys.all, 'list', id] as const,
  friends: () => [...partnerListKeys.all, 'friends'] as const,
  invite: (code: string) => [...partnerListKeys.all, 'invite', code] as const,
}

export const partnerListsQuery = () =>
  queryOptions({
    queryKey: partnerListKeys.lists(),
    queryFn: async ({ signal }) => (await api.get('/partner-lists', { signal })).items,
  })

// The player's accepted friends: who can be added, and whether a list may be created at all.
export const partnerListFriendsQuery = () =>
  queryOptions({
    queryKey: partnerListKeys.friends(),
    queryFn: async ({ signal }) => (await api.get('/partner-lists/friends', { signal })).items,
    staleTime: 30_000,
  })

export const partnerListQuery = (id: string) =>
  queryOptions({
    queryKey: partnerListKeys.list(id),
    queryFn: ({ signal }) => api.get('/partner-lists/{id}', { params: { id }, signal }),
  })

// A partner invitation, as the invitation page opens on it from its email's link: asked for as the
// page loads (app/page-answers.ts), before the page's files have arrived. It does not change.
export const inviteQuery = (code: string) =>
  queryOptions({
    queryKey: partnerListKeys.invite(code),
    queryFn: ({ signal }) => api.get('/invites/{code}', { params: { code }, signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  })
