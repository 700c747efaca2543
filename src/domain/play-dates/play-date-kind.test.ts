import { describe, expect, it } from 'vitest'
import { kindDescription, kindLabel, playDateKind } from './play-date.constants'

describe('playDateKind', () => {
  it('is the type of a game with a price', () => {
    expect(playDateKind({ type: 'challenge', paymentPerHourMax: 25 })).toBe('challenge')
    expect(playDateKind({ type: 'earn', paymentPerHourMax: 40 })).toBe('earn')
  })

  it('is free for a game that costs nothing, whatever its type', () => {
    expect(playDateKind({ type: 'challenge', paymentPerHourMax: 0 })).toBe('free')
    expect(playDateKind({ type: 'earn', paymentPerHourMax: 0 })).toBe('free')
  })

  it('names each kind on its chip and in its heading', () => {
    expect([kindLabel('challenge'), kindDescription('challenge')]).toEqual([
      'Pay',
      'Looking to Pay Higher Level Players',
    ])
    expect([kindLabel('earn'), kindDescription('earn')]).toEqual(['Earn', 'Teach Lower Level Players'])
    expect([kindLabel('free'), kindDescription('free')]).toEqual(['Free', 'Free game'])
  })
})
