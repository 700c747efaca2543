import { describe, expect, it } from 'vitest'
import { decideResultInput } from '../../../../domain/play-dates/results'
import { decideFormValues, toDecideInput } from './decide-form-values'

describe('an admin’s decision form', () => {
  it('starts blank, and asks what happened', () => {
    const result = decideResultInput.safeParse(toDecideInput(decideFormValues()))
    expect(result.error?.issues[0]?.message).toBe('Choose what happened')
  })

  it('fills in from a team’s report and sends it back unchanged', () => {
    const played = {
      outcome: 'played' as const,
      pointsTo: 21 as const,
      games: [{ creatorTeam: 21, respondingTeam: 19 }],
    }
    expect(decideFormValues(played)).toMatchObject({
      outcome: 'played',
      pointsTo: '21',
      games: [{ creatorTeam: '21', respondingTeam: '19' }],
    })
    expect(decideResultInput.parse(toDecideInput(decideFormValues(played)))).toEqual(played)
    const noShow = { outcome: 'no_show' as const, absentTeam: 'responding' as const }
    expect(decideResultInput.parse(toDecideInput(decideFormValues(noShow)))).toEqual(noShow)
    expect(toDecideInput(decideFormValues({ outcome: 'not_played' }))).toEqual({ outcome: 'not_played' })
  })

  it('asks which team did not show', () => {
    const result = decideResultInput.safeParse(toDecideInput({ ...decideFormValues(), outcome: 'no_show' }))
    expect(result.error?.issues[0]?.message).toBe('Choose the team that did not show')
  })
})
