import { describe, expect, it } from 'vitest'
import { urlBase64ToUint8Array } from './push-keys'

describe('urlBase64ToUint8Array', () => {
  it('reads base64url without padding, with - and _', () => {
    const bytes = Uint8Array.from([0xfb, 0xff, 0xfe, 0x01, 0x02])
    const encoded = Buffer.from(bytes).toString('base64url')
    expect(encoded).toMatch(/[-_]/)
    expect(encoded).not.toContain('=')
    expect([...urlBase64ToUint8Array(encoded)]).toEqual([...bytes])
  })

  it('accepts padded input', () => {
    expect([...urlBase64ToUint8Array('AQI=')]).toEqual([1, 2])
  })

  it('a 65-byte P-256 public key keeps its length', () => {
    const key = Buffer.alloc(65, 7)
    key[0] = 4
    expect(urlBase64ToUint8Array(key.toString('base64url'))).toHaveLength(65)
  })
})
