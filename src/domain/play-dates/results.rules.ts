import { addDays, addHours } from 'date-fns'

// The zod-free part of a game's result: its limits, labels and messages, and the pure rules that
// tell and compare outcomes. Pages that only show results import these from here, so they load no
// schema and no zod (docs/decisions/0118-zod-free-display-pages.md); results.ts re-exports them.

// A team reports from the start until this long after it; the other team then has as long again
// from the first report to confirm it or say otherwise.
export const REPORT_WINDOW_DAYS = 7
export const ANSWER_DAYS = 7
// Cancelling a matched game closer than this to its start counts against the team that cancels.
export const LATE_CANCEL_HOURS = 24
// Reliability counts the games of this many months back.
export const RELIABILITY_MONTHS = 12

export const MAX_GAMES = 3
export const pointTargets = [11, 15, 21] as const
export type PointTarget = (typeof pointTargets)[number]

export const reportOutcomes = ['played', 'no_show', 'not_played'] as const
export type ReportOutcome = (typeof reportOutcomes)[number]
export const reportOutcomeLabel: Record<ReportOutcome, string> = {
  played: 'We played',
  no_show: 'The other team did not show',
  not_played: 'The game did not happen',
}

// The two sides of a matched PlayDate.
export const teamSides = ['creator', 'responding'] as const
export type TeamSide = (typeof teamSides)[number]
export const otherSide = (side: TeamSide): TeamSide => (side === 'creator' ? 'responding' : 'creator')

// The shapes the rules below read. They live here, with no zod, for the pages that only show
// results; results.ts checks its schemas against them.
// A team's report, from its own side: its points first.
export type ReportInput =
  | { outcome: 'not_played' }
  | { outcome: 'no_show' }
  | { outcome: 'played'; pointsTo: PointTarget; games: { us: number; them: number }[] }
// A game's score from the creator team's side.
export interface GameResult {
  creatorTeam: number
  respondingTeam: number
}
// What happened, told the same way whichever team tells it.
export type GameOutcome =
  | { outcome: 'played'; pointsTo: PointTarget; games: GameResult[] }
  | { outcome: 'no_show'; absentTeam: TeamSide }
  | { outcome: 'not_played' }
// A player's record over the last RELIABILITY_MONTHS months.
export interface ReliabilitySummary {
  played: number
  noShows: number
  lateCancels: number
  // Of the player's late drop-outs, those whose spot someone took: marked "replaced".
  replaced: number
  // Spots taken as a sub: "Saved a game".
  savedGames: number
}

export const RESULT_MESSAGES = {
  gameScore: 'Each game goes to 11, 15 or 21 and is won by 2 points',
  thirdGameNeeded: 'A match tied at one game each needs a third game',
  matchAlreadyWon: 'The match was won in two games: remove the third',
  chooseTarget: 'Choose 11, 15 or 21 points',
  chooseOutcome: 'Choose what happened',
  enterScores: 'Enter the score of at least one game',
  tooManyGames: `At most ${MAX_GAMES} games`,
  notMatched: 'Only a matched PlayDate can have a result',
  notStarted: 'A result can be reported once the game has started',
  windowClosed: `Results can be reported up to ${REPORT_WINDOW_DAYS} days after the game`,
  alreadyReported: 'Your team has already reported this game',
  nothingToConfirm: 'There is no report from the other team to confirm',
  answerClosed: 'The other team’s report already stands',
  settled: 'This game’s result is already settled',
  nothingToUndo: 'There is no confirmation to undo',
  notYourConfirmation: 'Only the player who confirmed the result can undo it',
  undoClosed: 'The minute to undo has passed: the confirmed result stands',
  notDisputed: 'Only a disputed game can be decided',
  notPlayed: 'Payment can be marked once the game was played',
  // A free game (a group's weekly game may cost nothing, docs/decisions/0169).
  freeGame: 'This game was free: there is nothing to pay',
  notPayingTeam: 'Only the team that pays can mark the amount paid',
  notEarningTeam: 'Only the team that earns can mark the amount received',
  cancelStarted: 'A game that has started cannot be cancelled: report what happened instead',
  cannotCancel: 'Only an open or matched PlayDate can be cancelled',
  noMoneyThroughApp: 'No money moves through PickleMatch: settle the amount between your teams.',
} as const

