import { z } from 'zod'
import { gameOutcome, playDateResultView, reliabilitySummary, resultMoves } from './results'
import { DEFAULT_DURATION, startDoesNotExist, zonedInstant, zoneOfState } from './schedule'
import { durationInput, placeInput, startDateInput, startTimeInput, timeZoneInput } from './schedule.schema'
import { cleanChatText } from '../display-text'
import { photoUrlField } from '../players/profile-photo'
import { dateFilters, rangeProblem } from './date-window'
import { RATING_MAX, RATING_MIN } from './spots'
import { type DistanceChoice, distanceChoices } from '../places/distance'
import { groupAudiences } from './group-offer'
import {
  playDateTypes,
  playDateStatuses,
  requestStatuses,
  stateCodes,
  regionsOf,
  DESCRIPTION_MAX,
  MESSAGE_MAX,
  AMOUNT_MAX,
  amountTooHigh,
  playDateTabs,
  availableSorts,
  type PlayDateType,
} from './play-date.constants'

export * from './play-date.constants'

// `teach` is accepted on input as an alias of `earn`.
export const playDateTypeInput = z
  .enum(['challenge', 'earn', 'teach'], { error: 'Choose Pay or Earn' })
  .transform((value): PlayDateType => (value === 'teach' ? 'earn' : value))

// A JSON number: `true` or `[30]` are not amounts (coercion took them as 1 and 30).
export const amountInput = z
  .number({ error: 'Amount must be above 0' })
  .int('Amount must be a whole number of dollars')
  .min(1, 'Amount must be above 0')
  .max(AMOUNT_MAX, amountTooHigh)

