import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import type { RealtimeEvent } from '../../domain/realtime/realtime-event'
import { PAUSED_MESSAGE } from '../../domain/auth/auth.messages'
import { whenIdle } from './scheduling'
import { serverTimeNoLaterThan } from './server-clock'
import { toast } from './toast'

// The event schema (zod) is fetched with the first event that needs it, not with the first page
// load, nor when the stream opens: building zod's schemas is a pause of tens of milliseconds on a
// phone, and a stream's opening event ('ready', or 'resync') is read without it.
const loadEventSchema = () => import('../../domain/realtime/realtime-event').then((m) => m.realtimeEvent)
type EventSchema = Awaited<ReturnType<typeof loadEventSchema>>

const isOpeningEvent = (value: unknown): value is { type: 'ready' | 'resync' } =>
  typeof value === 'object' &&
  value !== null &&
  Object.keys(value).length === 1 &&
  ((value as { type?: unknown }).type === 'ready' || (value as { type?: unknown }).type === 'resync')

// The live event stream of the signed-in player (GET /api/events). Events are signals to
// refetch: each kind marks the queries that show that state as stale, so what is on screen
// refetches at once and the rest on its next use. After a dropped connection the stream says
// 'resync'. It opens with `since`, when what the page shows was read: its first event is 'ready'
// when the player had no event since then, and 'resync' when they had one, or when the server
// cannot tell (docs/decisions/0124-a-stream-that-opens-quiet.md).

type Listener = (event: RealtimeEvent) => void
const listeners = new Set<Listener>()

// Whether the stream is open right now: pages poll only while it is not.
let connected = false
const statusListeners = new Set<() => void>()
function setConnected(value: boolean) {
  if (connected === value) return
  connected = value
  for (const listener of statusListeners) listener()
}

export function useLiveConnected() {
  return useSyncExternalStore(
    (onChange) => {
      statusListeners.add(onChange)
      return () => statusListeners.delete(onChange)
    },
    () => connected,
    () => false,
  )
}

// Query key roots each kind of event makes stale. The dashboard's 'home' follows PlayDate,
// notification and connection changes (docs/decisions/0090-home-whats-next.md).
const staleRoots: Record<RealtimeEvent['type'], string[]> = {
  ready: [],
  notification: ['notifications', 'home'],
  connection: ['connections', 'public-profile', 'home'],
  playdate: ['play-dates', 'home'],
  resync: ['notifications', 'connections', 'public-profile', 'home'],
  // The server ended the session (pause, sign-out everywhere): the session query finds out.
  'session-ended': ['auth'],
}

function invalidate(queryClient: QueryClient, type: RealtimeEvent['type']) {
  for (const root of staleRoots[type]) void queryClient.invalidateQueries({ queryKey: [root] })
}

const MAX_RECONNECT_DELAY_MS = 30_000

// When what the page shows was read, by the server's clock and no later: every answer of this
// page was asked for after its load began (`performance.timeOrigin`). 0 (the server then says
// 'resync') while the server's clock is unknown, or when the page shows an answer from before
// its load (the views kept for offline, restored). Events the stream missed while it was down
// are among those since then too: a stream that opens again asks the same way.
function pageReadSince(queryClient: QueryClient): number {
  const loadedAt = performance.timeOrigin
  const shownFromBefore = queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < loadedAt)
  return (shownFromBefore ? undefined : serverTimeNoLaterThan(loadedAt)) ?? 0
}

// Mounted once in the signed-in layout.
export function LiveEvents() {
  const queryClient = useQueryClient()

  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    let source: EventSource | undefined
    let retryTimer: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    let stopped = false

    let schema: EventSchema | undefined
    // Events are read one at a time, in the order they came, the first that needs the schema
    // waiting for it.
    let reading = Promise.resolve()

    const handle = (event: RealtimeEvent) => {
      invalidate(queryClient, event.type)
      for (const listener of listeners) listener(event)
      if (event.type === 'session-ended') {
        // Paused by an admin: say so, or the player just finds themselves signed out.
        if (event.reason === 'paused') toast.error(PAUSED_MESSAGE)
        stopped = true
        source?.close()
        setConnected(false)
      }
    }

    const read = async (data: string) => {
      let value: unknown
      try {
        value = JSON.parse(data)
      } catch {
        return
      }
      let event: RealtimeEvent
      if (isOpeningEvent(value)) event = value
      else {
        try {
          schema ??= await loadEventSchema()
        } catch {
          // The schema could not be fetched (the network): whatever the event said, what is on
          // screen fetches again. The next event tries the schema again.
          if (!stopped) handle({ type: 'resync' })
          return
        }
        const parsed = schema.safeParse(value)
        if (!parsed.success) return
        event = parsed.data
      }
      if (!stopped) handle(event)
    }

    const connect = () => {
      if (stopped) return
      // Anything may have happened while the stream was not open: before its first opening too
      // (the page loaded its data, then waited for an idle moment to connect; a chat message sent
      // in between was in neither). The server says whether it did: its first event is 'resync'
      // (what is on screen fetches once more, and the pages that follow a resync are told) or
      // 'ready' (nothing to fetch: the page's answers are asked for once).
      source = new EventSource(`/api/events?since=${pageReadSince(queryClient)}`, { withCredentials: true })
      source.onopen = () => {
        failures = 0
        setConnected(true)
      }
      source.onmessage = (message: MessageEvent<string>) => {
        // A listener that throws does not stop the events after it.
        reading = reading.then(() => read(message.data)).catch((error: unknown) => console.error(error))
      }
      source.onerror = () => {
        setConnected(false)
        // The browser retries by itself while readyState is CONNECTING; once CLOSED (an error
        // answer such as a lost session) it has given up, so try again later, more slowly.
        if (stopped || source?.readyState !== EventSource.CLOSED) return
        source.close()
        failures += 1
        const delay = Math.min(MAX_RECONNECT_DELAY_MS, 1000 * 2 ** Math.min(failures, 5))
        retryTimer = setTimeout(connect, delay)
      }
    }

    // The stream waits until the page is on screen and idle.
    const cancelConnect = whenIdle(connect)
    return () => {
      stopped = true
      cancelConnect()
      clearTimeout(retryTimer)
      source?.close()
      setConnected(false)
    }
  }, [queryClient])

  return null
}

// Runs `listener` for every live event while the calling component is mounted.
export function useLiveEvent(listener: Listener) {
  const latest = useRef(listener)
  useEffect(() => {
    latest.current = listener
  })
  useEffect(() => {
    const forward: Listener = (event) => latest.current(event)
    listeners.add(forward)
    return () => {
      listeners.delete(forward)
    }
  }, [])
}
