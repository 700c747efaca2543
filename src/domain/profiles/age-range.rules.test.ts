import { describe, expect, it } from 'vitest'
import { ageRangeOf } from './age-range.rules'

describe('age range', () => {
  it('is the decade from 20 to 69', () => {
    expect(ageRangeOf(20)).toBe('20s')
    expect(ageRangeOf(29)).toBe('20s')
    expect(ageRangeOf(30)).toBe('30s')
    expect(ageRangeOf(45)).toBe('40s')
    expect(ageRangeOf(69)).toBe('60s')
  })

  it('reads "Under 20" below 20 and "70+" from 70', () => {
    expect(ageRangeOf(0)).toBe('Under 20')
    expect(ageRangeOf(19)).toBe('Under 20')
    expect(ageRangeOf(70)).toBe('70+')
    expect(ageRangeOf(104)).toBe('70+')
  })
})
