import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CreateGroupInput } from '../../../../domain/groups/group.schema'
import { api } from '../../../lib/api-client'
import { adminGroupsQuery, groupInviteQuery, groupKeys, groupQuery, myGroupsQuery } from './group.query'

export const useMyGroups = () => useQuery(myGroupsQuery())
export const useGroup = (id: string) => useQuery(groupQuery(id))
export const useGroupInvite = (code: string) => useQuery(groupInviteQuery(code))
export const useAdminGroups = () => useQuery(adminGroupsQuery())

// Every group answer is read again after a change: the lists, the page, the link's preview.
function useRefreshGroups() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: groupKeys.all })
}

export function useCreateGroup() {
  const refresh = useRefreshGroups()
  return useMutation({
    mutationFn: (body: CreateGroupInput) => api.post('/groups', { body }),
    onSuccess: () => refresh(),
  })
}

export function useJoinGroup() {
  const refresh = useRefreshGroups()
  return useMutation({
    mutationFn: (code: string) => api.post('/groups/join/{code}', { params: { code } }),
    onSuccess: () => refresh(),
  })
}

export function useAnswerJoinRequest(groupId: string) {
  const refresh = useRefreshGroups()
  return useMutation({
    mutationFn: ({ requestId, answer }: { requestId: string; answer: 'accept' | 'decline' }) =>
      answer === 'accept'
        ? api.post('/groups/{id}/requests/{requestId}/accept', { params: { id: groupId, requestId } })
        : api.post('/groups/{id}/requests/{requestId}/decline', { params: { id: groupId, requestId } }),
    onSettled: () => refresh(),
  })
}

export function useSetMemberRole(groupId: string) {
  const refresh = useRefreshGroups()
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: 'organiser' | 'member' }) =>
      api.put('/groups/{id}/members/{userId}/role', { params: { id: groupId, userId }, body: { role } }),
    onSettled: () => refresh(),
  })
}

export function useRemoveMember(groupId: string) {
  const refresh = useRefreshGroups()
  return useMutation({
    mutationFn: (userId: string) =>
      api.delete('/groups/{id}/members/{userId}', { params: { id: groupId, userId } }),
    onSettled: () => refresh(),
  })
}

export function useRenewInviteLink(groupId: string) {
  const refresh = useRefreshGroups()
  return useMutation({
    mutationFn: () => api.post('/groups/{id}/invite-link', { params: { id: groupId } }),
    onSettled: () => refresh(),
  })
}

export function useCloseGroup() {
  const refresh = useRefreshGroups()
  return useMutation({
    mutationFn: (id: string) => api.post('/admin/groups/{id}/close', { params: { id } }),
    onSettled: () => refresh(),
  })
}
