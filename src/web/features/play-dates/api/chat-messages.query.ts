import type { QueryClient } from '@tanstack/react-query'
import type { PlayDateDetail } from '../../../../domain/play-dates/play-date.schema'
import { api } from '../../../lib/api-client'
import { chatThreadQuery } from '../../../lib/chat-thread'
import { playDateKeys, playDateQuery } from './play-date.query'

// The chat (lib/chat-thread.ts). A module of its own, without the chat's components: a navigation
// to a PlayDate asks for its chat with the tap (app/page-answers.ts), from the entry, which holds
// the chat's helpers already.
export const chatMessagesQuery = (queryClient: QueryClient, id: string) =>
  chatThreadQuery(queryClient, playDateKeys.messages(id), (after, signal) =>
    api.get('/play-dates/{id}/messages', { params: { id }, query: { after }, signal }),
  )

// A PlayDate's chat, once its PlayDate (asked for with the same tap, app/page-answers.ts) says the
// player is in it: the page shows the chat below the PlayDate, or beside it on a wide screen.
export async function prefetchChat(queryClient: QueryClient, id: string) {
  const playDate = await queryClient.ensureQueryData<PlayDateDetail>(playDateQuery(id)).catch(() => undefined)
  if (playDate?.viewer.canChat) await queryClient.prefetchQuery(chatMessagesQuery(queryClient, id))
}
