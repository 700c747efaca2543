import { describe, expect, it } from 'vitest'
import {
  defaultDuprRange,
  isInRange,
  joiningRating,
  openSpots,
  placeApplicant,
  rangeRefusal,
  shareOfTeamPrice,
  SPOT_MESSAGES,
  splitText,
  spotsText,
} from './spots'

const rated = (duprRating: number | null, selfRating = 3.5) => ({ duprRating, selfRating })

describe('spots', () => {
  it('count the open spots of both sides and say when a partner is wanted', () => {
    expect(spotsText(openSpots({ creatorPartner: true, otherSide: 0 }))).toBe('2 spots left')
    expect(spotsText(openSpots({ creatorPartner: false, otherSide: 0 }))).toBe(
      '3 spots left · partner wanted',
    )
    expect(spotsText(openSpots({ creatorPartner: false, otherSide: 2 }))).toBe('1 spot left · partner wanted')
    expect(spotsText(openSpots({ creatorPartner: true, otherSide: 1 }))).toBe('1 spot left')
    expect(spotsText(openSpots({ creatorPartner: true, otherSide: 2 }))).toBe('Full')
  })

  it('place a pair on an empty other side only', () => {
    const posted = openSpots({ creatorPartner: true, otherSide: 0 })
    expect(placeApplicant(posted, 'pair')).toEqual({ side: 'other' })
    const half = openSpots({ creatorPartner: true, otherSide: 1 })
    expect(placeApplicant(half, 'pair')).toEqual({ refusal: SPOT_MESSAGES.pairNeedsTwo })
    const alone = openSpots({ creatorPartner: false, otherSide: 0 })
    expect(placeApplicant(alone, 'pair', 'creator')).toEqual({ refusal: SPOT_MESSAGES.noPartnerWanted })
  })

  it('place a player alone as the partner wanted first, else on the other side, or where the creator says', () => {
    const alone = openSpots({ creatorPartner: false, otherSide: 0 })
    expect(placeApplicant(alone, 'solo')).toEqual({ side: 'creator' })
    expect(placeApplicant(alone, 'solo', 'other')).toEqual({ side: 'other' })
    const withFriend = openSpots({ creatorPartner: true, otherSide: 1 })
    expect(placeApplicant(withFriend, 'solo')).toEqual({ side: 'other' })
    expect(placeApplicant(withFriend, 'solo', 'creator')).toEqual({ refusal: SPOT_MESSAGES.sideFull })
    const otherFull = openSpots({ creatorPartner: false, otherSide: 2 })
    expect(placeApplicant(otherFull, 'solo', 'other')).toEqual({ refusal: SPOT_MESSAGES.sideFull })
    expect(placeApplicant(openSpots({ creatorPartner: true, otherSide: 2 }), 'solo')).toEqual({
      refusal: SPOT_MESSAGES.full,
    })
  })
})

describe('DUPR range', () => {
  it('defaults to the creator team ±0.5 within 2 to 7', () => {
    expect(defaultDuprRange(3.75)).toEqual({ min: 3.25, max: 4.25 })
    expect(defaultDuprRange(2.2)).toEqual({ min: 2, max: 2.7 })
    expect(defaultDuprRange(6.9)).toEqual({ min: 6.4, max: 7 })
  })

  it('counts a player by their own rating, a self-rated one by the self rating, a team by its mean', () => {
    expect(joiningRating([rated(4.1)])).toBe(4.1)
    expect(joiningRating([rated(null, 3.0)])).toBe(3)
    expect(joiningRating([rated(4.0), rated(null, 3.25)])).toBe(3.63)
    const range = { min: 3.25, max: 4.25 }
    expect(isInRange(4.25, range)).toBe(true)
    expect(isInRange(4.26, range)).toBe(false)
    expect(isInRange(6.5, null)).toBe(true)
  })

  it('says why a player joining alone is outside the range', () => {
    const range = { min: 3.25, max: 4.25 }
    expect(rangeRefusal(rated(4.0), range)).toBeNull()
    expect(rangeRefusal(rated(5.0), range)).toBe(
      "Your DUPR 5.00 is outside this PlayDate's range (3.25–4.25)",
    )
    expect(rangeRefusal(rated(null, 3.0), range)).toBe(
      "Your self rating 3.00 (you have no DUPR yet) is outside this PlayDate's range (3.25–4.25)",
    )
    expect(rangeRefusal(rated(6.0), null)).toBeNull()
  })
})

describe('money', () => {
  it('splits a team price equally between two players who joined alone', () => {
    expect(shareOfTeamPrice(25)).toBe(12.5)
    expect(splitText(25, 'pays')).toBe('Split equally: each pays $12.50 per hour')
    expect(splitText(30, 'earns')).toBe('Split equally: each earns $15 per hour')
  })
})
