import { describe, expect, it } from 'vitest'
import { parseBuilderState } from './builder-state'

describe('stored SUPR Builder state', () => {
  it('starts fresh without anything stored or with something unreadable', () => {
    const fresh = {
      settings: { maxCombinedDupr: 9, teamSize: 2, womenReduction: false, over50Reduction: false },
      selected: [],
    }
    expect(parseBuilderState(null)).toEqual(fresh)
    expect(parseBuilderState('{oops')).toEqual(fresh)
    expect(parseBuilderState('null')).toEqual(fresh)
    expect(parseBuilderState('"text"')).toEqual(fresh)
  })

  it('restores valid settings and the chosen players', () => {
    const raw = JSON.stringify({
      settings: { maxCombinedDupr: 16.5, teamSize: 4, womenReduction: true, over50Reduction: true },
      selected: ['a', 'b'],
    })
    expect(parseBuilderState(raw)).toEqual({
      settings: { maxCombinedDupr: 16.5, teamSize: 4, womenReduction: true, over50Reduction: true },
      selected: ['a', 'b'],
    })
  })

  it('applies the same rules as the controls to tampered values', () => {
    const raw = JSON.stringify({
      settings: { maxCombinedDupr: 40, teamSize: 3, womenReduction: 'yes' },
      selected: ['a', 'a', 7, 'b'],
    })
    expect(parseBuilderState(raw)).toEqual({
      settings: { maxCombinedDupr: 9, teamSize: 2, womenReduction: false, over50Reduction: false },
      selected: ['a'],
    })
  })
})
