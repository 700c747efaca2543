import { describe, expect, it } from 'vitest'
import { isCloseInRating, orderByRatingCloseness, ratingGapHundredths } from './training.rules'

const friend = (id: string, firstName: string, duprRating: number | null, selfRating = 3) => ({
  id,
  firstName,
  lastName: 'Lee',
  duprRating,
  selfRating,
})

describe('training partners', () => {
  it('measures the gap either way, exactly', () => {
    expect(ratingGapHundredths(4.1, 3.6)).toBe(50)
    expect(ratingGapHundredths(3.6, 4.1)).toBe(50)
  })

  it('highlights friends within 0.5, boundary included', () => {
    expect(isCloseInRating(4.1, 3.6)).toBe(true)
    expect(isCloseInRating(4.1, 4.6)).toBe(true)
    expect(isCloseInRating(4.1, 4.61)).toBe(false)
    expect(isCloseInRating(4.1, 3.59)).toBe(false)
  })

  it('orders the closest first and equal gaps by name', () => {
    const ordered = orderByRatingCloseness(
      [friend('1', 'Zoe', 5), friend('2', 'Bea', 3.5), friend('3', 'Al', 4.5), friend('4', 'Cy', 4.05)],
      4,
    )
    expect(ordered.map((f) => f.firstName)).toEqual(['Cy', 'Al', 'Bea', 'Zoe'])
  })

  it('places a friend without a DUPR rating by their self rating', () => {
    const ordered = orderByRatingCloseness([friend('1', 'Zoe', 5), friend('2', 'Bea', null, 4.1)], 4)
    expect(ordered.map((f) => f.firstName)).toEqual(['Bea', 'Zoe'])
  })
})
