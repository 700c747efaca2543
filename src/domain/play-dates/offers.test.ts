import { describe, expect, it } from 'vitest'
import {
  fitsSpots,
  isLastHour,
  isSkippedForQuietHours,
  leaveWithPartnerRefusal,
  OFFER_MESSAGES,
  offerWindowEnd,
  offerWindowMinutes,
} from './offers'
import { openSpots } from './spots'

const start = new Date('2026-03-07T16:00:00Z')
const before = (hours: number) => new Date(start.getTime() - hours * 60 * 60_000)

describe('offer windows', () => {
  it('last 2 hours more than 24 hours before the start, 30 minutes under that, 10 in the last 3 hours', () => {
    expect(offerWindowMinutes(start, before(48))).toBe(120)
    expect(offerWindowMinutes(start, before(24.01))).toBe(120)
    expect(offerWindowMinutes(start, before(24))).toBe(30)
    expect(offerWindowMinutes(start, before(20))).toBe(30)
    expect(offerWindowMinutes(start, before(3))).toBe(10)
    expect(offerWindowMinutes(start, before(0.5))).toBe(10)
  })

  it('never run past the start', () => {
    expect(offerWindowEnd(start, before(0.1))).toEqual(start)
    expect(offerWindowEnd(start, before(20))).toEqual(new Date(before(20).getTime() + 30 * 60_000))
  })

  it('ask every candidate at once in the last hour', () => {
    expect(isLastHour(start, before(1))).toBe(true)
    expect(isLastHour(start, before(1.01))).toBe(false)
  })
})

describe('who fits the open spots', () => {
  it('a pair needs both spots of the other side, a player alone any spot', () => {
    const twoOther = openSpots({ creatorPartner: true, otherSide: 0 })
    const oneOther = openSpots({ creatorPartner: true, otherSide: 1 })
    const partnerOnly = openSpots({ creatorPartner: false, otherSide: 2 })
    expect(fitsSpots('pair', twoOther)).toBe(true)
    expect(fitsSpots('pair', oneOther)).toBe(false)
    expect(fitsSpots('pair', partnerOnly)).toBe(false)
    expect(fitsSpots('solo', oneOther)).toBe(true)
    expect(fitsSpots('solo', partnerOnly)).toBe(true)
    expect(fitsSpots('solo', openSpots({ creatorPartner: true, otherSide: 2 }))).toBe(false)
  })
})

describe('quiet hours', () => {
  it('skip a player whose quiet hours end at or after the start, never one outside them', () => {
    expect(isSkippedForQuietHours(null, start)).toBe(false)
    expect(isSkippedForQuietHours(before(1), start)).toBe(false)
    expect(isSkippedForQuietHours(start, start)).toBe(true)
    expect(isSkippedForQuietHours(new Date(start.getTime() + 60_000), start)).toBe(true)
  })
})

describe('dropping out with a partner', () => {
  it('is for a pair who came together; otherwise the refusal says what is true of the one asking', () => {
    expect(leaveWithPartnerRefusal({ viewerJoinedAlone: false, partnerJoinedAlone: false })).toBeNull()
    expect(leaveWithPartnerRefusal({ viewerJoinedAlone: true, partnerJoinedAlone: false })).toBe(
      OFFER_MESSAGES.joinedAloneLeavesAlone,
    )
    expect(leaveWithPartnerRefusal({ viewerJoinedAlone: true, partnerJoinedAlone: true })).toBe(
      'You joined alone: you can only drop out yourself',
    )
    expect(leaveWithPartnerRefusal({ viewerJoinedAlone: false, partnerJoinedAlone: true })).toBe(
      'Your partner joined alone: you can only drop out yourself',
    )
  })
})
