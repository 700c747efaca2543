import { describe, expect, it } from 'vitest'
import { formatRelativeTime } from './relative-time'

const now = new Date('2025-06-15T12:00:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms)
const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

describe('formatRelativeTime', () => {
  it('says Just now under a minute, including the very moment', () => {
    expect(formatRelativeTime(now, now)).toBe('Just now')
    expect(formatRelativeTime(ago(59 * SECOND), now)).toBe('Just now')
  })

  it('says Just now for a time slightly in the future', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5 * SECOND), now)).toBe('Just now')
  })

  it('counts whole minutes from one minute, singular and plural', () => {
    expect(formatRelativeTime(ago(MINUTE), now)).toBe('1 minute ago')
    expect(formatRelativeTime(ago(2 * MINUTE - 1), now)).toBe('1 minute ago')
    expect(formatRelativeTime(ago(2 * MINUTE), now)).toBe('2 minutes ago')
    expect(formatRelativeTime(ago(59 * MINUTE + 59 * SECOND), now)).toBe('59 minutes ago')
  })

  it('counts whole hours from sixty minutes up to a day', () => {
    expect(formatRelativeTime(ago(HOUR), now)).toBe('1 hour ago')
    expect(formatRelativeTime(ago(90 * MINUTE), now)).toBe('1 hour ago')
    expect(formatRelativeTime(ago(2 * HOUR), now)).toBe('2 hours ago')
    expect(formatRelativeTime(ago(24 * HOUR - 1), now)).toBe('23 hours ago')
  })

  it('shows the date from 24 hours on', () => {
    expect(formatRelativeTime(ago(24 * HOUR), now)).toBe('Jun 14, 2025')
    expect(formatRelativeTime('2024-12-25T12:00:00Z', now)).toBe('Dec 25, 2024')
  })

  it('accepts an ISO string as the server sends it', () => {
    expect(formatRelativeTime(ago(5 * MINUTE).toISOString(), now)).toBe('5 minutes ago')
  })
})
