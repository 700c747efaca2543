import { describe, expect, it } from 'vitest'
import { ExactCache } from './exact-cache'

describe('ExactCache', () => {
  it('keeps what was read, and forgets everything when cleared', () => {
    const cache = new ExactCache<string>(10)
    cache.set('a', 'one', cache.generation)
    expect(cache.get('a')).toBe('one')
    cache.clear()
    expect(cache.get('a')).toBeUndefined()
  })

  it('does not keep a read that was under way when the data changed', () => {
    const cache = new ExactCache<string>(10)
    const before = cache.generation
    cache.clear()
    cache.set('a', 'read before the change', before)
    expect(cache.get('a')).toBeUndefined()
    cache.set('a', 'read after it', cache.generation)
    expect(cache.get('a')).toBe('read after it')
  })

  it('drops the least recently used entry past its size', () => {
    const cache = new ExactCache<number>(2)
    cache.set('a', 1, cache.generation)
    cache.set('b', 2, cache.generation)
    cache.get('a')
    cache.set('c', 3, cache.generation)
    expect(cache.size).toBe(2)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBe(1)
    expect(cache.get('c')).toBe(3)
  })
  it('forgets one key, and keeps no read under way when that key changed', () => {
    const cache = new ExactCache<string>(10)
    cache.set('a', 'one', cache.generation)
    cache.set('b', 'two', cache.generation)
    const before = cache.generation
    cache.forget('a')
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('b')).toBe('two')
    cache.set('a', 'read before the change', before)
    expect(cache.get('a')).toBeUndefined()
  })

  it('forgets a group’s keys together, and keeps no read under way when the group changed', () => {
    const cache = new ExactCache<{ player: string }>(3, (value) => value.player)
    cache.set('a1', { player: 'a' }, cache.generation)
    cache.set('a2', { player: 'a' }, cache.generation)
    cache.set('b1', { player: 'b' }, cache.generation)
    const before = cache.generation
    cache.forgetGroup('a')
    expect(cache.get('a1')).toBeUndefined()
    expect(cache.get('a2')).toBeUndefined()
    expect(cache.get('b1')).toEqual({ player: 'b' })
    cache.set('a1', { player: 'a' }, before)
    expect(cache.get('a1')).toBeUndefined()
  })

  it('takes a key out of its group when it is dropped, replaced or forgotten', () => {
    const cache = new ExactCache<{ player: string }>(2, (value) => value.player)
    cache.set('a1', { player: 'a' }, cache.generation)
    cache.set('b1', { player: 'b' }, cache.generation)
    // Past its size: a1 goes, least recently used.
    cache.set('b2', { player: 'b' }, cache.generation)
    expect(cache.get('a1')).toBeUndefined()
    // Kept again for another player: forgetting the first player leaves it.
    cache.set('b1', { player: 'c' }, cache.generation)
    cache.forgetGroup('b')
    expect(cache.get('b2')).toBeUndefined()
    expect(cache.get('b1')).toEqual({ player: 'c' })
    cache.forget('b1')
    cache.set('a1', { player: 'a' }, cache.generation)
    cache.forgetGroup('c')
    expect(cache.get('a1')).toEqual({ player: 'a' })
    expect(cache.size).toBe(1)
  })
})
