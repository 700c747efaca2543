import { describe, expect, it } from 'vitest'
import { chooseRatingPlan, estimateMatches, type OpenRatingCounts } from './rating-plan'

const counts: OpenRatingCounts = {
  open: 1000,
  byTenth: new Map([
    [35, 300],
    [37, 400],
    [40, 250],
    [55, 40],
    [69, 10],
  ]),
}

describe('estimateMatches', () => {
  it('adds up every tenth the range touches, edges included', () => {
    expect(estimateMatches(counts, 3.5, 4.5)).toBe(950)
    expect(estimateMatches(counts, 3.7, 3.7)).toBe(400)
    expect(estimateMatches(counts, 3.75, 3.79)).toBe(400)
    expect(estimateMatches(counts, 5.5, 7)).toBe(50)
    expect(estimateMatches(counts, 6, 6.8)).toBe(0)
  })

  it('reads a missing bound as open-ended', () => {
    expect(estimateMatches(counts, 5, undefined)).toBe(50)
    expect(estimateMatches(counts, undefined, 3.6)).toBe(300)
  })
})
describe('chooseRatingPlan', () => {
  it('reads by rating when few open PlayDates are in the range', () => {
    expect(chooseRatingPlan(0, 35_000, 101)).toBe('by-rating')
    expect(chooseRatingPlan(25, 35_000, 101)).toBe('by-rating')
    expect(chooseRatingPlan(1_800, 35_000, 101)).toBe('by-rating')
  })

  it('walks newest first when many are', () => {
    expect(chooseRatingPlan(2_000, 35_000, 101)).toBe('newest-first')
    expect(chooseRatingPlan(18_000, 35_000, 101)).toBe('newest-first')
  })

  it('walks further pages by rating sooner: their count must reach further', () => {
    expect(chooseRatingPlan(2_000, 35_000, 101)).toBe('newest-first')
    expect(chooseRatingPlan(2_000, 35_000, 591)).toBe('by-rating')
  })

  it('walks when nothing is open (nothing to read either way)', () => {
    expect(chooseRatingPlan(0, 0, 101)).toBe('newest-first')
  })
})
