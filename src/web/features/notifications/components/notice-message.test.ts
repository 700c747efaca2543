import { describe, expect, it } from 'vitest'
import { withoutGameLabel } from './notice-message'

describe('a notice message beside its game line', () => {
  const label = 'Wed, Dec 2 · 9:00 AM MST at Red Mountain Pickleball Park'

  it('drops the game it opens with, at a place', () => {
    expect(withoutGameLabel(`${label}: Ann & Ben vs Cal & Dee`, label)).toBe('Ann & Ben vs Cal & Dee')
  })

  it("drops the game and the venue's address it opens with, at a venue", () => {
    expect(withoutGameLabel(`${label}, 7301 E Brown Rd, Mesa, AZ 85207: Ann & Ben vs Cal & Dee`, label)).toBe(
      'Ann & Ben vs Cal & Dee',
    )
  })

  it('keeps a message that does not open with its game, or has none', () => {
    expect(withoutGameLabel('Ann Lee cancelled the PlayDate', label)).toBe('Ann Lee cancelled the PlayDate')
    expect(withoutGameLabel(`${label} Park two: x`, label)).toBe(`${label} Park two: x`)
    expect(withoutGameLabel(`${label}: Ann`, undefined)).toBe(`${label}: Ann`)
  })
})
