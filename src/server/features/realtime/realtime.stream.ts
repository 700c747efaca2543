import { randomBytes } from 'node:crypto'
import type { RealtimeEvent } from '../../../domain/realtime/realtime-event'
import type { Clock } from '../../lib/clock'
import type { EventSink } from '../../lib/event-stream'
import { EventQueue, type RealtimeHub } from '../../lib/realtime'

// How long the browser waits before it reconnects after the stream drops.
export const RECONNECT_MS = 3_000
// A session check that failed (the database out of reach) is tried again this much later.
export const CHECK_RETRY_MS = 30_000

export interface EventStreamOptions {
  hub: RealtimeHub
  clock: Clock
  userId: string
  // The browser reconnected (it sent Last-Event-ID): it is told to refetch ('resync').
  resumed: boolean
  // When what the page shows was read (epoch ms, `?since=`): the first event says whether the
  // player had an event since then ('resync') or not ('ready'). Without it: 'ready'.
  since?: number | undefined
  // When the stream's session ends unless used again, as the request that opened it read it.
  sessionEndsAt: Date
  // Reads that again: when the session ends now, or null once it has ended (signed out, revoked,
  // expired, its player paused). Throws when it cannot tell.
  readSessionEnd: () => Promise<Date | null>
  onCheckFailed: (error: unknown) => void
}

// One player's event stream, from its first event to its end: the player's events as they come,
// and 'session-ended' once the session is gone. An idle stream does no work of its own: its
// heartbeat comes from the hub's one timer, and its session is read again only when the hub asks
// (a sign-out, a password change or reset, on any instance: checkUserSessions) and when the
// session would expire (a timer on the clock: a session used meanwhile was renewed, and the timer
// is set again for its new end). A pause ends the stream through the hub (endUserStreams).
export async function runEventStream(stream: EventSink, options: EventStreamOptions) {
  const { clock } = options
  // Ids only have to be unique per stream: reconnecting means "refetch", not "replay".
  const prefix = randomBytes(4).toString('hex')
  let counter = 0
  const nextId = () => `${prefix}-${++counter}`

  let finish: () => void = () => undefined
  const finished = new Promise<void>((resolve) => {
    finish = resolve
  })

  const send = (event: RealtimeEvent) => stream.writeSSE({ data: JSON.stringify(event), id: nextId() })
  const queue = new EventQueue({ send, onEnd: () => finish() })

  let cancelTimer: () => void = () => undefined
  const checkAt = (when: Date) => {
    cancelTimer()
    cancelTimer = queue.isEnded ? () => undefined : clock.at(when, () => void check())
  }
  // One check at a time; one asked while another runs follows it (it may have read too early).
  let checking = false
  let askedAgain = false
  const check = async () => {
    if (checking) {
      askedAgain = true
      return
    }
    checking = true
    try {
      do {
        askedAgain = false
        if (queue.isEnded) return
        let endsAt: Date | null
        try {
          endsAt = await options.readSessionEnd()
        } catch (error) {
          // A database hiccup is no reason to drop the player's stream: it is checked again soon.
          options.onCheckFailed(error)
          checkAt(new Date(clock.now().getTime() + CHECK_RETRY_MS))
          continue
        }
        if (endsAt) checkAt(endsAt)
        else {
          cancelTimer()
          queue.push({ type: 'session-ended' })
        }
      } while (askedAgain)
    } finally {
      checking = false
    }
  }

  const unsubscribe = options.hub.subscribe(options.userId, {
    push: (event) => queue.push(event),
    end: () => queue.end(),
    checkSession: () => void check(),
    heartbeat: () => stream.heartbeat(),
  })
  stream.onAbort(() => queue.end())
  // Asked right after subscribing, with nothing awaited in between: an event from now on comes
  // down the stream, an earlier one is in what the hub remembers.
  const first: RealtimeEvent['type'] =
    options.resumed || (options.since !== undefined && !options.hub.quietSince(options.userId, options.since))
      ? 'resync'
      : 'ready'

  try {
    checkAt(options.sessionEndsAt)
    await stream.writeSSE({
      data: JSON.stringify({ type: first } satisfies RealtimeEvent),
      id: nextId(),
      retry: RECONNECT_MS,
    })
    await finished
  } finally {
    cancelTimer()
    unsubscribe()
    queue.end()
  }
}
