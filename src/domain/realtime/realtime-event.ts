import { z } from 'zod'
import { countAsOf, latestCount } from '../notifications/notification.schema'

// What the server pushes down the event stream. Events are signals to refetch: the state they
// talk about lives in the database, so a missed event is repaired by a refetch (`resync`).
export const realtimeEvent = z.discriminatedUnion('type', [
  // The player's notifications changed; the count is the unread total after the change, read
  // at `asOf` (see `latestCount`).
  z.object({ type: z.literal('notification'), unreadCount: z.number().int().min(0), asOf: countAsOf }),
  // A connection of the player was created, answered or removed.
  z.object({ type: z.literal('connection') }),
  // A PlayDate of the player changed: a chat message, an application, its status. `topic` is
  // the PlayDate id.
  z.object({ type: z.literal('playdate'), topic: z.string() }),
  // A group of the player has a new chat message. `topic` is the group id.
  z.object({ type: z.literal('group'), topic: z.string() }),
  // The player's sessions ended (paused, signed out everywhere): the stream closes after this.
  // `reason` says when it was a pause, so the page can tell the player why.
  z.object({ type: z.literal('session-ended'), reason: z.enum(['paused']).optional() }),
  // The first event of a new stream.
  z.object({ type: z.literal('ready') }),
  // The first event of a resumed stream (Last-Event-ID), or sent when events had to be
  // dropped or the server's own LISTEN was lost for a while: some may have been missed, so
  // refetch everything that is shown.
  z.object({ type: z.literal('resync') }),
])
export type RealtimeEvent = z.infer<typeof realtimeEvent>
export type RealtimeEventType = RealtimeEvent['type']

// Two queued events with the same key say the same thing; only the latest is sent. An event
// about one thing (a PlayDate's chat, say) carries a `topic` so events about others survive.
export function coalesceKeyOf(event: RealtimeEvent): string {
  const topic = (event as { topic?: unknown }).topic
  return typeof topic === 'string' ? `${event.type}:${topic}` : event.type
}

// Of two events with the same key, the one to send: the one that arrived last, except that of two
// unread counts it is the one read last (`latestCount`), whichever arrived last.
export function coalesceEvents(queued: RealtimeEvent | undefined, arrived: RealtimeEvent): RealtimeEvent {
  if (queued?.type !== 'notification' || arrived.type !== 'notification') return arrived
  const queuedCount = { count: queued.unreadCount, asOf: queued.asOf }
  const kept = latestCount(queuedCount, { count: arrived.unreadCount, asOf: arrived.asOf })
  return kept === queuedCount ? queued : arrived
}
