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
  // A group's chat: the open chat of that group fetches again (the groups feature's listener).
  group: [],
  resync: ['notifications', 'connections', 'public-profile', 'home', 'groups'],
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

// The tabs of one browser share one stream (docs/decisions/0149-a-page-asks-for-its-data-at-once.md).
// Each stream holds one of the few connections a browser opens to a server over HTTP/1.1 (six in
// Chromium) for as long as its tab is open: with a stream per tab, six tabs held them all, and
// every request of any of them, a PlayDate's page's included, waited unsent for a tab to close.
// The tab that holds the lock opens the stream and passes each event, and whether the stream is
// open, to the other tabs over a channel; when it closes, the next tab in the lock's queue opens
// the stream. Another tab asks the server for its own opening event ('ready' or 'resync', about
// what it read since its load) with a stream that closes after that event.
const STREAM_LOCK = 'picklematch-live-events'
const STREAM_CHANNEL = 'picklematch-live-events'
type Relayed = { kind: 'event'; data: string } | { kind: 'connected'; value: boolean } | { kind: 'hello' }
const canShareStream = () =>
  typeof BroadcastChannel !== 'undefined' && typeof navigator !== 'undefined' && 'locks' in navigator

const streamUrl = (queryClient: QueryClient) => `/api/events?since=${pageReadSince(queryClient)}`
const RESYNC = JSON.stringify({ type: 'resync' })

// Mounted once in the signed-in layout.
export function LiveEvents() {
  const queryClient = useQueryClient()

  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    let source: EventSource | undefined
    let opening: EventSource | undefined
    let retryTimer: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    let stopped = false
    let leading = false
    let stopLeading = () => {}
    const quit = new AbortController()
    const relay = canShareStream() ? new BroadcastChannel(STREAM_CHANNEL) : null

    let schema: EventSchema | undefined
    // Events are read one at a time, in the order they came, the first that needs the schema
    // waiting for it.
    let reading = Promise.resolve()

    const showConnected = (value: boolean) => {
      setConnected(value)
      if (leading) relay?.postMessage({ kind: 'connected', value } satisfies Relayed)
    }

    const handle = (event: RealtimeEvent) => {
      invalidate(queryClient, event.type)
      for (const listener of listeners) listener(event)
      if (event.type === 'session-ended') {
        // Paused by an admin: say so, or the player just finds themselves signed out.
        if (event.reason === 'paused') toast.error(PAUSED_MESSAGE)
        stopped = true
        source?.close()
        opening?.close()
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
    // A listener that throws does not stop the events after it.
    const receive = (data: string) => {
      reading = reading.then(() => read(data)).catch((error: unknown) => console.error(error))
    }

    const connect = () => {
      if (stopped) return
      // Anything may have happened while the stream was not open: before its first opening too
      // (the page loaded its data, then waited for an idle moment to connect; a chat message sent
      // in between was in neither). The server says whether it did: its first event is 'resync'
      // (what is on screen fetches once more, and the pages that follow a resync are told) or
      // 'ready' (nothing to fetch: the page's answers are asked for once).
      source = new EventSource(streamUrl(queryClient), { withCredentials: true })
      source.onopen = () => {
        failures = 0
        showConnected(true)
      }
      source.onmessage = (message: MessageEvent<string>) => {
        relay?.postMessage({ kind: 'event', data: message.data } satisfies Relayed)
        receive(message.data)
      }
      source.onerror = () => {
        showConnected(false)
        // The browser retries by itself while readyState is CONNECTING; once CLOSED (an error
        // answer such as a lost session) it has given up, so try again later, more slowly.
        if (stopped || source?.readyState !== EventSource.CLOSED) return
        source.close()
        failures += 1
        const delay = Math.min(MAX_RECONNECT_DELAY_MS, 1000 * 2 ** Math.min(failures, 5))
        retryTimer = setTimeout(connect, delay)
      }
    }

    // This tab's stream, until the tab closes or the player signs out. A tab that had followed
    // another's stream opens it with `since` too: what it read since its load, events passed on
    // included, is what the server's 'ready' vouches for.
    const lead = () => {
      if (stopped) return Promise.resolve()
      leading = true
      opening?.close()
      opening = undefined
      showConnected(false)
      connect()
      return new Promise<void>((resolve) => {
        stopLeading = resolve
      })
    }

    // Another tab's stream brings the events. This tab asks for its own opening event, and waits
    // in the lock's queue to take the stream over.
    const follow = () => {
      if (stopped || !relay) return
      relay.postMessage({ kind: 'hello' } satisfies Relayed)
      opening = new EventSource(streamUrl(queryClient), { withCredentials: true })
      opening.onmessage = (message: MessageEvent<string>) => {
        opening?.close()
        opening = undefined
        receive(message.data)
      }
      // Without its opening event, the tab cannot tell what it missed: it fetches again.
      opening.onerror = () => {
        if (!opening) return
        opening.close()
        opening = undefined
        receive(RESYNC)
      }
      navigator.locks.request(STREAM_LOCK, { signal: quit.signal }, lead).catch(() => undefined)
    }

    if (relay) {
      relay.onmessage = (message: MessageEvent<Relayed>) => {
        if (stopped) return
        const relayed = message.data
        if (leading) {
          // A tab that has just started following asks whether the stream is open.
          if (relayed.kind === 'hello')
            relay.postMessage({ kind: 'connected', value: connected } satisfies Relayed)
          return
        }
        if (relayed.kind === 'event') receive(relayed.data)
        else if (relayed.kind === 'connected') setConnected(relayed.value)
      }
    }

    // The stream waits until the page is on screen and idle.
    const start = () => {
      if (!relay) return connect()
      // (A lock asked for only if free takes no abort signal: leaving lets it go, stopLeading.)
      navigator.locks
        .request(STREAM_LOCK, { ifAvailable: true }, (lock) => (lock ? lead() : follow()))
        .catch(() => {
          if (!leading) connect()
        })
    }
    const cancelStart = whenIdle(start)
    return () => {
      stopped = true
      cancelStart()
      quit.abort()
      stopLeading()
      clearTimeout(retryTimer)
      source?.close()
      opening?.close()
      if (leading) relay?.postMessage({ kind: 'connected', value: false } satisfies Relayed)
      relay?.close()
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
