import { describe, expect, it } from 'vitest'
import { newRequestKey, RequestKeys } from './request-key'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('newRequestKey', () => {
  it('makes a UUID v4', () => {
    expect(newRequestKey()).toMatch(UUID_V4)
  })

  it('makes one from random bytes where randomUUID is missing (a page over plain http)', () => {
    const insecure = { getRandomValues: crypto.getRandomValues.bind(crypto) }
    const keys = new Set(Array.from({ length: 50 }, () => newRequestKey(insecure)))
    expect(keys.size).toBe(50)
    for (const key of keys) expect(key).toMatch(UUID_V4)
  })
})

describe('RequestKeys', () => {
  it('gives the same content the same key until it is sent, and anything else a new one', () => {
    const keys = new RequestKeys()
    const first = keys.keyFor({ content: 'On our way' })
    expect(keys.keyFor({ content: 'On our way' })).toBe(first)
    const changed = keys.keyFor({ content: 'On our way!' })
    expect(changed).not.toBe(first)
    keys.sent()
    expect(keys.keyFor({ content: 'On our way!' })).not.toBe(changed)
  })
})