// Optional (issue 53): a PlayDate without one keeps an empty description.
export const descriptionInput = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`)
  .default('')

// A key the app makes for one thing the player means to create (a PlayDate, a message), sent
// again when the same thing is sent again: an answer lost on the way (the server created it, the
// phone never heard) and a second try gives back what the first created instead of a second one.
export const requestKeyInput = z
  .uuid({ error: 'Invalid request key' })
  .optional()
  .describe('Optional. The same key on a second request returns what the first created.')

export const PARTNER_OR_WANTED = 'Choose a partner or Partner wanted, not both'
export const RANGE_BOTH = 'Give the lowest and the highest rating'
export const RANGE_ORDER = 'The lowest rating cannot be above the highest'
const duprBound = z
  .number({ error: 'Ratings go from 2.00 to 7.00' })
  .min(RATING_MIN, 'Ratings go from 2.00 to 7.00')
  .max(RATING_MAX, 'Ratings go from 2.00 to 7.00')
  .transform((value) => Math.round(value * 100) / 100)

export const createPlayDateInput = z
  .object({
    type: playDateTypeInput,
    state: z.enum(stateCodes, { error: 'Choose a state' }),
    regions: z
      .array(z.string(), { error: 'Select at least one region' })
      .min(1, 'Select at least one region')
      .max(10),
    // A friend as partner, or none with `partnerWanted`: posted alone, a player joining alone
    // becomes the partner (docs/decisions/0137-spots-and-solo-teams.md).
    partnerId: z.uuid({ error: 'Please select a partner' }).optional(),
    partnerWanted: z.boolean().default(false),
    // Who may join alone; unsaid, the creator team's rating ±0.5 (the creator's own when posted
    // alone). Pairs apply whatever the range.
    minDupr: duprBound.optional(),
    maxDupr: duprBound.optional(),
    amount: amountInput,
    description: descriptionInput,
    // When: a date and time on the wall clock of the PlayDate's zone (the state's, unless the
    // creator picks another), and how long.
    startDate: startDateInput,
    startTime: startTimeInput,
    timeZone: timeZoneInput.optional(),
    durationMinutes: durationInput.default(DEFAULT_DURATION),
    // Where: a venue of the state and regions, or the creator's words for another place.
    venueId: z.uuid({ error: 'Choose a venue' }).nullable().default(null),
    place: placeInput.nullable().default(null),
    requestKey: requestKeyInput,
    // For one of the poster's groups: offered to its members first, then to everyone 24 hours
    // later or never (docs/decisions/0168).
    groupId: z.uuid({ error: 'Choose a group' }).nullable().default(null),
    groupAudience: z.enum(groupAudiences, { error: 'Choose who can join' }).default('members_first'),
  })
  .superRefine((value, ctx) => {
    if (value.partnerWanted && value.partnerId) {
      ctx.addIssue({ code: 'custom', path: ['partnerId'], message: PARTNER_OR_WANTED })
    }
    if (!value.partnerWanted && !value.partnerId) {
      ctx.addIssue({ code: 'custom', path: ['partnerId'], message: 'Please select a partner' })
    }
    if ((value.minDupr === undefined) !== (value.maxDupr === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['maxDupr'], message: RANGE_BOTH })
    } else if (value.minDupr !== undefined && value.maxDupr !== undefined && value.minDupr > value.maxDupr) {
      ctx.addIssue({ code: 'custom', path: ['maxDupr'], message: RANGE_ORDER })
    }
    if (value.venueId && value.place) {
      ctx.addIssue({
        code: 'custom',
        path: ['place'],
        message: 'Choose a venue or write the place, not both',
      })
    }
    const zone = value.timeZone ?? zoneOfState[value.state]
    if (
      /^\d{4}-\d{2}-\d{2}$/.test(value.startDate) &&
      /^\d{2}:\d{2}$/.test(value.startTime) &&
      !zonedInstant(value.startDate, value.startTime, zone)
    ) {
      ctx.addIssue({ code: 'custom', path: ['startTime'], message: startDoesNotExist })
    }
    const allowed = new Set(regionsOf(value.state).map((r) => r.key))
    if (value.regions.some((r) => !allowed.has(r))) {
      ctx.addIssue({ code: 'custom', path: ['regions'], message: 'Select regions of the chosen state' })
    }
    if (new Set(value.regions).size !== value.regions.length) {
      ctx.addIssue({ code: 'custom', path: ['regions'], message: 'Each region can be chosen once' })
    }
  })
export type CreatePlayDateInput = z.input<typeof createPlayDateInput>

// With a friend as partner, as the spec has it, or alone ("Join alone").
export const applyInput = z
  .object({
    partnerId: z.uuid({ error: 'Please select a friend' }).optional(),
    alone: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (!value.alone && !value.partnerId) {
      ctx.addIssue({ code: 'custom', path: ['partnerId'], message: 'Please select a friend' })
    }
    if (value.alone && value.partnerId) {
      ctx.addIssue({ code: 'custom', path: ['partnerId'], message: 'Apply with a friend or alone, not both' })
    }
  })

// Where the creator team puts a player who applied alone: as the partner they wanted, or on the
// other side. Unsaid: the partner wanted first, else the other side.
export const acceptInput = z.object({ side: z.enum(['creator', 'other']).optional() })

export const messageInput = z.object({
  content: z.preprocess(
    cleanChatText,
    z
      .string({ error: 'Message cannot be empty' })
      .trim()
      .min(1, 'Message cannot be empty')
      .max(MESSAGE_MAX, `Messages can be at most ${MESSAGE_MAX} characters`),
  ),
  requestKey: requestKeyInput,
})

export const SELECT_REGION_OF_STATE = 'Select a region of the chosen state'
const localDateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date')
  .optional()

export const playDateListQuery = z
  .object({
    tab: z.enum(playDateTabs).default('mine'),
    minRating: z.coerce.number().min(2).max(7).optional(),
    maxRating: z.coerce.number().min(2).max(7).optional(),
    // Available only: when (in the game's own time zone), where, soonest first.
    when: z.enum(dateFilters).optional(),
    from: localDateParam,
    to: localDateParam,
    state: z.enum(stateCodes).optional(),
    region: z.string().max(40).optional(),
    // Available only: "Games I can join alone", those whose range takes the player's own rating.
    alone: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
    // Available only: games at venues within this many miles of the player's home, and the order
    // (soonest first unless "nearest": nearest first, places without coordinates last).
    within: z
      .enum(distanceChoices.map(String) as [string, ...string[]], { error: 'Choose 5, 10, 25 or 50 miles' })
      .transform((value) => Number(value) as DistanceChoice)
      .optional(),
    sort: z.enum(availableSorts, { error: 'Choose soonest or nearest first' }).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(20),
  })
  .superRefine((q, ctx) => {
    if (q.minRating !== undefined && q.maxRating !== undefined && q.minRating > q.maxRating) {
      ctx.addIssue({
        code: 'custom',
        message: 'The minimum rating cannot be above the maximum',
        path: ['minRating'],
      })
    }
    if (q.when === 'range') {
      const problem = rangeProblem(q.from, q.to)
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] })
    }
    if (q.region !== undefined && (!q.state || !regionsOf(q.state).some((r) => r.key === q.region))) {
      ctx.addIssue({ code: 'custom', message: SELECT_REGION_OF_STATE, path: ['region'] })
    }
  })

// Wire shapes.
export const playerSummary = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(['male', 'female']),
  // Null: no DUPR rating yet; the team average counts the self rating instead.
  duprRating: z.number().nullable(),
  selfRating: z.number(),
  photoUrl: photoUrlField,
  // The player's record over the last 12 months, where a screen shows it (the PlayDate page and
  // its applications).
  reliability: reliabilitySummary.optional(),
  // On a PlayDate's two sides: the player came to that side on their own (applied or joined alone,
  // took a spot from the waitlist or as a sub alone), not with the partner they applied or posted
  // with (docs/decisions/0207-joined-alone-player-by-player.md).
  joinedAlone: z.boolean().optional(),
})
export type PlayerSummary = z.infer<typeof playerSummary>

export const teamSummary = z.object({
  captain: playerSummary,
  partner: playerSummary.nullable(),
  averageDupr: z.number(),
  averageSelf: z.number(),
})
export type TeamSummary = z.infer<typeof teamSummary>

export const playDateSummary = z.object({
  id: z.string(),
  type: z.enum(playDateTypes),
  doublesType: z.string(),
  status: z.enum(playDateStatuses),
  state: z.enum(stateCodes),
  regions: z.array(z.string()),
  paymentPerHourMin: z.number(),
  paymentPerHourMax: z.number(),
  description: z.string(),
  // When and where: null on PlayDates from before times and places ('Time to be agreed').
  startsAt: z.string().nullable(),
  timeZone: z.string().nullable(),
  durationMinutes: z.number().nullable(),
  venue: z
    .object({ id: z.string(), name: z.string(), address: z.string(), city: z.string(), state: z.string() })
    .nullable(),
  place: z.string().nullable(),
  creatorTeam: teamSummary,
  // Who may join alone (null: anyone, on PlayDates from before ranges).
  duprRange: z.object({ min: z.number(), max: z.number() }).nullable(),
  // The open spots of each side: the creator's (1 when a partner is wanted) and the other (0 to 2).
  spots: z.object({
    creatorSide: z.number(),
    otherSide: z.number(),
    left: z.number(),
    partnerWanted: z.boolean(),
  }),
  // On the player's own lists (My PlayDates, History): the accepted responding team once there is
  // one, null before. Available's cards leave it out.
  respondingTeam: teamSummary.nullable().optional(),
  // On the same lists: the game's result once settled (told from the creator team's side), null
  // before and on a game that never had one.
  result: gameOutcome.nullable().optional(),
  // On My PlayDates: whose move it is on the viewer's own matched game once it has started by the
  // server's clock (docs/decisions/0213), null before and on an open game. On History: 'closed' on
  // a game whose result was never reported (0217), null on the others. Other lists leave it out.
  resultMove: z.enum(resultMoves).nullable().optional(),
  // On Available and the dashboard's games near you: miles from the player's home to the venue
  // (null at a place without coordinates, or for a player without a home).
  distanceMiles: z.number().nullable().optional(),
  // A group's game: the group, and when it opens to everyone (null: never, members only). Before
  // then only the group's members (and its players) see it (docs/decisions/0168).
  group: z
    .object({ id: z.string(), name: z.string(), openToAllAt: z.string().nullable() })
    .nullable()
    .optional(),
  requestCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type PlayDateSummary = z.infer<typeof playDateSummary>

export const playDateRequestView = z.object({
  id: z.string(),
  status: z.enum(requestStatuses),
  // Applied alone: the team's captain with no partner.
  solo: z.boolean(),
  team: teamSummary,
  createdAt: z.string(),
})
export type PlayDateRequestView = z.infer<typeof playDateRequestView>

// A waitlisted application as the creator sees it, in order (1 first in line).
export const waitlistEntryView = playDateRequestView.extend({ position: z.number() })
export type WaitlistEntryView = z.infer<typeof waitlistEntryView>

// A spot offered to the viewer (docs/decisions/0138-offer-timings-and-waves.md): from the waitlist,
// theirs alone until `exclusiveUntil`; or as a sub, asked with their wave.
export const spotOfferView = z.object({
  id: z.string(),
  kind: z.enum(['waitlist', 'sub']),
  exclusiveUntil: z.string(),
})
export type SpotOfferView = z.infer<typeof spotOfferView>

export const playDateDetail = playDateSummary.extend({
  // The other side once anyone holds a spot on it (a player alone is its captain with no partner
  // until a second player alone joins).
  respondingTeam: teamSummary.nullable(),
  cancelledBy: playerSummary.nullable(),
  viewer: z.object({
    // The viewer applied alone or joined alone, and can withdraw until the game is matched.
    canWithdraw: z.boolean(),
    isCreatorTeam: z.boolean(),
    isRespondingTeam: z.boolean(),
    myRequest: playDateRequestView.nullable(),
    canApply: z.boolean(),
    canCancel: z.boolean(),
    // Cancelling now would count as a late cancel for the viewer's team (under 24 h to go).
    cancelIsLate: z.boolean(),
    canChat: z.boolean(),
    // A group's game, and the viewer is one of the group's members or an admin: those who may open
    // the group's page (docs/decisions/0166). The page names the group for them whether or not the
    // game is open to everyone yet.
    canOpenGroup: z.boolean(),
    // The viewer's place on the waitlist of a full game ("You're #2 on the waitlist"), or null.
    waitlistPosition: z.number().nullable(),
    // A spot offered to the viewer, still open: one tap takes it.
    offer: spotOfferView.nullable(),
    // A player of a matched game (not its creator) may drop out before the start, alone or with
    // their partner on the other side; under 24 hours before the start it is a late cancel.
    canLeave: z.boolean(),
    canLeaveWithPartner: z.boolean(),
    leaveIsLate: z.boolean(),
    // The players left on a side with an open spot may ask for a sub once the waitlist has no one
    // left to offer it to.
    canFindSub: z.boolean(),
  }),
  // The waitlist in order, shown to the creator (who may reorder it); empty for everyone else.
  waitlist: z.array(waitlistEntryView),
  // How many wait on the waitlist.
  waitlistCount: z.number(),
  // The sub search of a game with an open spot: none, asking, or every wave asked with no taker.
  subSearch: z.enum(['none', 'asking', 'exhausted']),
  // A matched game cancelled less than 24 h before its start: a late cancel for that team.
  lateCancel: z.boolean(),
  // After the game: reports, the result and the payment; for its four players and admins, on a
  // matched or completed PlayDate (null otherwise).
  result: playDateResultView.nullable(),
  // Pending applications, shown to the creator team only.
  pendingRequests: z.array(playDateRequestView),
})
export type PlayDateDetail = z.infer<typeof playDateDetail>

export const playDatePage = z.object({
  items: z.array(playDateSummary),
  page: z.number(),
  pageSize: z.number(),
  // Counting stops a fixed number of rows past the page: when it does, `total` is that many
  // and `totalCapped` says there are more.
  total: z.number(),
  totalCapped: z.boolean(),
})
export type PlayDatePage = z.infer<typeof playDatePage>

// A page of the list of PlayDates (GET /api/play-dates). On My PlayDates, `nextClockChange` is the
// next moment the app's clock alone changes one of the player's games there, over all of them and
// not only the page's (server/features/play-dates/play-dates.clock-change.ts, docs/decisions/0222,
// 0229): the lists left open are read again then. Null when none is ahead, and on Available and History.
export const playDateListPage = playDatePage.extend({ nextClockChange: z.string().nullable() })
export type PlayDateListPage = z.infer<typeof playDateListPage>

export const chatMessage = z.object({
  id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  photoUrl: photoUrlField,
  content: z.string(),
  createdAt: z.string(),
})
export type ChatMessage = z.infer<typeof chatMessage>

// A message as both chats (a PlayDate's, a group's) answer it, from its sender and its row.
export const toChatMessage = (
  sender: Pick<ChatMessage, 'firstName' | 'lastName' | 'photoUrl'> & { id: string },
  message: { id: string; content: string; createdAt: Date },
): ChatMessage => ({
  id: message.id,
  userId: sender.id,
  firstName: sender.firstName,
  lastName: sender.lastName,
  photoUrl: sender.photoUrl,
  content: message.content,
  createdAt: message.createdAt.toISOString(),
})

// The chat comes in pages of this many messages: the newest page first, then the page before
// the oldest message held, back to the start of the thread.
export const CHAT_PAGE_SIZE = 200
export const CHAT_RANGE_CONFLICT = 'Ask for messages after a time or before a message, not both'
export const CHAT_AFTER_INVALID = 'Invalid time'

// A time PostgreSQL can hold, bounded as page cursors are (years 1000 to 9999), with an offset a
// real time zone has (at most 14 hours): the format alone let year 0, or 9999-12-31 at -23:59
// (year 10000 in UTC), through to the query, which PostgreSQL then refused (a 500).
function isStorableTime(text: string) {
  const offset = /[+-](\d{2}):(\d{2})$/.exec(text)
  if (offset && Number(offset[1]) * 60 + Number(offset[2]) > 14 * 60) return false
  const year = new Date(text).getUTCFullYear()
  return year >= 1000 && year <= 9999
}

export const chatMessagesQuery = z
  .object({
    // Messages sent after this time (a poll catching up), newest page of them.
    after: z.iso
      .datetime({ offset: true, error: CHAT_AFTER_INVALID })
      .refine(isStorableTime, CHAT_AFTER_INVALID)
      .optional(),
    // Messages sent before this message (the id of the oldest one held).
    before: z.uuid().optional(),
  })
  .refine((query) => !(query.after && query.before), { error: CHAT_RANGE_CONFLICT, path: ['before'] })
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuery>

export const chatPage = z.object({
  // Oldest first.
  items: z.array(chatMessage),
  // More messages come before the first item, within what was asked for.
  hasEarlier: z.boolean(),
})
export type ChatPage = z.infer<typeof chatPage>

// A warning, not a rule: the player already has an open or matched PlayDate, or an application,
// at a time overlapping the one they create or apply to. They may still go ahead; accepting an
// application is where a clash is refused.
export const OVERLAP_WARNING = 'You already have a PlayDate at an overlapping time'
export const overlapsQuery = z.object({
  start: z.iso.datetime({ offset: true, error: 'Choose a start time' }),
  durationMinutes: z.coerce.number().int().min(30).max(240),
  except: z.uuid().optional(),
})
export const playDateOverlap = z.object({
  id: z.string(),
  status: z.enum(playDateStatuses),
  startsAt: z.string(),
  timeZone: z.string(),
  durationMinutes: z.number(),
  // Pending: the player applied and waits for an answer.
  applied: z.boolean(),
})
export type PlayDateOverlap = z.infer<typeof playDateOverlap>

// The waitlist, drop-outs and subs (docs/decisions/0152-waitlist-drop-outs-and-subs.md).
export const waitlistMoveInput = z.object({
  direction: z.enum(['up', 'down'], { error: 'Choose up or down' }),
})
export const leaveInput = z.object({
  // On the other side, leave together with the partner (both spots open).
  withPartner: z.boolean({ error: 'Choose with or without your partner' }).default(false),
})
// What applying answers: the pending application, or a place on a full game's waitlist.
export const applicationCreated = z.object({
  id: z.string(),
  status: z.string(),
  // On the waitlist: 1 for the first in line.
  position: z.number().optional(),
})