// A game to `to` points, won by 2: the winner has exactly `to` and the loser at most to − 2, or,
// past a tie at to − 1, the winner is 2 ahead.
export function validGame(to: number, a: number, b: number): boolean {
  const high = Math.max(a, b)
  const low = Math.min(a, b)
  if (high === low || high < to) return false
  return high === to ? low <= to - 2 : high - low === 2
}

interface Scored {
  a: number
  b: number
}
// Where a list of games breaks the best-of-three rule, and with which message; null when it holds.
export function matchProblem(
  to: number,
  games: ReadonlyArray<Scored>,
): { index: number; message: string } | null {
  for (const [index, game] of games.entries()) {
    if (!validGame(to, game.a, game.b)) return { index, message: RESULT_MESSAGES.gameScore }
  }
  const winners = games.map((g) => (g.a > g.b ? 'a' : 'b'))
  if (games.length === 2 && winners[0] !== winners[1])
    return { index: 1, message: RESULT_MESSAGES.thirdGameNeeded }
  if (games.length === 3 && winners[0] === winners[1])
    return { index: 2, message: RESULT_MESSAGES.matchAlreadyWon }
  return null
}

// A team's report told from the creator team's side.
export function outcomeOf(report: ReportInput, side: TeamSide): GameOutcome {
  if (report.outcome === 'not_played') return { outcome: 'not_played' }
  if (report.outcome === 'no_show') return { outcome: 'no_show', absentTeam: otherSide(side) }
  return {
    outcome: 'played',
    pointsTo: report.pointsTo,
    games: report.games.map((g) =>
      side === 'creator'
        ? { creatorTeam: g.us, respondingTeam: g.them }
        : { creatorTeam: g.them, respondingTeam: g.us },
    ),
  }
}

// Whether two reports tell the same game.
export function sameOutcome(a: GameOutcome, b: GameOutcome): boolean {
  if (a.outcome !== b.outcome) return false
  if (a.outcome === 'no_show' && b.outcome === 'no_show') return a.absentTeam === b.absentTeam
  if (a.outcome === 'played' && b.outcome === 'played') {
    return (
      a.pointsTo === b.pointsTo &&
      a.games.length === b.games.length &&
      a.games.every(
        (g, i) =>
          g.creatorTeam === b.games[i]!.creatorTeam && g.respondingTeam === b.games[i]!.respondingTeam,
      )
    )
  }
  return true
}

// The team that won a played match.
export function winnerOf(outcome: GameOutcome): TeamSide | null {
  if (outcome.outcome !== 'played') return null
  const creatorWins = outcome.games.filter((g) => g.creatorTeam > g.respondingTeam).length
  return creatorWins * 2 > outcome.games.length ? 'creator' : 'responding'
}

// "11-7, 9-11, 11-5", from the given side.
export function scoreLine(outcome: GameOutcome, side: TeamSide = 'creator'): string {
  if (outcome.outcome !== 'played') return ''
  return outcome.games
    .map((g) =>
      side === 'creator' ? `${g.creatorTeam}-${g.respondingTeam}` : `${g.respondingTeam}-${g.creatorTeam}`,
    )
    .join(', ')
}

// A result from one team's side, as said to a player on it: "you lost 7-11, 5-11" (the dashboard's
// "Maya Lopez reported: you lost 7-11, 5-11", a report's card on the game's page).
export function viewerOutcome(outcome: GameOutcome, side: TeamSide): string {
  switch (outcome.outcome) {
    case 'played':
      return `you ${winnerOf(outcome) === side ? 'won' : 'lost'} ${scoreLine(outcome, side)}`
    case 'no_show':
      return outcome.absentTeam === side ? 'your team did not show' : 'the other team did not show'
    case 'not_played':
      return 'the game did not happen'
  }
}

