import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { type ChatThread, latestMessageTime, withEarlier, withLatest } from '../../../lib/chat-thread'
import { useLiveConnected, useLiveEvent } from '../../../lib/live-events'
import { groupKeys } from './group.query'

// How often the chat catches up while the event stream is down, as a PlayDate's chat does.
const GROUP_CHAT_POLL_MS = 3000

const messagesKey = (id: string) => [...groupKeys.group(id), 'messages'] as const

// A group's chat, oldest first: the first fetch loads the newest page, later ones only what came
// after the newest message held, merged in (lib/chat-thread.ts). A 'group' event for this group
// fetches it at once; the poll is the fallback for when the stream is down.
export function useGroupChat(id: string) {
  const queryClient = useQueryClient()
  const live = useLiveConnected()
  useLiveEvent((event) => {
    if (event.type === 'group' && event.topic === id)
      void queryClient.invalidateQueries({ queryKey: messagesKey(id) })
  })
  const messages = useQuery({
    queryKey: messagesKey(id),
    queryFn: async ({ signal }) => {
      const held = queryClient.getQueryData<ChatThread>(messagesKey(id))
      const after = latestMessageTime(held?.messages ?? [])
      const page = await api.get('/groups/{id}/messages', { params: { id }, query: { after }, signal })
      return withLatest(queryClient.getQueryData<ChatThread>(messagesKey(id)), page, after !== undefined)
    },
    structuralSharing: false,
    refetchInterval: live ? false : GROUP_CHAT_POLL_MS,
  })
  const earlier = useMutation({
    mutationFn: async () => {
      const oldest = queryClient.getQueryData<ChatThread>(messagesKey(id))?.messages[0]
      if (!oldest) return
      const page = await api.get('/groups/{id}/messages', { params: { id }, query: { before: oldest.id } })
      queryClient.setQueryData<ChatThread>(messagesKey(id), (held) => withEarlier(held, page))
    },
  })
  const send = useMutation({
    mutationFn: (body: { content: string; requestKey: string }) =>
      api.post('/groups/{id}/messages', { params: { id }, body }),
    onSuccess: (message) =>
      queryClient.setQueryData<ChatThread>(messagesKey(id), (held) =>
        held ? withLatest(held, { items: [message], hasEarlier: false }, true) : undefined,
      ),
  })
  return { messages, earlier, send }
}
