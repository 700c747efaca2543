import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { type ChatThread, withEarlier, withLatest } from '../../../lib/chat-thread'
import { useLiveConnected, useLiveEvent } from '../../../lib/live-events'
import { groupChatQuery, groupKeys } from './group.query'

// How often the chat catches up while the event stream is down, as a PlayDate's chat does.
const GROUP_CHAT_POLL_MS = 3000

// A group's chat (groupChatQuery). A 'group' event for this group fetches it at once; the poll is
// the fallback for when the stream is down. `enabled`: false stops it, for a group that turned out
// not to be there.
export function useGroupChat(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient()
  const live = useLiveConnected()
  const messagesKey = groupKeys.messages(id)
  useLiveEvent((event) => {
    if (event.type === 'group' && event.topic === id)
      void queryClient.invalidateQueries({ queryKey: messagesKey })
  })
  const messages = useQuery({
    ...groupChatQuery(queryClient, id),
    enabled,
    refetchInterval: live ? false : GROUP_CHAT_POLL_MS,
  })
  const earlier = useMutation({
    mutationFn: async () => {
      const oldest = queryClient.getQueryData<ChatThread>(messagesKey)?.messages[0]
      if (!oldest) return
      const page = await api.get('/groups/{id}/messages', { params: { id }, query: { before: oldest.id } })
      queryClient.setQueryData<ChatThread>(messagesKey, (held) => withEarlier(held, page))
    },
  })
  const send = useMutation({
    mutationFn: (body: { content: string; requestKey: string }) =>
      api.post('/groups/{id}/messages', { params: { id }, body }),
    onSuccess: (message) =>
      queryClient.setQueryData<ChatThread>(messagesKey, (held) =>
        held ? withLatest(held, { items: [message], hasEarlier: false }, true) : undefined,
      ),
  })
  return { messages, earlier, send }
}
