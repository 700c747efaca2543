import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

// The keys and first answers of the group pages, light enough for a navigation to ask for them
// with the tap.
export const groupKeys = {
  all: ['groups'] as const,
  mine: () => [...groupKeys.all, 'mine'] as const,
  group: (id: string) => [...groupKeys.all, 'group', id] as const,
  invite: (code: string) => [...groupKeys.all, 'invite', code] as const,
  admin: () => [...groupKeys.all, 'admin'] as const,
}

export const myGroupsQuery = () =>
  queryOptions({
    queryKey: groupKeys.mine(),
    queryFn: async ({ signal }) => (await api.get('/groups', { signal })).items,
  })

export const groupQuery = (id: string) =>
  queryOptions({
    queryKey: groupKeys.group(id),
    queryFn: ({ signal }) => api.get('/groups/{id}', { params: { id }, signal }),
  })

export const groupInviteQuery = (code: string) =>
  queryOptions({
    queryKey: groupKeys.invite(code),
    queryFn: ({ signal }) => api.get('/groups/join/{code}', { params: { code }, signal }),
    // A wrong or closed link answers the same the next time.
    retry: false,
  })

export const adminGroupsQuery = () =>
  queryOptions({
    queryKey: groupKeys.admin(),
    queryFn: async ({ signal }) => (await api.get('/admin/groups', { signal })).items,
  })
