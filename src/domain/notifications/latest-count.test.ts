import { describe, expect, it } from 'vitest'
import { CLOCK_SET_BACK_US, latestCount } from './notification.schema'

const read = (count: number, asOf: number) => ({ count, asOf })

describe('latestCount', () => {
  it('takes the first count there is', () => {
    expect(latestCount(undefined, read(3, 100))).toEqual(read(3, 100))
  })

  it('takes a count read later, lower or higher', () => {
    expect(latestCount(read(3, 100), read(1, 200))).toEqual(read(1, 200))
    expect(latestCount(read(3, 100), read(4, 200))).toEqual(read(4, 200))
  })

  it('keeps the count it has when one read earlier arrives after it', () => {
    // Two notifications at once: the second's count (2) arrives before the first's (1).
    const kept = read(2, 1_000_500)
    expect(latestCount(kept, read(1, 1_000_400))).toBe(kept)
  })

  it('takes either of two counts read at the same moment', () => {
    expect(latestCount(read(2, 100), read(2, 100))).toEqual(read(2, 100))
  })

  it('takes a count from a database clock set back, instead of standing still', () => {
    const kept = read(5, 2 * CLOCK_SET_BACK_US)
    expect(latestCount(kept, read(4, 2 * CLOCK_SET_BACK_US - 1_000_000))).toBe(kept)
    expect(latestCount(kept, read(4, CLOCK_SET_BACK_US))).toEqual(read(4, CLOCK_SET_BACK_US))
  })
})
