import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  ManualEntryInput,
  PartnerEntry,
  PartnerListDetail,
  PartnerListSummary,
  UpdateEntryInput,
} from '../../../../domain/partner-lists/partner-list.schema'
import { LIST_NOT_FOUND } from '../../../../domain/partner-lists/partner-list.schema'
import { api, isApiError } from '../../../lib/api-client'
import {
  inviteQuery,
  partnerListFriendsQuery,
  partnerListKeys,
  partnerListQuery,
  partnerListsQuery,
} from './partner-list.query'

export { partnerListKeys }

export function usePartnerLists() {
  return useQuery(partnerListsQuery())
}

export function usePartnerListFriends() {
  return useQuery(partnerListFriendsQuery())
}

export function useCreatePartnerList() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: string) => api.post('/partner-lists', { body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerListKeys.lists() }),
  })
}

export function useDeletePartnerList() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete('/partner-lists/{id}', { params: { id } }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<PartnerListSummary[]>(partnerListKeys.lists(), (lists) =>
        lists?.filter((list) => list.id !== id),
      )
      queryClient.removeQueries({ queryKey: partnerListKeys.list(id) })
    },
  })
}

export function usePartnerList(id: string) {
  return useQuery(partnerListQuery(id))
}

// Writes the changed entries into the cached list, in order.
function useSetEntries(listId: string) {
  const queryClient = useQueryClient()
  return (change: (entries: PartnerEntry[]) => PartnerEntry[]) =>
    queryClient.setQueryData<PartnerListDetail>(partnerListKeys.list(listId), (list) => {
      if (!list) return list
      const entries = change(list.entries).sort((a, b) => a.orderPosition - b.orderPosition)
      return { ...list, entries, entryCount: entries.length }
    })
}

// A list or a partner deleted in another tab or on another device: the page catches up. A gone
// partner leaves the list; a gone list is loaded again, fails, and its page goes back to all
// lists ('Error loading list').
function useCatchUpWhenGone(listId: string) {
  const queryClient = useQueryClient()
  return (error: Error) => {
    if (!isApiError(error) || error.status !== 404) return
    void queryClient.invalidateQueries({ queryKey: partnerListKeys.lists() })
    if (error.message === LIST_NOT_FOUND)
      void queryClient.resetQueries({ queryKey: partnerListKeys.list(listId) })
    else void queryClient.invalidateQueries({ queryKey: partnerListKeys.list(listId) })
  }
}

const replaceEntry = (entry: PartnerEntry) => (entries: PartnerEntry[]) =>
  entries.map((e) => (e.id === entry.id ? entry : e))

export function useAddFriendEntry(listId: string) {
  const catchUp = useCatchUpWhenGone(listId)
  const queryClient = useQueryClient()
  const setEntries = useSetEntries(listId)
  return useMutation({
    onError: catchUp,
    mutationFn: (friendId: string) =>
      api.post('/partner-lists/{id}/friend-entries', { params: { id: listId }, body: { friendId } }),
    onSuccess: (entry) => {
      setEntries((entries) => [...entries, entry])
      return queryClient.invalidateQueries({ queryKey: partnerListKeys.lists() })
    },
  })
}

export function useAddManualEntry(listId: string) {
  const catchUp = useCatchUpWhenGone(listId)
  const queryClient = useQueryClient()
  const setEntries = useSetEntries(listId)
  return useMutation({
    onError: catchUp,
    mutationFn: (input: ManualEntryInput) =>
      api.post('/partner-lists/{id}/manual-entries', { params: { id: listId }, body: input }),
    onSuccess: (entry) => {
      setEntries((entries) => [...entries, entry])
      return queryClient.invalidateQueries({ queryKey: partnerListKeys.lists() })
    },
  })
}

export function useUpdateEntry(listId: string) {
  const catchUp = useCatchUpWhenGone(listId)
  const setEntries = useSetEntries(listId)
  return useMutation({
    onError: catchUp,
    mutationFn: ({ entryId, ...input }: UpdateEntryInput & { entryId: string }) =>
      api.patch('/partner-lists/{id}/entries/{entryId}', { params: { id: listId, entryId }, body: input }),
    onSuccess: (entry) => setEntries(replaceEntry(entry)),
  })
}

export function useRemoveEntry(listId: string) {
  const catchUp = useCatchUpWhenGone(listId)
  const queryClient = useQueryClient()
  return useMutation({
    onError: catchUp,
    mutationFn: (entryId: string) =>
      api.delete('/partner-lists/{id}/entries/{entryId}', { params: { id: listId, entryId } }),
    // The server closes the gap: load the new positions.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerListKeys.all }),
  })
}

// The new order shows at once; the server's answer replaces it.
export function useReorderEntries(listId: string) {
  const catchUp = useCatchUpWhenGone(listId)
  const queryClient = useQueryClient()
  const setEntries = useSetEntries(listId)
  return useMutation({
    onError: catchUp,
    mutationFn: (entryIds: string[]) =>
      api.put('/partner-lists/{id}/order', { params: { id: listId }, body: { entryIds } }),
    onMutate: async (entryIds) => {
      await queryClient.cancelQueries({ queryKey: partnerListKeys.list(listId) })
      const position = new Map(entryIds.map((id, index) => [id, index]))
      setEntries((entries) =>
        entries.map((e) => ({ ...e, orderPosition: position.get(e.id) ?? e.orderPosition })),
      )
    },
    onSuccess: ({ items }) => setEntries(() => items),
  })
}

export function useSendInvite(listId: string) {
  const catchUp = useCatchUpWhenGone(listId)
  const setEntries = useSetEntries(listId)
  return useMutation({
    onError: catchUp,
    mutationFn: ({ entryId, email }: { entryId: string; email?: string | undefined }) =>
      api.post('/partner-lists/{id}/entries/{entryId}/invite', {
        params: { id: listId, entryId },
        body: email ? { email } : {},
      }),
    onSuccess: (sent) => setEntries(replaceEntry(sent.entry)),
  })
}

export function useInviteValidation(code: string | null) {
  return useQuery({ ...inviteQuery(code ?? ''), enabled: code !== null })
}
