import { describe, expect, it } from 'vitest'
import { isMembersFirst, openToAllAtFor } from './group-offer'

describe('a group game’s opening', () => {
  const posted = new Date('2026-11-25T17:00:00Z')

  it('is 24 hours after posting, or never for members only', () => {
    expect(openToAllAtFor('members_first', posted)).toEqual(new Date('2026-11-26T17:00:00Z'))
    expect(openToAllAtFor('members_only', posted)).toBeNull()
  })

  it('keeps the game its members’ until the opening time, and for good without one', () => {
    const opens = '2026-11-26T17:00:00.000Z'
    expect(isMembersFirst(opens, Date.parse(opens) - 1)).toBe(true)
    expect(isMembersFirst(opens, Date.parse(opens))).toBe(false)
    expect(isMembersFirst(null, Date.parse('2030-01-01T00:00:00Z'))).toBe(true)
  })
})
