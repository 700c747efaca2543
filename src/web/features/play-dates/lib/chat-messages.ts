import type { ChatMessage } from '../../../../domain/play-dates/play-date.schema'

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
