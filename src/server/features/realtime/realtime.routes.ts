import { requestLog } from '../../app-env'
import { randomBytes } from 'node:crypto'
import { createRoute, z } from '@hono/zod-openapi'
import { and, eq, gt } from 'drizzle-orm'
import { streamSSE } from 'hono/streaming'
import { AppError } from '../../../domain/errors'
import type { RealtimeEvent } from '../../../domain/realtime/realtime-event'
import { createApi } from '../../app-factory'
import type { Db } from '../../db/client'
import { profiles, sessions } from '../../db/schema'
import { EventQueue } from '../../lib/realtime'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, errorSchema, jsonContent } from '../../openapi'

// A proxy may drop an idle connection after 30 to 60 s: a comment line keeps it busy. (An
// object, so a test can shorten it.)
export const streamTiming = { heartbeatMs: 25_000 }
// How long the browser waits before it reconnects after the stream drops.
export const RECONNECT_MS = 3_000
// Open streams per player on one server instance: a browser holds one per open tab (and no
// more than 6 connections to one host over HTTP/1.1), so this is generous for phones, laptops
// and tabs together, while a script that opens streams without end cannot fill the memory.
export const MAX_STREAMS_PER_PLAYER = 10
export const LIVE_UPDATES_UNAVAILABLE = 'Live updates are unavailable right now'
export const TOO_MANY_STREAMS =
  'Live updates are already open in too many windows. Close one to get them here.'

// Checked at every heartbeat, so a revoked or paused session does not keep its stream.
async function isSessionLive(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ paused: profiles.isPaused })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.profileId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1)
  return row !== undefined && !row.paused
}

const streamEvents = createRoute({
  method: 'get',
  path: '/events',
  operationId: 'streamEvents',
  tags: ['realtime'],
  summary: 'Live events for the signed-in player (Server-Sent Events)',
  description:
    'Each event is an unnamed SSE message whose data is JSON `{ type, ... }`: `ready` (new stream), ' +
    '`resync` (resumed with Last-Event-ID, or events were dropped: refetch what is shown), ' +
    '`notification` (with `unreadCount` and `asOf`, when it was read), `connection`, `session-ended` (the stream then closes). ' +
    'At most 10 events per second; a comment line every 25 s. ' +
    `At most ${MAX_STREAMS_PER_PLAYER} open streams per player on a server instance; another is refused with 429.`,
  ...access.user,
  middleware: [requireUser] as const,
  request: {
    headers: z.object({ 'last-event-id': z.string().max(200).optional() }),
  },
  responses: {
    200: {
      description: 'An endless event stream',
      content: { 'text/event-stream': { schema: z.string() } },
    },
    ...errorResponses(401, 403, 429),
    503: jsonContent(
      errorSchema,
      'Live updates are unavailable (the instance is stopping, or cannot listen)',
    ),
  },
})

export const realtimeRoutes = createApi().openapi(streamEvents, async (c) => {
  const { realtime: hub } = c.get('deps')
  const user = c.get('user')
  const tokenHash = c.get('session')?.tokenHash
  if (!tokenHash) throw new AppError('unauthenticated', 'Please sign in to continue')
  try {
    await hub.start()
  } catch (error) {
    requestLog(c).error({ err: error }, 'realtime listen failed')
    throw new AppError('unavailable', LIVE_UPDATES_UNAVAILABLE)
  }
  const resumed = c.req.valid('header')['last-event-id'] !== undefined
  // From these checks to the subscription below nothing awaits (streamSSE runs its callback at
  // once, up to its first await), so requests sent together cannot pass them all.
  // A stopping instance starts no stream: the browser tries again, on another instance.
  if (hub.isClosing) throw new AppError('unavailable', LIVE_UPDATES_UNAVAILABLE)
  if (hub.streamCount(user.id) >= MAX_STREAMS_PER_PLAYER) throw new AppError('rate_limited', TOO_MANY_STREAMS)

  return streamSSE(c, async (stream) => {
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
    const unsubscribe = hub.subscribe(user.id, {
      push: (event) => queue.push(event),
      end: () => queue.end(),
      checkSession: () => {
        checkAsked = true
        wake?.()
      },
    })
    stream.onAbort(() => queue.end())

    try {
      await stream.writeSSE({
        data: JSON.stringify({ type: resumed ? 'resync' : 'ready' } satisfies RealtimeEvent),
        id: nextId(),
        retry: RECONNECT_MS,
      })
      while (!queue.isEnded) {
        if (!checkAsked) {
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
        checkAsked = false
        if (queue.isEnded) break
        const live = await isSessionLive(c.get('db'), tokenHash, c.get('deps').clock.now()).catch(
          (error: unknown) => {
            // A database hiccup is no reason to drop the player's stream.
            requestLog(c).warn({ err: error }, 'session check on the event stream failed')
            return true
          },
        )
        if (!live) {
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
  })
})
