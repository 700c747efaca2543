import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { PlayDateDetail } from '../../../../domain/play-dates/play-date.schema'
import { api } from '../../../lib/api-client'
import { type ChatThread, latestMessageTime, withLatest } from '../../../lib/chat-thread'
import { playDateKeys, playDateQuery } from './play-date.query'

// The chat, oldest first. The first fetch loads the newest page; later ones ask only for what
// came after the newest message held and merge it in. Each answer is merged into the thread as it
// is when the answer arrives, so a page loaded meanwhile stays. A module of its own, without the
// chat's components: a navigation to a PlayDate asks for its chat with the tap
// (app/page-answers.ts), from the entry, which holds the chat's helpers already.
export const chatMessagesQuery = (queryClient: QueryClient, id: string) =>
  queryOptions({
    queryKey: playDateKeys.messages(id),
    queryFn: async ({ signal }) => {
      const held = queryClient.getQueryData<ChatThread>(playDateKeys.messages(id))
      const after = latestMessageTime(held?.messages ?? [])
      const page = await api.get('/play-dates/{id}/messages', { params: { id }, query: { after }, signal })
      const current = queryClient.getQueryData<ChatThread>(playDateKeys.messages(id))
      return withLatest(current, page, after !== undefined)
    },
    // Only whole merged threads are stored, so a poll never loses a message it already showed.
    structuralSharing: false,
  })

// A PlayDate's chat, once its PlayDate (asked for with the same tap, app/page-answers.ts) says the
// player is in it: the page shows the chat below the PlayDate, or beside it on a wide screen.
export async function prefetchChat(queryClient: QueryClient, id: string) {
  const playDate = await queryClient.ensureQueryData<PlayDateDetail>(playDateQuery(id)).catch(() => undefined)
  if (playDate?.viewer.canChat) await queryClient.prefetchQuery(chatMessagesQuery(queryClient, id))
}
