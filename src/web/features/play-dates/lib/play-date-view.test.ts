import { describe, expect, it } from 'vitest'
import { isFullRatingRange, parseRatingRange } from './list-address'
import {
  countsSelfRating,
  formatRating,
  requestCountLabel,
  statusBadge,
  teamCountsSelfRating,
  teamRatingLabel,
} from './play-date-view'

describe('PlayDate wording', () => {
  it('says request or requests by the count', () => {
    expect(requestCountLabel(0)).toBe('0 pending requests')
    expect(requestCountLabel(1)).toBe('1 pending request')
    expect(requestCountLabel(3)).toBe('3 pending requests')
  })

  it('shows ratings to two decimals', () => {
    expect(formatRating(3.5)).toBe('3.50')
    expect(formatRating(4.125)).toBe('4.13')
  })

  it('says Team DUPR counts a self rating when a player of the team has no DUPR rating', () => {
    expect(countsSelfRating({ captain: { duprRating: 3.5 }, partner: { duprRating: 4 } })).toBe(false)
    expect(countsSelfRating({ captain: { duprRating: 3.5 }, partner: null })).toBe(false)
    expect(countsSelfRating({ captain: { duprRating: 3.5 }, partner: { duprRating: null } })).toBe(true)
    expect(countsSelfRating({ captain: { duprRating: null }, partner: null })).toBe(true)
  })

  it('names a side of one player by their own rating, a pair by its Team DUPR', () => {
    expect(teamRatingLabel({ captain: { duprRating: 3.5 }, partner: { duprRating: null } })).toBe('Team DUPR')
    expect(teamRatingLabel({ captain: { duprRating: 3.05 }, partner: null })).toBe('DUPR')
    expect(teamRatingLabel({ captain: { duprRating: null }, partner: null })).toBe('Self-rated')
    // "Self-rated" says it already; only a pair's average is said to count a self rating.
    expect(teamCountsSelfRating({ captain: { duprRating: null }, partner: null })).toBe(false)
    expect(teamCountsSelfRating({ captain: { duprRating: 3.5 }, partner: { duprRating: null } })).toBe(true)
  })
})

describe('a PlayDate’s badge', () => {
  it('names the status, a disputed matched game Disputed, and a game nobody reported No result, grey', () => {
    expect(statusBadge('open').label).toBe('Available')
    expect(statusBadge('matched').label).toBe('Matched')
    expect(statusBadge('matched', 'disputed').label).toBe('Disputed')
    expect(statusBadge('matched', 'closed')).toEqual({
      label: 'No result',
      tone: statusBadge('completed').tone,
    })
    // Only a matched game's result changes what its badge says.
    expect(statusBadge('completed', 'closed').label).toBe('Completed')
    expect(statusBadge('cancelled', 'disputed').label).toBe('Cancelled')
  })
})

describe('the rating filter in the URL', () => {
  it('defaults to the whole range', () => {
    expect(parseRatingRange(null, null)).toEqual([2, 7])
    expect(isFullRatingRange(parseRatingRange(null, null))).toBe(true)
  })

  it('keeps values inside 2 to 7 and never lets the minimum pass the maximum', () => {
    expect(parseRatingRange('3.5', '5')).toEqual([3.5, 5])
    expect(parseRatingRange('1', '9')).toEqual([2, 7])
    expect(parseRatingRange('6', '4')).toEqual([4, 6])
    expect(parseRatingRange('abc', '4.04')).toEqual([2, 4])
    expect(isFullRatingRange([2, 6.5])).toBe(false)
  })
})
