import { useState } from 'react'

type RandomSource = Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string }

// A new random key (UUID v4). `crypto.randomUUID` exists only on secure pages (https,
// localhost); a phone on the club's network may open the app over plain http, where
// `getRandomValues` still works.
export function newRequestKey(source: RandomSource = crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID()
  const bytes = source.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

// The request key for what the player sends (docs/decisions/0065): the same content sent again
// after a failure carries the same key, so if the first request did reach the server, the second
// gets back what it created instead of creating it twice. Changed content, or the same content
// after a success (`sent`), gets a new key: that is something new the player means to send.
export class RequestKeys {
  #held: { content: string; key: string } | null = null

  keyFor(content: unknown): string {
    const text = JSON.stringify(content)
    if (this.#held?.content !== text) this.#held = { content: text, key: newRequestKey() }
    return this.#held.key
  }

  sent() {
    this.#held = null
  }
}

// One RequestKeys for the life of a form (it holds no state the page draws).
export function useRequestKeys(): RequestKeys {
  const [keys] = useState(() => new RequestKeys())
  return keys
}
