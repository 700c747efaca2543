import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { chatThreadQuery } from '../../../lib/chat-thread'

// The keys and first answers of the group pages, light enough for a navigation to ask for them
// with the tap.
export const groupKeys = {
  all: ['groups'] as const,
  mine: () => [...groupKeys.all, 'mine'] as const,
  group: (id: string) => [...groupKeys.all, 'group', id] as const,
  messages: (id: string) => [...groupKeys.group(id), 'messages'] as const,
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

// A group's chat (lib/chat-thread.ts).
export const groupChatQuery = (queryClient: QueryClient, id: string) =>
  chatThreadQuery(queryClient, groupKeys.messages(id), (after, signal) =>
    api.get('/groups/{id}/messages', { params: { id }, query: { after }, signal }),
  )

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
