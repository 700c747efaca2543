import { randomBytes } from 'node:crypto'
import { and, eq, gt } from 'drizzle-orm'
import type { RealtimeEvent } from '../../../domain/realtime/realtime-event'
import type { Db } from '../../db/client'
import { profiles, sessions } from '../../db/schema'
import type { EventSink } from '../../lib/event-stream'
import { EventQueue, type RealtimeHub } from '../../lib/realtime'

// A proxy may drop an idle connection after 30 to 60 s: a comment line keeps it busy. (An
// object, so a test can shorten it.)
export const streamTiming = { heartbeatMs: 25_000 }
// How long the browser waits before it reconnects after the stream drops.
export const RECONNECT_MS = 3_000

// Checked at every heartbeat, so a revoked or paused session does not keep its stream.
export async function isSessionLive(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ paused: profiles.isPaused })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.profileId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1)
  return row !== undefined && !row.paused
}

export interface EventStreamOptions {
  hub: RealtimeHub
  userId: string
  // The browser reconnected (it sent Last-Event-ID): it is told to refetch ('resync').
  resumed: boolean
  // When what the page shows was read (epoch ms, `?since=`): the first event says whether the
  // player had an event since then ('resync') or not ('ready'). Without it: 'ready'.
  since?: number | undefined
  // Whether the stream's session still holds; asked at every heartbeat and when the hub asks.
  sessionIsLive: () => Promise<boolean>
}

// One player's event stream, from its first event to its end: the player's events as they come,
// a heartbeat every 25 s with a session check, and 'session-ended' once the session is gone.
export async function runEventStream(stream: EventSink, options: EventStreamOptions) {
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
  // A password change or reset elsewhere asks for the session check now (checkUserSessions).
  // Asked while no wait is under way (the first event, a check running), the next wait is
  // skipped, so the request is never lost to the 25 s heartbeat.
  let checkAsked = false
  let wake: (() => void) | undefined
  const unsubscribe = options.hub.subscribe(options.userId, {
    push: (event) => queue.push(event),
    end: () => queue.end(),
    checkSession: () => {
      checkAsked = true
      wake?.()
    },
  })
  stream.onAbort(() => queue.end())
  // Asked right after subscribing, with nothing awaited in between: an event from now on comes
  // down the stream, an earlier one is in what the hub remembers.
  const first: RealtimeEvent['type'] =
    options.resumed || (options.since !== undefined && !options.hub.quietSince(options.userId, options.since))
      ? 'resync'
      : 'ready'

  // Until the next heartbeat, the end of the stream or a session check asked for.
  const nextTurn = async () => {
    let timer: ReturnType<typeof setTimeout> | undefined
    await Promise.race([
      finished,
      new Promise<void>((resolve) => {
        wake = resolve
        timer = setTimeout(resolve, streamTiming.heartbeatMs)
      }),
    ])
    wake = undefined
    clearTimeout(timer)
  }

  try {
    await stream.writeSSE({
      data: JSON.stringify({ type: first } satisfies RealtimeEvent),
      id: nextId(),
      retry: RECONNECT_MS,
    })
    while (!queue.isEnded) {
      if (!checkAsked) await nextTurn()
      checkAsked = false
      if (queue.isEnded) break
      if (!(await options.sessionIsLive())) {
        queue.push({ type: 'session-ended' })
        await finished
        break
      }
      await stream.write(': heartbeat\n\n')
    }
  } finally {
    unsubscribe()
    queue.end()
  }
}
