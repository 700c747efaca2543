import { describe, expect, it } from 'vitest'
import { createTtlCache } from './ttl-cache'

describe('a value kept for a while', () => {
  it('is loaded once while fresh, shared by concurrent reads, and loaded again once stale', async () => {
    let now = new Date('2026-12-01T12:00:00Z')
    const cache = createTtlCache(() => now)
    let loads = 0
    const load = async () => ++loads
    expect(await Promise.all([cache.get('k', 60_000, load), cache.get('k', 60_000, load)])).toEqual([1, 1])
    now = new Date(now.getTime() + 59_999)
    expect(await cache.get('k', 60_000, load)).toBe(1)
    now = new Date(now.getTime() + 1)
    expect(await cache.get('k', 60_000, load)).toBe(2)
    expect(await cache.get('other', 60_000, load)).toBe(3)
  })

  it('keeps no failed load, and counts a clock moved back as stale', async () => {
    let now = new Date('2026-12-01T12:00:00Z')
    const cache = createTtlCache(() => now)
    await expect(cache.get('k', 60_000, () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.get('k', 60_000, async () => 'up')).toBe('up')
    now = new Date(now.getTime() - 1000)
    expect(await cache.get('k', 60_000, async () => 'again')).toBe('again')
  })
})
