import { describe, expect, it } from 'vitest'
import { isRatingUpdateNeeded, ratingsInput } from './ratings.schema'

const DAY = 24 * 60 * 60 * 1000
const now = new Date('2025-06-15T12:00:00Z')
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY)

describe('isRatingUpdateNeeded', () => {
  it('is false while the ratings were confirmed within 90 days', () => {
    expect(isRatingUpdateNeeded(daysAgo(1), null, now)).toBe(false)
    expect(isRatingUpdateNeeded(daysAgo(90), null, now)).toBe(false)
  })

  it('is true once the ratings are more than 90 days old and the prompt was never skipped', () => {
    expect(isRatingUpdateNeeded(new Date(daysAgo(90).getTime() - 1), null, now)).toBe(true)
    expect(isRatingUpdateNeeded(daysAgo(400), null, now)).toBe(true)
  })

  it('stays quiet for 7 days after a skip, then asks again', () => {
    expect(isRatingUpdateNeeded(daysAgo(120), daysAgo(0), now)).toBe(false)
    expect(isRatingUpdateNeeded(daysAgo(120), new Date(daysAgo(7).getTime() + 1), now)).toBe(false)
    expect(isRatingUpdateNeeded(daysAgo(120), daysAgo(7), now)).toBe(true)
    expect(isRatingUpdateNeeded(daysAgo(120), daysAgo(30), now)).toBe(true)
  })
})

describe('ratingsInput', () => {
  it('reads empty fields as missing, with the spec messages', () => {
    const result = ratingsInput.safeParse({ duprRating: '', selfRating: '  ' })
    expect(result.success).toBe(false)
    const messages = result.error?.issues.map((issue) => [issue.path[0], issue.message])
    expect(messages).toEqual([
      ['selfRating', 'Self rating is required'],
      ['duprRating', 'DUPR rating is required'],
    ])
  })

  it('takes no DUPR rating from a player who has none yet', () => {
    expect(ratingsInput.parse({ noDuprRating: true, duprRating: '', selfRating: '3' })).toEqual({
      noDuprRating: true,
      selfRating: 3,
    })
  })

  it('refuses ratings outside 2.00 to 7.00', () => {
    const result = ratingsInput.safeParse({ duprRating: 1.99, selfRating: 7.01 })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Rating must be at least 2.00',
      'Rating must be at most 7.00',
    ])
  })

  it('accepts form strings and rounds to hundredths', () => {
    expect(ratingsInput.parse({ duprRating: '4.256', selfRating: '2' })).toEqual({
      duprRating: 4.26,
      selfRating: 2,
    })
  })

  it('reads only a number or a plain decimal string: anything else gets the field message', () => {
    for (const odd of [[5], '0x3', '1e1', true, '4,5', 'Infinity', { value: 4 }]) {
      const result = ratingsInput.safeParse({ duprRating: odd, selfRating: odd })
      expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
        ['duprRating', 'DUPR rating is required'],
        ['selfRating', 'Self rating is required'],
      ])
    }
    expect(ratingsInput.parse({ duprRating: ' 3.5 ', selfRating: 4.5 })).toEqual({
      duprRating: 3.5,
      selfRating: 4.5,
    })
  })
})
