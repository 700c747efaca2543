import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RealtimeEvent } from '../../domain/realtime/realtime-event'
import { EventQueue } from './realtime'

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
