import { logMadeOnDemand, requestLog } from '../../app-env'
import { createRoute, z } from '@hono/zod-openapi'
import { AppError } from '../../../domain/errors'
import { createApi } from '../../app-factory'
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { type EventSink, eventStream, nodeResponseOf } from '../../lib/event-stream'
import type { Logger } from '../../lib/logger'
import type { RealtimeHub } from '../../lib/realtime'
import { requireUser } from '../../middleware/require-user'
import { addResponseHeaders } from '../../middleware/response-headers'
import { access, errorResponses, errorSchema, jsonContent } from '../../openapi'
import { sessionEndsAt } from '../auth'
import { runEventStream } from './realtime.stream'

// Open streams per player on one server instance: a browser holds one per open tab (and no
// more than 6 connections to one host over HTTP/1.1), so this is generous for phones, laptops
// and tabs together, while a script that opens streams without end cannot fill the memory.
export const MAX_STREAMS_PER_PLAYER = 10
export const LIVE_UPDATES_UNAVAILABLE = 'Live updates are unavailable right now'
export const TOO_MANY_STREAMS =
  'Live updates are already open in too many windows. Close one to get them here.'

const streamEvents = createRoute({
  method: 'get',
  path: '/events',
  operationId: 'streamEvents',
  tags: ['realtime'],
  summary: 'Live events for the signed-in player (Server-Sent Events)',
  description:
    'Each event is an unnamed SSE message whose data is JSON `{ type, ... }`: `ready` (new stream; with `since`, ' +
    'also: the player had no event since then), ' +
    '`resync` (resumed with Last-Event-ID, an event since `since` or `since` too old to tell, or events were dropped: refetch what is shown), ' +
    '`notification` (with `unreadCount` and `asOf`, when it was read), `connection`, `session-ended` (the stream then closes). ' +
    'At most 10 events per second; a comment line every 25 s. ' +
    `At most ${MAX_STREAMS_PER_PLAYER} open streams per player on a server instance; another is refused with 429.`,
  ...access.user,
  middleware: [requireUser] as const,
  request: {
    headers: z.object({ 'last-event-id': z.string().max(200).optional() }),
    query: z.object({
      since: z.coerce
        .number()
        .int()
        .min(0)
        .max(Number.MAX_SAFE_INTEGER)
        .optional()
        .openapi({
          description:
            "When what the page shows was read (milliseconds since 1970 by the server's clock, as its Date header gives it): " +
            'the first event is `ready` if the player had no event since then, else `resync`.',
          example: 1790000000000,
        }),
    }),
  },
  responses: {
    200: {
      description: 'An endless event stream',
      content: { 'text/event-stream': { schema: z.string() } },
    },
    ...errorResponses(400, 401, 403, 429),
    503: jsonContent(
      errorSchema,
      'Live updates are unavailable (the instance is stopping, or cannot listen)',
    ),
  },
})

export const realtimeRoutes = createApi().openapi(streamEvents, async (c) => {
  const { realtime: hub } = c.get('deps')
  const user = c.get('user')
  const session = c.get('session')
  if (!session) throw new AppError('unauthenticated', 'Please sign in to continue')
  // A HEAD request reads no body: it hears what a stream would answer with, and neither a stream
  // nor the instance's listening is started for it.
  if (c.req.method === 'HEAD') return c.body(null, 200, { 'content-type': 'text/event-stream' })
  try {
    await hub.start()
  } catch (error) {
    requestLog(c).error({ err: error }, 'realtime listen failed')
    throw new AppError('unavailable', LIVE_UPDATES_UNAVAILABLE)
  }
  const resumed = c.req.valid('header')['last-event-id'] !== undefined
  // From these checks to the subscription below nothing awaits (eventStream runs its callback at
  // once, up to its first await), so requests sent together cannot pass them all.
  // A stopping instance starts no stream: the browser tries again, on another instance.
  if (hub.isClosing) throw new AppError('unavailable', LIVE_UPDATES_UNAVAILABLE)
  if (hub.streamCount(user.id) >= MAX_STREAMS_PER_PLAYER) throw new AppError('rate_limited', TOO_MANY_STREAMS)

  // Written straight to Node's response (lib/event-stream.ts): an app not served by Node has none.
  const outgoing = nodeResponseOf(c)
  if (!outgoing) throw new AppError('unavailable', LIVE_UPDATES_UNAVAILABLE)
  // The headers the answer would carry: what the request set (a renewed session's cookie), then
  // those of every response.
  const headers = new Headers(c.newResponse(null).headers)
  addResponseHeaders(headers, c.get('commonHeaders'), c.get('requestId'))

  const lazyLog = logMadeOnDemand(c.get('deps').logger, c.get('requestId'))
  // The stream outlives the request by hours: its closures hold only what they use, never the
  // request's context (with it, each idle stream kept the whole request alive, about a third
  // of what a stream held: bench/notes.md, "Idle streams").
  return eventStream(
    outgoing,
    headers,
    streamOf({
      hub,
      clock: c.get('deps').clock,
      db: c.get('db'),
      userId: user.id,
      resumed,
      since: c.req.valid('query').since,
      tokenHash: session.tokenHash,
      sessionEndsAt: session.endsAt,
      log: lazyLog,
    }),
    (error) => lazyLog().error({ err: error }, 'event stream failed'),
  )
})

interface StreamParts {
  hub: RealtimeHub
  clock: Clock
  db: Db
  userId: string
  resumed: boolean
  since: number | undefined
  tokenHash: string
  sessionEndsAt: Date
  // The request's logger, made when first needed: most streams never log.
  log: () => Logger
}

// Made outside the route handler, so that what the stream keeps is these parts alone.
function streamOf(parts: StreamParts) {
  const { db, tokenHash, clock, log } = parts
  return (stream: EventSink) =>
    runEventStream(stream, {
      hub: parts.hub,
      clock,
      userId: parts.userId,
      resumed: parts.resumed,
      since: parts.since,
      sessionEndsAt: parts.sessionEndsAt,
      readSessionEnd: () => sessionEndsAt(db, tokenHash, clock.now()),
      onCheckFailed: (error) => log().warn({ err: error }, 'session check on the event stream failed'),
    })
}
