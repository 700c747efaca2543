import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../../../domain/play-dates/play-date.schema'
import { latestMessageTime, mergeMessages } from './chat-messages'

const message = (id: string, createdAt: string, content = id): ChatMessage => ({
  id,
  userId: 'u1',
  firstName: 'Ann',
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
})
