import type { GameOutcome, TeamSide } from '../../../../domain/play-dates/results'
import { score } from '../../play-dates'

// What an admin's decision form holds: text as typed, the scores from the creator team's side.
export interface DecideFormValues {
  outcome: GameOutcome['outcome'] | ''
  pointsTo: string
  games: Array<{ creatorTeam: string; respondingTeam: string }>
  absentTeam: TeamSide | ''
}

// A blank form, or one filled in from a team's report ("Use this report"), to keep or change.
export function decideFormValues(first?: GameOutcome): DecideFormValues {
  const base: DecideFormValues = {
    outcome: '',
    pointsTo: '11',
    games: [{ creatorTeam: '', respondingTeam: '' }],
    absentTeam: '',
  }
  if (!first) return base
  if (first.outcome === 'played')
    return {
      ...base,
      outcome: 'played',
      pointsTo: String(first.pointsTo),
      games: first.games.map((g) => ({
        creatorTeam: String(g.creatorTeam),
        respondingTeam: String(g.respondingTeam),
      })),
    }
  if (first.outcome === 'no_show') return { ...base, outcome: 'no_show', absentTeam: first.absentTeam }
  return { ...base, outcome: 'not_played' }
}

// What the form sends, for the domain schema (decideResultInput) to check.
export function toDecideInput(values: DecideFormValues): unknown {
  if (values.outcome === 'played')
    return {
      outcome: 'played',
      pointsTo: Number(values.pointsTo),
      games: values.games.map((g) => ({
        creatorTeam: score(g.creatorTeam),
        respondingTeam: score(g.respondingTeam),
      })),
    }
  if (values.outcome === 'no_show')
    return { outcome: 'no_show', absentTeam: values.absentTeam === '' ? undefined : values.absentTeam }
  return { outcome: values.outcome === '' ? undefined : values.outcome }
}
