import { format } from 'date-fns'
import type { GameOutcome, PlayDateResultView, ReportInput } from '../../../../domain/play-dates/results'
import {
  type ResultMove,
  scoreLine,
  type TeamSide,
  viewerOutcome,
  winnerOf,
} from '../../../../domain/play-dates/results.rules'
import type { PlayDateDetail } from '../../../../domain/play-dates/play-date.schema'
import { formatDate } from '../../../../domain/play-dates/schedule'

// How a game's result reads to the player looking at it: from their team's side ("Won 11-7,
// 11-5", "Your team did not show"). `side` is null for someone on neither team (an admin), who
// reads it by the teams' names.

// A PlayDate's page once its game can have a result.
export type PlayDateWithResult = PlayDateDetail & { result: PlayDateResultView }

export interface TeamNames {
  creator: string
  responding: string
}

export function outcomeText(outcome: GameOutcome, side: TeamSide | null, names?: TeamNames): string {
  if (outcome.outcome === 'not_played') return 'The game did not happen'
  if (outcome.outcome === 'no_show') {
    if (side === null)
      return `${names ? names[outcome.absentTeam] : teamLabel[outcome.absentTeam]} did not show`
    return outcome.absentTeam === side ? 'Your team did not show' : 'The other team did not show'
  }
  const winner = winnerOf(outcome) ?? 'creator'
  if (side === null) return `${names ? names[winner] : teamLabel[winner]} won ${scoreLine(outcome, winner)}`
  return `${winner === side ? 'Won' : 'Lost'} ${scoreLine(outcome, side)}`
}

// A team's report on its card, under the name of the team that made it: said to the viewer ("You
// won 11-7, 11-4"), as a bare "Won" under "The other team" read as that team's win.
export function reportOutcomeText(outcome: GameOutcome, side: TeamSide | null, names: TeamNames): string {
  if (side === null) return outcomeText(outcome, null, names)
  const text = viewerOutcome(outcome, side)
  return text.charAt(0).toUpperCase() + text.slice(1)
}

const teamLabel: Record<TeamSide, string> = {
  creator: 'The creator team',
  responding: 'The responding team',
}

export const pointsToText = (outcome: GameOutcome) =>
  outcome.outcome === 'played' ? `Games to ${outcome.pointsTo}` : null

export const settledByText: Record<NonNullable<PlayDateResultView['settledBy']>, string> = {
  agreed: 'Both teams agreed',
  unanswered: 'The report stood unanswered',
  admin: 'Decided by an admin',
}

// Who pays whom, and how much, from the viewer's side.
export function paymentText(payingTeam: TeamSide, side: TeamSide | null, amount: string): string {
  if (side === null)
    return payingTeam === 'creator'
      ? `The creator team pays the responding team ${amount}`
      : `The responding team pays the creator team ${amount}`
  return payingTeam === side
    ? `Your team pays the other team ${amount}`
    : `The other team pays your team ${amount}`
}

// What a card on My PlayDates says under the teams once the viewer's matched game has started
// (docs/decisions/0212, 0213): whose move it is, in the words of the dashboard's "Waiting for you"
// and the PlayDate page's result section. `leadsToResult`: the viewer's team has something to do
// there, so the line links to it. Without a move from the server (it read the list before the
// start), the game's result is only "not settled yet".
const moveLines: Record<ResultMove, { text: string; leadsToResult: boolean }> = {
  report: { text: 'Result to report', leadsToResult: true },
  confirm: { text: 'Result to confirm', leadsToResult: true },
  waiting: { text: 'Waiting for the other team to confirm', leadsToResult: false },
  confirming: { text: 'Result confirmed', leadsToResult: false },
  disputed: { text: 'Disputed: an admin will decide', leadsToResult: false },
  closed: { text: 'No result was reported', leadsToResult: false },
}
export const resultDueLine = (move: ResultMove | null | undefined) =>
  move ? moveLines[move] : { text: 'Result not settled yet', leadsToResult: false }

// "Sat, Dec 12", on the PlayDate's own calendar when it has a zone.
export function formatDay(iso: string, zone: string | null): string {
  const instant = new Date(iso)
  return zone ? formatDate(instant, zone) : format(instant, 'EEE, MMM d')
}

// The report form's inputs hold text, as typed: each game's two scores, the reporting team's own
// first.
export interface GameRowValues {
  us: string
  them: string
}
export interface ReportFormValues {
  outcome: ReportInput['outcome'] | ''
  pointsTo: string
  games: GameRowValues[]
}

const emptyGame = (): GameRowValues => ({ us: '', them: '' })
export const reportFormDefaults = (): ReportFormValues => ({
  outcome: '',
  pointsTo: '11',
  games: [emptyGame()],
})

// A blank score is left out, so the schema says what is missing in its own words.
export const score = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()))

// What the form sends, for the domain schema (reportInput) to check.
export function toReportInput(values: ReportFormValues): unknown {
  if (values.outcome !== 'played') return { outcome: values.outcome === '' ? undefined : values.outcome }
  return {
    outcome: 'played',
    pointsTo: Number(values.pointsTo),
    games: values.games.map((g) => ({ us: score(g.us), them: score(g.them) })),
  }
}
