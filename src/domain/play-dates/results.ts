import { z } from 'zod'
import {
  DUPR_ID_INVALID,
  type GameOutcome,
  type GameResult,
  MAX_GAMES,
  matchProblem,
  RELIABILITY_IDS_MAX,
  RELIABILITY_MESSAGES,
  type ReliabilitySummary,
  type ReportInput,
  RESULT_MESSAGES,
  resultStates,
  teamSides,
} from './results.rules'

export * from './results.rules'

// After the game (docs/decisions/0089-results-and-reliability.md): each team of a matched PlayDate
// reports what happened, from its own side; two reports that say the same settle the result, two
// that differ are a dispute an admin decides, and one report left unanswered stands after a week.

// One game, as the team that reports it saw it: its own points first.
export const gameScoreInput = z.object({
  us: z.int('Enter a whole number').min(0, 'Enter a whole number').max(99, 'At most 99 points'),
  them: z.int('Enter a whole number').min(0, 'Enter a whole number').max(99, 'At most 99 points'),
})
export type GameScoreInput = z.infer<typeof gameScoreInput>

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
) satisfies z.ZodType<ReportInput>

// A game's score from the creator team's side, the way results are stored and compared.
export const gameResult = z.object({
  creatorTeam: z.int(),
  respondingTeam: z.int(),
}) satisfies z.ZodType<GameResult>

// What happened, told the same way whichever team tells it.
export const gameOutcome = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('played'),
    pointsTo: z.union([z.literal(11), z.literal(15), z.literal(21)]),
    games: z.array(gameResult).min(1).max(MAX_GAMES),
  }),
  z.object({ outcome: z.literal('no_show'), absentTeam: z.enum(teamSides) }),
  z.object({ outcome: z.literal('not_played') }),
]) satisfies z.ZodType<GameOutcome>

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

// The wire shape of a game's result on the PlayDate page (its four players and admins).
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
  // not_yet: before the start; open: no report yet; waiting: one team has reported; confirming:
  // the other team confirmed it and the result settles in a minute unless the player who
  // confirmed undoes it; disputed: the reports differ; settled: the result is final; closed: the
  // window passed with no report.
  state: z.enum(resultStates),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  reports: z.array(teamReportView),
  outcome: gameOutcome.nullable(),
  // The confirmation that waits to settle the result (state 'confirming'), null otherwise.
  confirmation: z
    .object({
      by: reporterView,
      confirmedAt: z.string(),
      undoUntil: z.string(),
      // Whole seconds left to undo it by the server's clock (0 once the minute has passed).
      secondsLeft: z.int().min(0),
    })
    .nullable(),
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
    // The viewer confirmed the report and the minute to undo it has not passed.
    canUndoConfirm: z.boolean(),
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
  // Late cancels of the player's team, and the player's own drop-outs under 24 hours before the
  // start (docs/decisions/0152-waitlist-drop-outs-and-subs.md).
  lateCancels: z.int(),
  // Of those drop-outs, the ones whose spot someone took: marked "replaced".
  replaced: z.int(),
  // Spots taken as a sub: "Saved a game".
  savedGames: z.int(),
}) satisfies z.ZodType<ReliabilitySummary>

// The records of the players a list's cards show, asked for after the list's rows arrive
// (GET /api/profiles/reliability?ids=…), so the list's own read stays as fast as it was.
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
export const duprIdInput = z.object({
  duprId: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{4,12}$/, DUPR_ID_INVALID))
    .nullable(),
})
