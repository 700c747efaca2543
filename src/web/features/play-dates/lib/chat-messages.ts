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

// The time to ask for newer messages from. The server keeps finer times than the wire's
// milliseconds, so the newest message may come again: mergeMessages drops the copy.
export const latestMessageTime = (messages: readonly ChatMessage[]) => messages.at(-1)?.createdAt
