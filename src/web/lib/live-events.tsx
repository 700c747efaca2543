import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import type { RealtimeEvent } from '../../domain/realtime/realtime-event'
import { PAUSED_MESSAGE } from '../../domain/auth/auth.messages'
import { whenIdle } from './scheduling'
import { toast } from './toast'

// The event schema (zod) is fetched with the stream, not with the first page load.
const loadEventSchema = () => import('../../domain/realtime/realtime-event').then((m) => m.realtimeEvent)

// The live event stream of the signed-in player (GET /api/events). Events are signals to
// refetch: each kind marks the queries that show that state as stale, so what is on screen
// refetches at once and the rest on its next use. After a dropped connection the stream says
// 'resync'; every opening of the stream, the first included, counts as one too.

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

// Mounted once in the signed-in layout.
export function LiveEvents() {
  const queryClient = useQueryClient()

  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    let source: EventSource | undefined
    let retryTimer: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    let stopped = false

    let schema: Awaited<ReturnType<typeof loadEventSchema>> | undefined

    const connect = async () => {
      schema ??= await loadEventSchema().catch(() => undefined)
      if (!schema || stopped) {
        if (!stopped) retryTimer = setTimeout(() => void connect(), MAX_RECONNECT_DELAY_MS)
        return
      }
      const realtimeEvent = schema
      source = new EventSource('/api/events', { withCredentials: true })
      source.onopen = () => {
        // Anything may have happened while the stream was not open: after a drop, and before its
        // first opening too (the page loaded its data, then waited for an idle moment to connect;
        // a chat message sent in between was in neither). What is on screen fetches once more,
        // and the pages that follow a resync are told.
        invalidate(queryClient, 'resync')
        for (const listener of listeners) listener({ type: 'resync' })
        failures = 0
        setConnected(true)
      }
      source.onmessage = (message: MessageEvent<string>) => {
        let event: RealtimeEvent
        try {
          event = realtimeEvent.parse(JSON.parse(message.data))
        } catch {
          return
        }
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
      source.onerror = () => {
        setConnected(false)
        // The browser retries by itself while readyState is CONNECTING; once CLOSED (an error
        // answer such as a lost session) it has given up, so try again later, more slowly.
        if (stopped || source?.readyState !== EventSource.CLOSED) return
        source.close()
        failures += 1
        const delay = Math.min(MAX_RECONNECT_DELAY_MS, 1000 * 2 ** Math.min(failures, 5))
        retryTimer = setTimeout(() => void connect(), delay)
      }
    }

    // The stream (and the event schema, with zod) waits until the page is on screen and idle.
    const cancelConnect = whenIdle(() => void connect())
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
