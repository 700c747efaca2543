import { describe, expect, it } from 'vitest'
import {
  acceptMaxCombinedDupr,
  adjustedDupr,
  adjustedDuprHundredths,
  ageByYearDifference,
  captainMember,
  defaultTeamSettings,
  evaluateTeam,
  fitSelection,
  formatHundredths,
  parseMaxCombinedDupr,
  playerMember,
  teamCountText,
  type TeamMember,
  type TeamSettings,
  toggleSelection,
  toHundredths,
} from './team.rules'

const settings = (overrides: Partial<TeamSettings> = {}): TeamSettings => ({
  ...defaultTeamSettings,
  ...overrides,
})
const member = (overrides: Partial<TeamMember> = {}): TeamMember => ({
  gender: 'male',
  duprRating: 4,
  isFiftyOrOver: false,
  ...overrides,
})

describe('maximum combined DUPR', () => {
  it('starts at 9', () => {
    expect(defaultTeamSettings.maxCombinedDupr).toBe(9)
  })

  it.each([
    ['4', 4],
    ['28', 28],
    ['4.0', 4],
    ['9.1', 9.1],
    ['9.10', 9.1],
    ['12.3', 12.3],
    ['27.9', 27.9],
    [16, 16],
  ])('accepts %s', (input, expected) => {
    expect(acceptMaxCombinedDupr(9, input)).toBe(expected)
  })

  it.each([
    ['3.9'],
    ['28.1'],
    ['0'],
    ['-5'],
    ['100'],
    ['9.05'],
    ['9.001'],
    ['4.01'],
    [''],
    ['  '],
    ['abc'],
    ['1e400'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
  ])('ignores %s and keeps the previous value', (input) => {
    expect(acceptMaxCombinedDupr(12.5, input)).toBe(12.5)
  })

  it('tells whether a typed value is a cap at all', () => {
    expect(parseMaxCombinedDupr('12.5')).toBe(12.5)
    expect(parseMaxCombinedDupr('28.1')).toBeNull()
    expect(parseMaxCombinedDupr('')).toBeNull()
  })

  it('accepts values whose binary form is inexact', () => {
    // 0.1 steps such as 8.3 and 27.7 are not exact in binary floating point.
    expect(acceptMaxCombinedDupr(9, '8.3')).toBe(8.3)
    expect(acceptMaxCombinedDupr(12, (0.1 + 0.2) * 30)).toBe(9)
  })
})

describe('hundredths', () => {
  it('reads two-decimal values exactly and refuses finer ones', () => {
    expect(toHundredths(4.35)).toBe(435)
    expect(toHundredths(2.01)).toBe(201)
    expect(toHundredths(0.1 + 0.2)).toBe(30)
    expect(toHundredths(4.355)).toBeNull()
    expect(toHundredths(Number.NaN)).toBeNull()
  })

  it('formats with two decimals', () => {
    expect(formatHundredths(900)).toBe('9.00')
    expect(formatHundredths(1605)).toBe('16.05')
    expect(formatHundredths(30)).toBe('0.30')
    expect(formatHundredths(-50)).toBe('-0.50')
  })
})

describe('adjusted DUPR', () => {
  const woman50 = member({ gender: 'female', duprRating: 4.25, isFiftyOrOver: true })
  const cases: Array<[boolean, boolean, TeamMember, number]> = [
    [false, false, woman50, 4.25],
    [true, false, woman50, 3.75],
    [false, true, woman50, 3.75],
    [true, true, woman50, 3.25],
    [true, true, member({ duprRating: 4.25 }), 4.25],
    [true, true, member({ duprRating: 4.25, isFiftyOrOver: true }), 3.75],
    [true, true, member({ gender: 'female', duprRating: 4.25 }), 3.75],
    [true, false, member({ duprRating: 4.25, isFiftyOrOver: true }), 4.25],
    [false, true, member({ gender: 'female', duprRating: 4.25 }), 4.25],
  ]
  it.each(cases)('women %s, over 50 %s: %o gives %s', (womenReduction, over50Reduction, m, expected) => {
    expect(adjustedDupr(m, { womenReduction, over50Reduction })).toBe(expected)
  })

  it('works in hundredths without drift', () => {
    expect(
      adjustedDuprHundredths(member({ duprRating: 2.01, gender: 'female', isFiftyOrOver: true }), {
        womenReduction: true,
        over50Reduction: true,
      }),
    ).toBe(101)
  })
})

describe('age of the captain and of a player', () => {
  const today = new Date(2026, 2, 15)

  it('counts age by year difference only', () => {
    expect(ageByYearDifference('1976-12-31', today)).toBe(50)
    expect(ageByYearDifference('1977-01-01', today)).toBe(49)
  })

  it('makes a captain born 50 years ago over 50 for the whole year, even before the birthday', () => {
    expect(
      captainMember({ gender: 'male', duprRating: 4, birthdate: '1976-12-31' }, today).isFiftyOrOver,
    ).toBe(true)
    expect(
      captainMember({ gender: 'male', duprRating: 4, birthdate: '1977-01-01' }, today).isFiftyOrOver,
    ).toBe(false)
    expect(
      captainMember({ gender: 'male', duprRating: 4, birthdate: '1976-01-01' }, new Date(2026, 0, 1))
        .isFiftyOrOver,
    ).toBe(true)
  })

  it('reads a player from the age group', () => {
    expect(playerMember({ gender: 'female', duprRating: 3, ageGroup: '50_or_over' }).isFiftyOrOver).toBe(true)
    expect(playerMember({ gender: 'female', duprRating: 3, ageGroup: 'under_50' }).isFiftyOrOver).toBe(false)
  })
})

describe('selection', () => {
  it('takes one player besides the captain in a team of 2', () => {
    let selected = toggleSelection([], 'a', 2)
    expect(selected).toEqual(['a'])
    selected = toggleSelection(selected, 'b', 2)
    expect(selected).toEqual(['a'])
  })

  it('takes three players besides the captain in a team of 4', () => {
    let selected: string[] = []
    for (const id of ['a', 'b', 'c', 'd']) selected = toggleSelection(selected, id, 4)
    expect(selected).toEqual(['a', 'b', 'c'])
  })

  it('removes a selected player on a second click, making room again', () => {
    let selected = toggleSelection(['a', 'b', 'c'], 'b', 4)
    expect(selected).toEqual(['a', 'c'])
    selected = toggleSelection(selected, 'd', 4)
    expect(selected).toEqual(['a', 'c', 'd'])
  })

  it('keeps the first chosen players when the team shrinks', () => {
    expect(fitSelection(['a', 'b', 'c'], 2)).toEqual(['a'])
    expect(fitSelection(['a'], 4)).toEqual(['a'])
  })

  it('counts the captain in the team, as the team size does', () => {
    expect(teamCountText(0, 2)).toBe('Your team: 1 of 2 players, you included. Choose 1 more.')
    expect(teamCountText(1, 2)).toBe(
      'Team full: 2 of 2 players, you included. Remove a player to choose another.',
    )
    expect(teamCountText(1, 4)).toBe('Your team: 2 of 4 players, you included. Choose 2 more.')
    expect(teamCountText(3, 4)).toBe(
      'Team full: 4 of 4 players, you included. Remove a player to choose another.',
    )
  })
})

describe('team total', () => {
  it('is the captain alone when nobody is selected', () => {
    const result = evaluateTeam(member({ duprRating: 4.5 }), [], settings())
    expect(result.total).toBe(450)
    expect(result.label).toBe('Within Limits')
  })

  it('is within limits exactly at the cap and too high one hundredth above', () => {
    expect(evaluateTeam(member({ duprRating: 4.5 }), [member({ duprRating: 4.5 })], settings()).label).toBe(
      'Within Limits',
    )
    const over = evaluateTeam(member({ duprRating: 4.5 }), [member({ duprRating: 4.51 })], settings())
    expect(over.total).toBe(901)
    expect(over.isWithinLimits).toBe(false)
    expect(over.label).toBe('Too High')
  })

  it('adds without floating-point drift', () => {
    const team = [member({ duprRating: 4.2 }), member({ duprRating: 4.3 }), member({ duprRating: 4.4 })]
    const result = evaluateTeam(
      member({ duprRating: 4.1 }),
      team,
      settings({ teamSize: 4, maxCombinedDupr: 17 }),
    )
    expect(result.total).toBe(1700)
    expect(result.label).toBe('Within Limits')
    // 2.1 + 2.2 is 4.300000000000001 in binary floating point: a float sum would be 'Too High'.
    const tiny = evaluateTeam(
      member({ duprRating: 2.1 }),
      [member({ duprRating: 2.2 })],
      settings({ maxCombinedDupr: 4.3 }),
    )
    expect(tiny.total).toBe(430)
    expect(tiny.label).toBe('Within Limits')
  })

  it('counts only teamSize - 1 players', () => {
    const players = [member({ duprRating: 3 }), member({ duprRating: 3 }), member({ duprRating: 3 })]
    expect(
      evaluateTeam(member({ duprRating: 3 }), players, settings({ teamSize: 2 })).playersAdjusted,
    ).toEqual([300])
    expect(evaluateTeam(member({ duprRating: 3 }), players, settings({ teamSize: 4 })).total).toBe(1200)
  })

  it('brings a team of four within limits once both reductions are on', () => {
    const captain = captainMember(
      { gender: 'female', duprRating: 4.5, birthdate: '1970-06-01' },
      new Date(2026, 0, 1),
    )
    const players = [
      playerMember({ gender: 'female', duprRating: 4.25, ageGroup: 'under_50' }),
      playerMember({ gender: 'male', duprRating: 4.75, ageGroup: '50_or_over' }),
      playerMember({ gender: 'male', duprRating: 4.5, ageGroup: 'under_50' }),
    ]
    const base = settings({ teamSize: 4, maxCombinedDupr: 16.5 })
    const off = evaluateTeam(captain, players, base)
    expect(off.total).toBe(1800)
    expect(off.label).toBe('Too High')
    const women = evaluateTeam(captain, players, { ...base, womenReduction: true })
    expect(women.total).toBe(1700)
    expect(women.label).toBe('Too High')
    const over50 = evaluateTeam(captain, players, { ...base, over50Reduction: true })
    expect(over50.total).toBe(1700)
    const both = evaluateTeam(captain, players, { ...base, womenReduction: true, over50Reduction: true })
    expect(both.captainAdjusted).toBe(350)
    expect(both.playersAdjusted).toEqual([375, 425, 450])
    expect(both.total).toBe(1600)
    expect(both.label).toBe('Within Limits')
  })
})