// The report window of a game: from its start to REPORT_WINDOW_DAYS after. A PlayDate with no
// time ('Time to be agreed') can be reported any time once matched.
export function reportWindow(startsAt: Date | null): { opensAt: Date | null; closesAt: Date | null } {
  if (!startsAt) return { opensAt: null, closesAt: null }
  return { opensAt: startsAt, closesAt: addDays(startsAt, REPORT_WINDOW_DAYS) }
}

// A report stands unanswered this long after it was made.
export const standsAt = (reportedAt: Date) => addDays(reportedAt, ANSWER_DAYS)

// A one-tap confirmation can be undone for this long; then it settles the result
// (docs/decisions/0159).
export const CONFIRM_UNDO_SECONDS = 60
export const undoUntil = (confirmedAt: Date) => new Date(confirmedAt.getTime() + CONFIRM_UNDO_SECONDS * 1000)

// Whether cancelling now counts as a late cancel.
export function isLateCancel(startsAt: Date | null, now: Date): boolean {
  return startsAt !== null && now.getTime() > addHours(startsAt, -LATE_CANCEL_HOURS).getTime()
}

// Who pays: in a Pay PlayDate (challenge) the creator team pays the stronger team it challenges;
// in an Earn PlayDate the creator team earns.
export const payingSide = (type: 'challenge' | 'earn'): TeamSide =>
  type === 'challenge' ? 'creator' : 'responding'

// The states of a game's result, as the PlayDate page shows them.
export const resultStates = [
  'not_yet',
  'open',
  'waiting',
  'confirming',
  'disputed',
  'settled',
  'closed',
] as const
export type ResultState = (typeof resultStates)[number]

// Whose move it is on a game of the viewer's that has started and is not settled, from their
// team's side, as My PlayDates' cards read it (docs/decisions/0213): report: no team has
// reported; confirm: the other team reported and waits for an answer; waiting: the viewer's team
// reported; confirming: a confirmation settles it in a minute; disputed: an admin decides;
// closed: the week to report passed with no report.
export const resultMoves = ['report', 'confirm', 'waiting', 'confirming', 'disputed', 'closed'] as const
export type ResultMove = (typeof resultMoves)[number]

// The records of the players a list's cards show are asked for after the list's rows arrive
// (GET /api/profiles/reliability?ids=…), at most this many at a time.
export const RELIABILITY_IDS_MAX = 40
export const RELIABILITY_MESSAGES = {
  noIds: 'Name at least one player',
  invalidId: 'Invalid player id',
  tooMany: `At most ${RELIABILITY_IDS_MAX} players at a time`,
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

// "Played 14 · 0 no-shows", with late cancels when there are any ("1 late cancel, replaced" when
// someone took the spot) and the games saved as a sub ("Saved a game").
export function reliabilityLine(r: ReliabilitySummary): string {
  const parts = [`Played ${r.played}`, plural(r.noShows, 'no-show')]
  if (r.lateCancels > 0) parts.push(lateCancelsText(r))
  if (r.savedGames > 0) parts.push(savedGamesText(r.savedGames))
  return parts.join(' · ')
}

export function lateCancelsText(r: Pick<ReliabilitySummary, 'lateCancels' | 'replaced'>) {
  const cancels = plural(r.lateCancels, 'late cancel')
  if (r.replaced === 0) return cancels
  return r.replaced === r.lateCancels && r.lateCancels === 1
    ? `${cancels}, replaced`
    : `${cancels} (${r.replaced} replaced)`
}

export const savedGamesText = (n: number) => (n === 1 ? 'Saved a game' : `Saved ${n} games`)

// A DUPR ID as DUPR shows it: letters and digits, kept in capitals.
export const DUPR_ID_INVALID = 'A DUPR ID is 4 to 12 letters and digits'
