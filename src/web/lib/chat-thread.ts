import { type QueryClient, type QueryKey, queryOptions } from '@tanstack/react-query'
import type { ChatMessage, ChatPage } from '../../domain/play-dates/play-date.schema'

// Messages fetched again (a poll that overlaps the last one, an event and a poll at once) are
// the same rows: keep one of each id, oldest first.
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[]
  const byId = new Map<string, ChatMessage>()
  for (const message of current) byId.set(message.id, message)
  for (const message of incoming) byId.set(message.id, message)
  return [...byId.values()].sort(
    (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id),
  )
}

// How far back each refetch looks again: a message is stamped when its transaction starts, so
// one that commits late can carry a time just before messages already shown.
export const CATCH_UP_MS = 30_000

// The time to ask for newer messages from: a little before the newest message held. Messages
// that come again are dropped by mergeMessages.
export function latestMessageTime(messages: readonly ChatMessage[]) {
  const newest = messages.at(-1)?.createdAt
  return newest === undefined ? undefined : new Date(Date.parse(newest) - CATCH_UP_MS).toISOString()
}

// The thread as the page holds it: the newest page first, then the pages before it that the
// player went back for, plus whatever arrived since.
export interface ChatThread {
  // Oldest first.
  messages: ChatMessage[]
  // More messages come before the first one held.
  hasEarlier: boolean
  // The oldest message of the first page loaded: the ones before it were loaded by going back,
  // and are not announced as they arrive.
  firstLiveId: string | undefined
}

// A newest page (the first load) or a catch-up (`after` a time) merged into the thread held. A
// catch-up says nothing about what came before the thread, so what the thread knew stays; but
// one that brought a full page and more (a phone asleep through a busy chat) without a message
// the thread holds did not reach them, so the thread starts over from it, and the ones between are
// read by going back. One that holds a message of the thread (a busy chat: more than a page within
// the catch-up's look back) reached it: nothing is missing between them.
export function withLatest(held: ChatThread | undefined, page: ChatPage, catchUp: boolean): ChatThread {
  if (held && catchUp && (!page.hasEarlier || reaches(held, page)))
    return { ...held, messages: mergeMessages(held.messages, page.items) }
  // The first load keeps a message sent while it was on its way; a catch-up with a gap keeps none.
  const kept = held && !catchUp ? held.messages : []
  const messages = mergeMessages(kept, page.items)
  return { messages, hasEarlier: page.hasEarlier, firstLiveId: messages[0]?.id }
}

// The page holds a message the thread holds too.
function reaches(held: ChatThread, page: ChatPage) {
  const heldIds = new Set(held.messages.map((message) => message.id))
  return page.items.some((message) => heldIds.has(message.id))
}

// The page before the oldest message held, put in front of it.
export function withEarlier(held: ChatThread | undefined, page: ChatPage): ChatThread {
  const messages = mergeMessages(held?.messages ?? [], page.items)
  return { messages, hasEarlier: page.hasEarlier, firstLiveId: held?.firstLiveId ?? messages[0]?.id }
}

// Where the messages loaded by going back end and the live ones begin.
export function liveStart(thread: ChatThread) {
  return Math.max(
    0,
    thread.messages.findIndex((message) => message.id === thread.firstLiveId),
  )
}

// A chat's query, oldest first (a PlayDate's, a group's): the first fetch loads the newest page
// (`read` with no time); later ones ask only for what came `after` the newest message held, each
// answer merged into the thread as it is when it arrives, so a page loaded meanwhile stays.
export function chatThreadQuery<Key extends QueryKey>(
  queryClient: QueryClient,
  queryKey: Key,
  read: (after: string | undefined, signal: AbortSignal) => Promise<ChatPage>,
) {
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => {
      const after = latestMessageTime(queryClient.getQueryData<ChatThread>(queryKey)?.messages ?? [])
      const page = await read(after, signal)
      return withLatest(queryClient.getQueryData<ChatThread>(queryKey), page, after !== undefined)
    },
    // Only whole merged threads are stored, so a poll never loses a message it already showed.
    structuralSharing: false,
  })
}
