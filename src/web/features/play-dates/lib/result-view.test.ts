import { describe, expect, it } from 'vitest'
import { type GameOutcome, reportInput } from '../../../../domain/play-dates/results'
import {
  formatDay,
  outcomeText,
  paymentText,
  pointsToText,
  reportFormDefaults,
  reportOutcomeText,
  resultDueLine,
  toReportInput,
} from './result-view'

const creatorWon: GameOutcome = {
  outcome: 'played',
  pointsTo: 11,
  games: [
    { creatorTeam: 11, respondingTeam: 7 },
    { creatorTeam: 11, respondingTeam: 5 },
  ],
}
const respondingWonInThree: GameOutcome = {
  outcome: 'played',
  pointsTo: 15,
  games: [
    { creatorTeam: 15, respondingTeam: 10 },
    { creatorTeam: 9, respondingTeam: 15 },
    { creatorTeam: 14, respondingTeam: 16 },
  ],
}
const names = { creator: 'Rosa Reyes & Sam Soto', responding: 'Tara Tran & Uma Ueda' }

describe('a result from the viewer’s side', () => {
  it('says won or lost, with the scores from the viewer’s team first', () => {
    expect(outcomeText(creatorWon, 'creator')).toBe('Won 11-7, 11-5')
    expect(outcomeText(creatorWon, 'responding')).toBe('Lost 7-11, 5-11')
    expect(outcomeText(respondingWonInThree, 'responding')).toBe('Won 10-15, 15-9, 16-14')
    expect(outcomeText(respondingWonInThree, 'creator')).toBe('Lost 15-10, 9-15, 14-16')
  })

  it('says which team did not show, as the viewer’s team or the other one', () => {
    const creatorAbsent: GameOutcome = { outcome: 'no_show', absentTeam: 'creator' }
    expect(outcomeText(creatorAbsent, 'creator')).toBe('Your team did not show')
    expect(outcomeText(creatorAbsent, 'responding')).toBe('The other team did not show')
  })

  it('says a game that did not happen the same way to everyone', () => {
    expect(outcomeText({ outcome: 'not_played' }, 'creator')).toBe('The game did not happen')
    expect(outcomeText({ outcome: 'not_played' }, null, names)).toBe('The game did not happen')
  })

  it('says a report to a player on either team as theirs, whichever team made it', () => {
    expect(reportOutcomeText(creatorWon, 'responding', names)).toBe('You lost 7-11, 5-11')
    expect(reportOutcomeText(creatorWon, 'creator', names)).toBe('You won 11-7, 11-5')
    expect(reportOutcomeText({ outcome: 'no_show', absentTeam: 'creator' }, 'creator', names)).toBe(
      'Your team did not show',
    )
    expect(reportOutcomeText(creatorWon, null, names)).toBe('Rosa Reyes & Sam Soto won 11-7, 11-5')
  })

  it('names the teams for someone on neither team', () => {
    expect(outcomeText(creatorWon, null, names)).toBe('Rosa Reyes & Sam Soto won 11-7, 11-5')
    expect(outcomeText(respondingWonInThree, null, names)).toBe('Tara Tran & Uma Ueda won 10-15, 15-9, 16-14')
    expect(outcomeText({ outcome: 'no_show', absentTeam: 'responding' }, null, names)).toBe(
      'Tara Tran & Uma Ueda did not show',
    )
    expect(outcomeText({ outcome: 'no_show', absentTeam: 'creator' }, null)).toBe(
      'The creator team did not show',
    )
  })

  it('gives the points a game went to only for a played game', () => {
    expect(pointsToText(creatorWon)).toBe('Games to 11')
    expect(pointsToText({ outcome: 'not_played' })).toBeNull()
  })

  it('says who pays whom from the viewer’s side', () => {
    expect(paymentText('creator', 'creator', '$60')).toBe('Your team pays the other team $60')
    expect(paymentText('creator', 'responding', '$60')).toBe('The other team pays your team $60')
    expect(paymentText('responding', null, '$60')).toBe('The responding team pays the creator team $60')
  })

  it('dates a report on the PlayDate’s own calendar', () => {
    // 03:30 UTC on Dec 13 is still Dec 12 in Arizona.
    expect(formatDay('2026-12-13T03:30:00Z', 'America/Phoenix')).toBe('Sat, Dec 12')
  })
})

describe('the report form', () => {
  const played = (games: Array<{ us: string; them: string }>, pointsTo = '11') => ({
    ...reportFormDefaults(),
    outcome: 'played' as const,
    pointsTo,
    games,
  })
  const check = (values: ReturnType<typeof reportFormDefaults>) =>
    reportInput.safeParse(toReportInput(values))

  it('sends the scores as numbers, the team’s own first', () => {
    expect(toReportInput(played([{ us: '11', them: ' 7 ' }]))).toEqual({
      outcome: 'played',
      pointsTo: 11,
      games: [{ us: 11, them: 7 }],
    })
    expect(check(played([{ us: '11', them: '7' }])).success).toBe(true)
  })

  it('asks for what happened before anything else', () => {
    const result = check(reportFormDefaults())
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('Choose what happened')
  })

  it('leaves out the scores of a game that was not played', () => {
    expect(toReportInput({ ...reportFormDefaults(), outcome: 'no_show' })).toEqual({ outcome: 'no_show' })
    expect(check({ ...reportFormDefaults(), outcome: 'not_played' }).success).toBe(true)
  })

  it('points a blank score or a game that breaks the rules to its field or its row', () => {
    const blank = check(played([{ us: '', them: '7' }]))
    expect(blank.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['games.0.us', 'Enter a whole number'],
    ])
    const notWonByTwo = check(played([{ us: '11', them: '10' }]))
    expect(notWonByTwo.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['games.0', 'Each game goes to 11, 15 or 21 and is won by 2 points'],
    ])
    const tied = check(
      played([
        { us: '11', them: '7' },
        { us: '5', them: '11' },
      ]),
    )
    expect(tied.error?.issues[0]?.message).toBe('A match tied at one game each needs a third game')
  })
})

describe('the line on a card of My PlayDates once the game has started', () => {
  it('says whose move it is, and links to the result where the team has something to do there', () => {
    expect(resultDueLine('report')).toEqual({ text: 'Result to report', leadsToResult: true })
    expect(resultDueLine('confirm')).toEqual({ text: 'Result to confirm', leadsToResult: true })
    expect(resultDueLine('waiting')).toEqual({
      text: 'Waiting for the other team to confirm',
      leadsToResult: false,
    })
    expect(resultDueLine('confirming')).toEqual({ text: 'Result confirmed', leadsToResult: false })
    expect(resultDueLine('disputed')).toEqual({
      text: 'Disputed: an admin will decide',
      leadsToResult: false,
    })
    expect(resultDueLine('closed')).toEqual({ text: 'No result was reported', leadsToResult: false })
  })

  it('says only that the result is not settled when the server gave no move (the list was read before the start)', () => {
    for (const move of [null, undefined])
      expect(resultDueLine(move)).toEqual({ text: 'Result not settled yet', leadsToResult: false })
  })
})
