import { describe, expect, it } from 'vitest'
import { duprLine, duprText, isSelfRated, playingRating, ratingsLine, ratingsParts } from './rating.rules'

const rated = { duprRating: 3.756, selfRating: 3.5 }
const beginner = { duprRating: null, selfRating: 3 }

describe('a player without a DUPR rating', () => {
  it('counts with the self rating; a DUPR rating wins where there is one', () => {
    expect(playingRating(beginner)).toBe(3)
    expect(playingRating(rated)).toBe(3.756)
    expect(isSelfRated(beginner)).toBe(true)
    expect(isSelfRated(rated)).toBe(false)
  })

  it('shows as self-rated wherever a DUPR rating would show', () => {
    expect(duprText(beginner)).toBe('Self-rated 3.00')
    expect(duprText(rated)).toBe('3.76')
    expect(duprLine(beginner)).toBe('Self-rated 3.00')
    expect(duprLine(rated)).toBe('DUPR 3.76')
    expect(ratingsLine(beginner)).toBe('Self-rated 3.00')
    expect(ratingsLine(rated)).toBe('DUPR 3.76 · Self 3.50')
  })

  it('gives each rating with its label as one part, for a line that must not split them', () => {
    expect(ratingsParts(rated)).toEqual(['DUPR 3.76', 'Self 3.50'])
    expect(ratingsParts(beginner)).toEqual(['Self-rated 3.00'])
  })
})
