import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RealtimeEvent } from '../../domain/realtime/realtime-event'
import type { Database } from '../db/client'
import type { Logger } from './logger'
import { EventQueue, heartbeatTiming, RealtimeHub } from './realtime'

let sent: Array<{ at: number; event: RealtimeEvent }>
let queue: EventQueue

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
  sent = []
  queue = new EventQueue({
    send: async (event) => {
      sent.push({ at: Date.now(), event })
    },
  })
})
afterEach(() => {
  queue.end()
  vi.useRealTimers()
})

const notification = (unreadCount: number): RealtimeEvent => ({
  type: 'notification',
  unreadCount,
  asOf: unreadCount,
})
const topical = (topic: string) => ({ type: 'connection', topic }) as RealtimeEvent

describe('EventQueue', () => {
  it('sends at most 10 events in any second and the rest as the window frees', async () => {
    for (let i = 0; i < 25; i++) queue.push(topical(`t${i}`))
    await vi.advanceTimersByTimeAsync(0)
    expect(sent).toHaveLength(10)
    await vi.advanceTimersByTimeAsync(999)
    expect(sent).toHaveLength(10)
    await vi.advanceTimersByTimeAsync(1)
    expect(sent).toHaveLength(20)
    await vi.advanceTimersByTimeAsync(1000)
    expect(sent).toHaveLength(25)
    for (let i = 10; i < sent.length; i++) expect(sent[i]!.at - sent[i - 10]!.at).toBeGreaterThanOrEqual(1000)
  })

  it('coalesces waiting events of the same kind: the latest wins, in the first one’s place', async () => {
    for (let i = 0; i < 10; i++) queue.push(topical(`t${i}`))
    await vi.advanceTimersByTimeAsync(0)
    queue.push(notification(1))
    queue.push(topical('other'))
    queue.push(notification(2))
    queue.push(notification(3))
    await vi.advanceTimersByTimeAsync(1000)
    expect(sent.slice(10).map((s) => s.event)).toEqual([notification(3), topical('other')])
  })

  it('keeps, of two waiting unread counts, the one read last, whichever arrived last', async () => {
    for (let i = 0; i < 10; i++) queue.push(topical(`t${i}`))
    await vi.advanceTimersByTimeAsync(0)
    queue.push(notification(2))
    // Read before the 2, published after it (two writes at once).
    queue.push({ type: 'notification', unreadCount: 1, asOf: 1 })
    await vi.advanceTimersByTimeAsync(1000)
    expect(sent.slice(10).map((s) => s.event)).toEqual([notification(2)])
  })

  it('replaces a pile of different waiting events with one resync', async () => {
    for (let i = 0; i < 10; i++) queue.push(topical(`t${i}`))
    await vi.advanceTimersByTimeAsync(0)
    for (let i = 0; i < 80; i++) queue.push(topical(`late${i}`))
    queue.push(notification(5))
    await vi.advanceTimersByTimeAsync(1000)
    expect(sent.slice(10).map((s) => s.event)).toEqual([{ type: 'resync' }])
  })

  it('sends session-ended at once, past the limit and the queue, and then nothing more', async () => {
    let ended = false
    queue = new EventQueue({
      send: async (event) => {
        sent.push({ at: Date.now(), event })
      },
      onEnd: () => {
        ended = true
      },
    })
    for (let i = 0; i < 15; i++) queue.push(topical(`t${i}`))
    await vi.advanceTimersByTimeAsync(0)
    queue.push({ type: 'session-ended' })
    await vi.advanceTimersByTimeAsync(0)
    expect(sent).toHaveLength(11)
    expect(sent.at(-1)!.event).toEqual({ type: 'session-ended' })
    expect(ended).toBe(true)
    queue.push(notification(1))
    await vi.advanceTimersByTimeAsync(5000)
    expect(sent).toHaveLength(11)
  })

  it('stops when sending fails (the browser went away)', async () => {
    queue = new EventQueue({
      send: async () => {
        throw new Error('closed')
      },
    })
    queue.push(notification(1))
    await vi.advanceTimersByTimeAsync(0)
    expect(queue.isEnded).toBe(true)
  })
})

describe('the hub’s heartbeat', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const hubOf = () => new RealtimeHub({} as Database, { info: () => undefined } as unknown as Logger)
  const subscriber = (beats: number[], n: number) => ({
    push: () => undefined,
    end: () => undefined,
    heartbeat: () => beats.push(n),
  })

  it('beats every stream once per interval, spread over it, from one timer that stops with the last stream', async () => {
    const hub = hubOf()
    const beats: number[] = []
    const unsubscribe = Array.from({ length: 50 }, (_, n) =>
      hub.subscribe(`player-${n % 7}`, subscriber(beats, n)),
    )
    expect(vi.getTimerCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(heartbeatTiming.intervalMs / 25)
    // One slice of the 25: two of the 50 streams.
    expect(beats).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(heartbeatTiming.intervalMs - heartbeatTiming.intervalMs / 25)
    expect([...beats].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, n) => n))
    for (const done of unsubscribe) done()
    expect(vi.getTimerCount()).toBe(0)
    await vi.advanceTimersByTimeAsync(heartbeatTiming.intervalMs)
    expect(beats).toHaveLength(50)
  })
})
