import { addDays, addHours } from 'date-fns'
import { z } from 'zod'

// After the game (docs/decisions/0089-results-and-reliability.md): each team of a matched PlayDate
// reports what happened, from its own side; two reports that say the same settle the result, two
// that differ are a dispute an admin decides, and one report left unanswered stands after a week.

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
  notDisputed: 'Only a disputed game can be decided',
  notPlayed: 'Payment can be marked once the game was played',
  notPayingTeam: 'Only the team that pays can mark the amount paid',
  notEarningTeam: 'Only the team that earns can mark the amount received',
  cancelStarted: 'A game that has started cannot be cancelled: report what happened instead',
  cannotCancel: 'Only an open or matched PlayDate can be cancelled',
  noMoneyThroughApp: 'No money moves through PickleMatch: settle the amount between your teams.',
} as const

// One game, as the team that reports it saw it: its own points first.
export const gameScoreInput = z.object({
  us: z.int('Enter a whole number').min(0, 'Enter a whole number').max(99, 'At most 99 points'),
  them: z.int('Enter a whole number').min(0, 'Enter a whole number').max(99, 'At most 99 points'),
})
export type GameScoreInput = z.infer<typeof gameScoreInput>

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

const playedReport = z
  .object({
    outcome: z.literal('played'),
    pointsTo: z.union([z.literal(11), z.literal(15), z.literal(21)], { error: RESULT_MESSAGES.chooseTarget }),
    games: z
      .array(gameScoreInput, { error: RESULT_MESSAGES.enterScores })
      .min(1, RESULT_MESSAGES.enterScores)
      .max(MAX_GAMES, RESULT_MESSAGES.tooManyGames),
  })
  .superRefine((report, ctx) => {
    const problem = matchProblem(
      report.pointsTo,
      report.games.map((g) => ({ a: g.us, b: g.them })),
    )
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: ['games', problem.index] })
  })

// What a team says happened, from its side. `no_show`: the other team did not come.
export const reportInput = z.discriminatedUnion(
  'outcome',
  // The simplest first: the API document's example body is the first choice.
  [z.object({ outcome: z.literal('not_played') }), z.object({ outcome: z.literal('no_show') }), playedReport],
  { error: RESULT_MESSAGES.chooseOutcome },
)
export type ReportInput = z.infer<typeof reportInput>

// A game's score from the creator team's side, the way results are stored and compared.
export const gameResult = z.object({ creatorTeam: z.int(), respondingTeam: z.int() })
export type GameResult = z.infer<typeof gameResult>

// What happened, told the same way whichever team tells it.
export const gameOutcome = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('played'),
    pointsTo: z.union([z.literal(11), z.literal(15), z.literal(21)]),
    games: z.array(gameResult).min(1).max(MAX_GAMES),
  }),
  z.object({ outcome: z.literal('no_show'), absentTeam: z.enum(teamSides) }),
  z.object({ outcome: z.literal('not_played') }),
])
export type GameOutcome = z.infer<typeof gameOutcome>

// What an admin decides for a disputed game: the outcome, told from the creator team's side.
export const decideResultInput = z
  .discriminatedUnion(
    'outcome',
    [
      z.object({ outcome: z.literal('not_played') }),
      z.object({
        outcome: z.literal('played'),
        pointsTo: z.union([z.literal(11), z.literal(15), z.literal(21)], {
          error: RESULT_MESSAGES.chooseTarget,
        }),
        games: z
          .array(
            z.object({ creatorTeam: gameScoreInput.shape.us, respondingTeam: gameScoreInput.shape.them }),
            {
              error: RESULT_MESSAGES.enterScores,
            },
          )
          .min(1, RESULT_MESSAGES.enterScores)
          .max(MAX_GAMES, RESULT_MESSAGES.tooManyGames),
      }),
      z.object({
        outcome: z.literal('no_show'),
        absentTeam: z.enum(teamSides, { error: 'Choose the team that did not show' }),
      }),
    ],
    { error: RESULT_MESSAGES.chooseOutcome },
  )
  .superRefine((decision, ctx) => {
    if (decision.outcome !== 'played') return
    const problem = matchProblem(
      decision.pointsTo,
      decision.games.map((g) => ({ a: g.creatorTeam, b: g.respondingTeam })),
    )
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: ['games', problem.index] })
  })
export type DecideResultInput = z.infer<typeof decideResultInput>

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

// The report window of a game: from its start to REPORT_WINDOW_DAYS after. A PlayDate with no
// time ('Time to be agreed') can be reported any time once matched.
export function reportWindow(startsAt: Date | null): { opensAt: Date | null; closesAt: Date | null } {
  if (!startsAt) return { opensAt: null, closesAt: null }
  return { opensAt: startsAt, closesAt: addDays(startsAt, REPORT_WINDOW_DAYS) }
}

// A report stands unanswered this long after it was made.
export const standsAt = (reportedAt: Date) => addDays(reportedAt, ANSWER_DAYS)

// Whether cancelling now counts as a late cancel.
export function isLateCancel(startsAt: Date | null, now: Date): boolean {
  return startsAt !== null && now.getTime() > addHours(startsAt, -LATE_CANCEL_HOURS).getTime()
}

