import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../domain/play-dates/play-date.schema'
import { latestMessageTime, liveStart, mergeMessages, withEarlier, withLatest } from './chat-thread'

const message = (id: string, createdAt: string, content = id): ChatMessage => ({
  id,
  userId: 'u1',
  firstName: 'Ann',
  photoUrl: null,
  lastName: 'Lee',
  content,
  createdAt,
})

describe('chat messages', () => {
  it('keeps one copy of a message fetched twice, oldest first', () => {
    const first = message('a', '2026-05-01T10:00:00.000Z')
    const second = message('b', '2026-05-01T10:00:01.000Z')
    const third = message('c', '2026-05-01T10:00:02.000Z')
    const merged = mergeMessages([first, second], [second, third])
    expect(merged.map((m) => m.id)).toEqual(['a', 'b', 'c'])
    expect(latestMessageTime(merged)).toBe('2026-05-01T09:59:32.000Z')
  })

  it('puts a message that arrives late in its place by time', () => {
    const merged = mergeMessages(
      [message('b', '2026-05-01T10:00:05.000Z')],
      [message('a', '2026-05-01T10:00:01.000Z')],
    )
    expect(merged.map((m) => m.id)).toEqual(['a', 'b'])
  })

  it('has no time to ask from before the first message', () => {
    expect(latestMessageTime([])).toBeUndefined()
    expect(mergeMessages([], [])).toEqual([])
  })

  describe('the thread, a page at a time', () => {
    const at = (second: number) => `2026-05-01T10:00:${String(second).padStart(2, '0')}.000Z`
    const m = (id: string, second: number) => message(id, at(second))

    it('starts from the newest page and knows whether more came before it', () => {
      const thread = withLatest(undefined, { items: [m('c', 3), m('d', 4)], hasEarlier: true }, false)
      expect(thread).toEqual({ messages: [m('c', 3), m('d', 4)], hasEarlier: true, firstLiveId: 'c' })
      expect(liveStart(thread)).toBe(0)
    })

    it('keeps what it knew of earlier messages when it catches up', () => {
      const first = withLatest(undefined, { items: [m('c', 3), m('d', 4)], hasEarlier: true }, false)
      const caughtUp = withLatest(first, { items: [m('d', 4), m('e', 5)], hasEarlier: false }, true)
      expect(caughtUp.messages.map((x) => x.id)).toEqual(['c', 'd', 'e'])
      expect(caughtUp.hasEarlier).toBe(true)
      expect(caughtUp.firstLiveId).toBe('c')
    })

    it('keeps a message sent while the first page was on its way', () => {
      const sent = { messages: [m('s', 9)], hasEarlier: false, firstLiveId: undefined }
      const first = withLatest(sent, { items: [m('a', 1), m('b', 2)], hasEarlier: false }, false)
      expect(first.messages.map((x) => x.id)).toEqual(['a', 'b', 's'])
      expect(first.firstLiveId).toBe('a')
    })

    it('starts over from a catch-up that could not reach the messages it held', () => {
      const first = withLatest(undefined, { items: [m('a', 1), m('b', 2)], hasEarlier: false }, false)
      const gap = withLatest(first, { items: [m('y', 50), m('z', 51)], hasEarlier: true }, true)
      expect(gap).toEqual({ messages: [m('y', 50), m('z', 51)], hasEarlier: true, firstLiveId: 'y' })
    })

    it('keeps the earlier pages when a catch-up of more than a page still reaches the messages held', () => {
      // A busy chat: more than a page came within the catch-up's look back, the newest held among them.
      const first = withLatest(undefined, { items: [m('c', 3), m('d', 4)], hasEarlier: true }, false)
      const back = withEarlier(first, { items: [m('a', 1), m('b', 2)], hasEarlier: false })
      const poll = withLatest(back, { items: [m('d', 4), m('e', 5)], hasEarlier: true }, true)
      expect(poll.messages.map((x) => x.id)).toEqual(['a', 'b', 'c', 'd', 'e'])
      expect(poll.hasEarlier).toBe(false)
      expect(liveStart(poll)).toBe(2)
    })

    it('puts an earlier page in front, apart from the live messages', () => {
      const first = withLatest(undefined, { items: [m('c', 3), m('d', 4)], hasEarlier: true }, false)
      const back = withEarlier(first, { items: [m('a', 1), m('b', 2)], hasEarlier: false })
      expect(back.messages.map((x) => x.id)).toEqual(['a', 'b', 'c', 'd'])
      expect(back.hasEarlier).toBe(false)
      expect(liveStart(back)).toBe(2)
      // A message that arrives afterwards joins the live ones.
      const later = withLatest(back, { items: [m('e', 5)], hasEarlier: false }, true)
      expect(later.messages.slice(liveStart(later)).map((x) => x.id)).toEqual(['c', 'd', 'e'])
    })

    it('shows an empty thread with nothing before it', () => {
      const empty = withLatest(undefined, { items: [], hasEarlier: false }, false)
      expect(empty).toEqual({ messages: [], hasEarlier: false, firstLiveId: undefined })
      expect(liveStart(empty)).toBe(0)
      const first = withLatest(empty, { items: [m('a', 1)], hasEarlier: false }, false)
      expect(liveStart(first)).toBe(0)
    })
  })
})