// Who pays: in a Pay PlayDate (challenge) the creator team pays the stronger team it challenges;
// in an Earn PlayDate the creator team earns.
export const payingSide = (type: 'challenge' | 'earn'): TeamSide =>
  type === 'challenge' ? 'creator' : 'responding'

// The wire shape of a game's result on the PlayDate page (its four players and admins).
export const resultStates = ['not_yet', 'open', 'waiting', 'disputed', 'settled', 'closed'] as const
export type ResultState = (typeof resultStates)[number]

export const reporterView = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() })

export const teamReportView = z.object({
  team: z.enum(teamSides),
  reporter: reporterView,
  outcome: gameOutcome,
  createdAt: z.string(),
  // When it stands if the other team does not answer (null once the other team has reported).
  standsAt: z.string().nullable(),
})
export type TeamReportView = z.infer<typeof teamReportView>

export const playDateResultView = z.object({
  // not_yet: before the start; open: no report yet; waiting: one team has reported; disputed:
  // the reports differ; settled: the result is final; closed: the window passed with no report.
  state: z.enum(resultStates),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  reports: z.array(teamReportView),
  outcome: gameOutcome.nullable(),
  settledBy: z.enum(['agreed', 'unanswered', 'admin']).nullable(),
  settledAt: z.string().nullable(),
  payment: z
    .object({
      payingTeam: z.enum(teamSides),
      // The whole amount agreed for the game (per hour × length), null without a length.
      amount: z.number().nullable(),
      paidAt: z.string().nullable(),
      paidBy: reporterView.nullable(),
      receivedAt: z.string().nullable(),
      receivedBy: reporterView.nullable(),
    })
    .nullable(),
  viewer: z.object({
    team: z.enum(teamSides).nullable(),
    canReport: z.boolean(),
    canConfirm: z.boolean(),
    canMarkPaid: z.boolean(),
    canMarkReceived: z.boolean(),
  }),
})
export type PlayDateResultView = z.infer<typeof playDateResultView>

export const paymentInput = z.object({
  mark: z.enum(['paid', 'received'], { error: 'Choose paid or received' }),
})
export type PaymentInput = z.infer<typeof paymentInput>

// A player's record over the last RELIABILITY_MONTHS months.
export const reliabilitySummary = z.object({
  played: z.int(),
  noShows: z.int(),
  lateCancels: z.int(),
})
export type ReliabilitySummary = z.infer<typeof reliabilitySummary>

// The records of the players a list's cards show, asked for after the list's rows arrive
// (GET /api/profiles/reliability?ids=…), so the list's own read stays as fast as it was.
export const RELIABILITY_IDS_MAX = 40
export const RELIABILITY_MESSAGES = {
  noIds: 'Name at least one player',
  invalidId: 'Invalid player id',
  tooMany: `At most ${RELIABILITY_IDS_MAX} players at a time`,
}
const profileIdText = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}'
const profileId = new RegExp(`^${profileIdText}$`)
// Player ids separated by commas; each is checked and the number is bounded, with a message for
// each. The pattern states the same for the API document.
export const reliabilityQuery = z.object({
  ids: z
    .string({ error: RELIABILITY_MESSAGES.noIds })
    .min(1, RELIABILITY_MESSAGES.noIds)
    .max(RELIABILITY_IDS_MAX * 37 - 1, RELIABILITY_MESSAGES.tooMany)
    .meta({
      pattern: `^${profileIdText}(,${profileIdText}){0,${RELIABILITY_IDS_MAX - 1}}$`,
      description: `Up to ${RELIABILITY_IDS_MAX} player (profile) ids, separated by commas`,
    })
    .transform((text) => text.split(','))
    .superRefine((ids, ctx) => {
      if (ids.some((id) => !profileId.test(id)))
        ctx.addIssue({ code: 'custom', message: RELIABILITY_MESSAGES.invalidId })
      else if (ids.length > RELIABILITY_IDS_MAX)
        ctx.addIssue({ code: 'custom', message: RELIABILITY_MESSAGES.tooMany })
    })
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
})

export const playerReliability = reliabilitySummary.extend({ playerId: z.string() })
export type PlayerReliability = z.infer<typeof playerReliability>
// One record per player asked for, in the order asked (no games: all zeros).
export const playerReliabilityList = z.object({ items: z.array(playerReliability) })
export type PlayerReliabilityList = z.infer<typeof playerReliabilityList>

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

// "Played 14 · 0 no-shows", with late cancels when there are any.
export function reliabilityLine(r: ReliabilitySummary): string {
  const parts = [`Played ${r.played}`, plural(r.noShows, 'no-show')]
  if (r.lateCancels > 0) parts.push(plural(r.lateCancels, 'late cancel'))
  return parts.join(' · ')
}

// An admin's list of disputed games.
export const disputedPlayDate = z.object({
  id: z.string(),
  startsAt: z.string().nullable(),
  timeZone: z.string().nullable(),
  creatorTeam: z.string(),
  respondingTeam: z.string(),
  reports: z.array(teamReportView),
  disputedAt: z.string(),
})
export type DisputedPlayDate = z.infer<typeof disputedPlayDate>

// A DUPR ID as DUPR shows it: letters and digits, kept in capitals.
export const DUPR_ID_INVALID = 'A DUPR ID is 4 to 12 letters and digits'
export const duprIdInput = z.object({
  duprId: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{4,12}$/, DUPR_ID_INVALID))
    .nullable(),
})
