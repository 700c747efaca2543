import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { stateCodes } from '../../../domain/play-dates/play-date.constants'
import { createdAt, id, updatedAt } from './columns'
import { groups } from './groups'
import { profiles } from './profiles'
import { venues } from './venues'

export const playDates = pgTable(
  'play_dates',
  {
    id: id(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id').references(() => profiles.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['challenge', 'earn'] }).notNull(),
    doublesType: text('doubles_type').notNull().default('any'),
    status: text('status', { enum: ['open', 'matched', 'completed', 'cancelled', 'expired'] })
      .notNull()
      .default('open'),
    state: text('state', { enum: stateCodes }).notNull(),
    regions: text('regions').array().notNull(),
    paymentPerHourMin: integer('payment_per_hour_min').notNull(),
    paymentPerHourMax: integer('payment_per_hour_max').notNull(),
    description: text('description').notNull(),
    // The creator team's average DUPR (the creator's alone without a partner), kept by triggers
    // (migration 0003) as players' ratings change while the PlayDate is open: the Available rating
    // filter reads it, walking the list in order or through the open PlayDates' rating index.
    teamDupr: numeric('team_dupr', { precision: 4, scale: 3, mode: 'number' }),
    // Posted alone ("Partner wanted"): the creator's partner, once there is one, joined alone and
    // the two split their side's price (docs/decisions/0137-spots-and-solo-teams.md).
    postedAlone: boolean('posted_alone').notNull().default(false),
    // Who may join alone: a player's own rating, the self rating without a DUPR (null: anyone).
    // Pairs apply as before, whatever the range.
    minDupr: numeric('min_dupr', { precision: 3, scale: 2, mode: 'number' }),
    maxDupr: numeric('max_dupr', { precision: 3, scale: 2, mode: 'number' }),
    cancelledBy: uuid('cancelled_by').references(() => profiles.id, { onDelete: 'set null' }),
    // The creator's key for this PlayDate (`requestKey`): the same key again returns it.
    requestKey: uuid('request_key'),
    // When and where (all null on PlayDates from before times and places: 'Time to be agreed').
    // The start is an instant; `time_zone` (IANA) is the zone it is shown in.
    startsAt: timestamp('starts_at', { withTimezone: true }),
    timeZone: text('time_zone'),
    durationMinutes: integer('duration_minutes'),
    venueId: uuid('venue_id').references(() => venues.id, { onDelete: 'set null' }),
    // Where the venue is, copied from it (null without a venue, or at a venue without coordinates):
    // Available's distance from home reads them from the open PlayDates' index (docs/decisions/0158).
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    // "Other": a place the venue list does not have, in the creator's words.
    place: text('place'),
    // Goes up when the game's time or status changes: the calendar entry's SEQUENCE (RFC 5545),
    // so calendars that subscribed take the newer version.
    revision: integer('revision').notNull().default(0),
    // After the game (docs/decisions/0089-results-and-reliability.md). A matched game cancelled
    // less than 24 h before its start is a late cancel for the team that cancelled.
    lateCancel: boolean('late_cancel').notNull().default(false),
    cancelledTeam: text('cancelled_team', { enum: ['creator', 'responding'] }),
    // The settled result: what happened, with the score from the creator team's side.
    resultOutcome: text('result_outcome', { enum: ['played', 'no_show', 'not_played'] }),
    resultAbsentTeam: text('result_absent_team', { enum: ['creator', 'responding'] }),
    resultPointsTo: integer('result_points_to'),
    resultGames: jsonb('result_games').$type<Array<{ creatorTeam: number; respondingTeam: number }>>(),
    resultSettledBy: text('result_settled_by', { enum: ['agreed', 'unanswered', 'admin'] }),
    resultSettledAt: timestamp('result_settled_at', { withTimezone: true }),
    // A one-tap confirmation of the other team's report, waiting a minute to settle the result so
    // the player who tapped can undo it (docs/decisions/0159): when and by whom; null when none waits.
    resultConfirmedAt: timestamp('result_confirmed_at', { withTimezone: true }),
    resultConfirmedBy: uuid('result_confirmed_by').references(() => profiles.id, { onDelete: 'set null' }),
    // Set while the two teams' reports differ, until an admin decides.
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    // The amount agreed, as the teams mark it (no money moves through the app).
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: uuid('paid_by').references(() => profiles.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedBy: uuid('received_by').references(() => profiles.id, { onDelete: 'set null' }),
    // A matched game a player or team dropped out of has an open spot from this time until it is
    // full again: the spot is offered to the waitlist, then to subs
    // (docs/decisions/0152-waitlist-drop-outs-and-subs.md). Each waitlisted application is
    // offered a spot at most once in that time.
    vacantSince: timestamp('vacant_since', { withTimezone: true }),
    // The sub search's last wave asked (1 friends, 2 available subs); null: none under way.
    subWave: smallint('sub_wave'),
    // A group's PlayDate is offered to the group's members first (docs/decisions/0166): others see
    // and join it from `open_to_all_at`, or never when that is null. Null group: open to everyone.
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    openToAllAt: timestamp('open_to_all_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => {
    // What Available's filters read of an open PlayDate, and who a group's game is offered to
    // (0168): carried by each of its indexes after the columns it is walked by, so a page is
    // found from the index alone. One list, so that an index cannot miss one (migration 0048).
    const filtered = [t.timeZone, t.teamDupr, t.creatorId, t.partnerId] as const
    const offeredTo = [t.groupId, t.openToAllAt] as const
    return [
      check('play_dates_regions_present', sql`cardinality(${t.regions}) > 0`),
      check('play_dates_payment_positive', sql`${t.paymentPerHourMin} >= 0`),
      check('play_dates_payment_range', sql`${t.paymentPerHourMax} >= ${t.paymentPerHourMin}`),
      // Empty when the creator wrote none (the description is optional).
      check('play_dates_description_length', sql`length(btrim(${t.description})) <= 500`),
      check('play_dates_partner_not_creator', sql`${t.partnerId} <> ${t.creatorId}`),
      check(
        'play_dates_dupr_range',
        sql`(${t.minDupr} is null) = (${t.maxDupr} is null) and ${t.minDupr} between 2 and 7 and ${t.maxDupr} between 2 and 7 and ${t.minDupr} <= ${t.maxDupr}`,
      ),
      check(
        'play_dates_schedule_together',
        sql`(${t.startsAt} is null) = (${t.timeZone} is null) and (${t.startsAt} is null) = (${t.durationMinutes} is null)`,
      ),
      check(
        'play_dates_duration_range',
        sql`${t.durationMinutes} between 30 and 240 and ${t.durationMinutes} % 30 = 0`,
      ),
      check('play_dates_place_length', sql`length(btrim(${t.place})) between 1 and 120`),
      check(
        'play_dates_result_shape',
        sql`(${t.resultOutcome} is null) = (${t.resultSettledBy} is null) and (${t.resultOutcome} is null) = (${t.resultSettledAt} is null) and coalesce(${t.resultOutcome} = 'no_show', false) = (${t.resultAbsentTeam} is not null) and coalesce(${t.resultOutcome} = 'played', false) = (${t.resultGames} is not null) and (${t.resultGames} is null) = (${t.resultPointsTo} is null)`,
      ),
      check('play_dates_late_cancel_team', sql`not ${t.lateCancel} or ${t.cancelledTeam} is not null`),
      check('play_dates_one_place', sql`not (${t.venueId} is not null and ${t.place} is not null)`),
      check('play_dates_opening_needs_group', sql`${t.openToAllAt} is null or ${t.groupId} is not null`),
      // A group's upcoming games, soonest first.
      index('play_dates_group_starts_idx')
        .on(t.groupId, t.startsAt)
        .where(sql`${t.groupId} is not null`),
      // Lists read newest first with the id as tie-breaker (`order by created_at desc, id desc`,
      // nulls first): ascending indexes on both, read backwards, give that order, so a page is read
      // in order and the scan stops after it instead of sorting every match.
      index('play_dates_status_created_idx').on(t.status, t.createdAt, t.id),
      index('play_dates_creator_idx').on(t.creatorId, t.createdAt.desc()),
      uniqueIndex('play_dates_creator_request_key_idx')
        .on(t.creatorId, t.requestKey)
        .where(sql`${t.requestKey} is not null`),
      index('play_dates_partner_idx').on(t.partnerId, t.createdAt.desc()),
      index('play_dates_created_idx').on(t.createdAt, t.id),
      // The admin list's other sorts, ties by creation time (the last edit is its own order).
      index('play_dates_updated_idx').on(t.updatedAt, t.id),
      index('play_dates_payment_min_idx').on(t.paymentPerHourMin, t.createdAt, t.id),
      index('play_dates_payment_max_idx').on(t.paymentPerHourMax, t.createdAt, t.id),
      index('play_dates_type_created_idx').on(t.type, t.createdAt, t.id),
      // Available, soonest first (those with no time last): every open PlayDate, or a state's.
      // Read in order, a page stops after its rows; a date filter is a range of it
      // (docs/decisions/0084-finding-a-game.md).
      // The columns after (starts_at, id) are what the filters read, so a page is found from the
      // index alone (an index-only scan) and only the page's rows are read from the table: the
      // group and its opening time too, which decide who is offered a group's game (0168).
      index('play_dates_open_start_idx')
        .on(t.startsAt, t.id, ...filtered, ...offeredTo)
        .where(sql`${t.status} = 'open'`),
      index('play_dates_open_state_start_idx')
        .on(t.state, t.startsAt, t.id, ...filtered, t.regions, ...offeredTo)
        .where(sql`${t.status} = 'open'`),
      // A player's matched games around a time (overlaps, reminders, the calendar feed).
      index('play_dates_start_idx').on(t.startsAt),
      // Available with a rating range few open PlayDates fall in: the matches are read by rating
      // and sorted, instead of walking every open PlayDate to find a few.
      // The admin's list of disputed games, oldest dispute first.
      index('play_dates_disputed_idx')
        .on(t.disputedAt)
        .where(sql`${t.disputedAt} is not null`),
      // Available within a distance of home: a latitude range of this index, the longitude range and
      // the exact distance checked on its rows, and the filters' columns beside them, so the matches
      // come from the index alone and are then sorted (docs/decisions/0158).
      index('play_dates_open_near_idx')
        .on(t.latitude, t.longitude, t.startsAt, t.id, ...filtered, ...offeredTo)
        .where(sql`${t.status} = 'open' and ${t.latitude} is not null`),
      index('play_dates_open_rating_idx')
        .on(t.teamDupr)
        .where(sql`${t.status} = 'open'`),
    ]
  },
)

export const playDateRequests = pgTable(
  'play_date_requests',
  {
    id: id(),
    playDateId: uuid('play_date_id')
      .notNull()
      .references(() => playDates.id, { onDelete: 'cascade' }),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    // Null on an application from one player, until a second player alone joins its team.
    requesterPartnerId: uuid('requester_partner_id').references(() => profiles.id, { onDelete: 'cascade' }),
    // Its captain came alone: applied alone ("Join alone"), or took a spot as a sub. A pair's
    // player left on its side by a drop-out did not (docs/decisions/0207).
    solo: boolean('solo').notNull().default(false),
    // Its partner joined alone: a player alone filled the partner's spot, not the partner its
    // captain applied with.
    partnerJoinedAlone: boolean('partner_joined_alone').notNull().default(false),
    // 'joined': a player alone accepted into a team another row holds (the creator's partner,
    // or the partner on the other side's accepted application). 'waitlisted': applied once every
    // spot was taken, waiting in `waitlist_rank` order for a spot to be offered.
    status: text('status', {
      enum: ['pending', 'accepted', 'joined', 'declined', 'withdrawn', 'waitlisted'],
    })
      .notNull()
      .default('pending'),
    // The waitlist's order (lowest first); the creator may reorder it.
    waitlistRank: integer('waitlist_rank'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('play_date_requests_distinct_players', sql`${t.requesterId} <> ${t.requesterPartnerId}`),
    // An application is a pair's or a player alone's; only a pair's player left on its side by a
    // drop-out holds (or held) a spot with neither.
    check(
      'play_date_requests_pair_or_solo',
      sql`${t.solo} or ${t.requesterPartnerId} is not null or ${t.status} in ('accepted', 'withdrawn')`,
    ),
    check(
      'play_date_requests_partner_joined_alone',
      sql`not ${t.partnerJoinedAlone} or ${t.requesterPartnerId} is not null`,
    ),
    // One accepted application per PlayDate.
    uniqueIndex('play_date_requests_one_accepted_key')
      .on(t.playDateId)
      .where(sql`${t.status} = 'accepted'`),
    uniqueIndex('play_date_requests_live_requester_key')
      .on(t.playDateId, t.requesterId)
      .where(sql`${t.status} in ('pending', 'accepted')`),
    uniqueIndex('play_date_requests_live_partner_key')
      .on(t.playDateId, t.requesterPartnerId)
      .where(sql`${t.status} in ('pending', 'accepted')`),
    // A player waits at most once on a game's waitlist, in either role.
    uniqueIndex('play_date_requests_waitlist_requester_key')
      .on(t.playDateId, t.requesterId)
      .where(sql`${t.status} = 'waitlisted'`),
    uniqueIndex('play_date_requests_waitlist_partner_key')
      .on(t.playDateId, t.requesterPartnerId)
      .where(sql`${t.status} = 'waitlisted'`),
    // Every application of a PlayDate, whatever its status: a status sent as a value (a
    // prepared statement's generic plan) cannot use the partial indexes above, and deleting a
    // PlayDate removes its applications through this index too.
    index('play_date_requests_play_date_idx').on(t.playDateId, t.status),
    index('play_date_requests_requester_idx').on(t.requesterId, t.status),
    index('play_date_requests_partner_idx').on(t.requesterPartnerId, t.status),
  ],
)

// A spot of a matched game offered (docs/decisions/0138-offer-timings-and-waves.md): to a
// waitlisted application (a pair or a player alone), alone and for a window, or to one player as
// a sub, in waves. One tap takes it while a spot is left.
export const playDateOffers = pgTable(
  'play_date_offers',
  {
    id: id(),
    playDateId: uuid('play_date_id')
      .notNull()
      .references(() => playDates.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['waitlist', 'sub'] }).notNull(),
    // A waitlist offer: the waitlisted application (either of a pair may take it).
    requestId: uuid('request_id').references(() => playDateRequests.id, { onDelete: 'cascade' }),
    // A sub offer: the player asked.
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'cascade' }),
    // 0 the waitlist; 1 friends of the players left; 2 players available as a sub.
    wave: smallint('wave').notNull(),
    status: text('status', { enum: ['open', 'taken', 'declined', 'expired', 'closed'] })
      .notNull()
      .default('open'),
    // A waitlist offer times out then; a sub wave has the offer to itself until then.
    exclusiveUntil: timestamp('exclusive_until', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('play_date_offers_kind', sql`${t.kind} in ('waitlist', 'sub')`),
    check('play_date_offers_status', sql`${t.status} in ('open', 'taken', 'declined', 'expired', 'closed')`),
    check(
      'play_date_offers_to_whom',
      sql`(${t.kind} = 'waitlist') = (${t.requestId} is not null) and (${t.kind} = 'sub') = (${t.profileId} is not null)`,
    ),
    index('play_date_offers_play_date_idx').on(t.playDateId, t.status),
    index('play_date_offers_request_idx').on(t.requestId),
    index('play_date_offers_profile_idx').on(t.profileId, t.status),
    uniqueIndex('play_date_offers_one_waitlist_key')
      .on(t.playDateId)
      .where(sql`${t.kind} = 'waitlist' and ${t.status} = 'open'`),
    uniqueIndex('play_date_offers_one_sub_key')
      .on(t.playDateId, t.profileId)
      .where(sql`${t.kind} = 'sub' and ${t.status} = 'open'`),
  ],
)

// A player who left a matched game. Late (under 24 hours before the start) it is a late cancel
// on their record; `replaced_at` once someone took the spot ("replaced").
export const playDateDropouts = pgTable(
  'play_date_dropouts',
  {
    id: id(),
    playDateId: uuid('play_date_id')
      .notNull()
      .references(() => playDates.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['creator', 'responding'] }).notNull(),
    late: boolean('late').notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('play_date_dropouts_side', sql`${t.side} in ('creator', 'responding')`),
    index('play_date_dropouts_play_date_idx').on(t.playDateId),
    index('play_date_dropouts_profile_idx').on(t.profileId, t.createdAt),
  ],
)

// What each team of a matched PlayDate said happened: one report per team (either of its players
// may make it), told from the creator team's side.
export const playDateReports = pgTable(
  'play_date_reports',
  {
    id: id(),
    playDateId: uuid('play_date_id')
      .notNull()
      .references(() => playDates.id, { onDelete: 'cascade' }),
    team: text('team', { enum: ['creator', 'responding'] }).notNull(),
    reporterId: uuid('reporter_id').references(() => profiles.id, { onDelete: 'set null' }),
    outcome: text('outcome', { enum: ['played', 'no_show', 'not_played'] }).notNull(),
    absentTeam: text('absent_team', { enum: ['creator', 'responding'] }),
    pointsTo: integer('points_to'),
    games: jsonb('games').$type<Array<{ creatorTeam: number; respondingTeam: number }>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('play_date_reports_one_per_team').on(t.playDateId, t.team),
    check(
      'play_date_reports_shape',
      sql`(${t.outcome} = 'no_show') = (${t.absentTeam} is not null) and (${t.outcome} = 'played') = (${t.games} is not null) and (${t.games} is null) = (${t.pointsTo} is null)`,
    ),
    check('play_date_reports_points_to', sql`${t.pointsTo} in (11, 15, 21)`),
  ],
)

export const playDateMessages = pgTable(
  'play_date_messages',
  {
    id: id(),
    playDateId: uuid('play_date_id')
      .notNull()
      .references(() => playDates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    // The sender's key for this message (`requestKey`): the same key again returns it.
    requestKey: uuid('request_key'),
    createdAt: createdAt(),
  },
  (t) => [
    check('play_date_messages_content_length', sql`length(btrim(${t.content})) between 1 and 2000`),
    index('play_date_messages_play_date_idx').on(t.playDateId, t.createdAt),
    uniqueIndex('play_date_messages_sender_request_key_idx')
      .on(t.userId, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
  ],
)

// How far each player has read a PlayDate's chat in the app: the time of the latest message they
// were shown. The chat's email waits 10 minutes and is not sent once the player has read on.
export const chatReads = pgTable(
  'chat_reads',
  {
    playDateId: uuid('play_date_id')
      .notNull()
      .references(() => playDates.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    readUpTo: timestamp('read_up_to', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playDateId, t.profileId] }),
    // Removing a player removes their marks.
    index('chat_reads_profile_idx').on(t.profileId),
  ],
)

// A player's private calendar feed (docs/decisions/0081): the token in its URL reads that
// player's PlayDates as a calendar and nothing else. Kept as it is, so settings can show the link
// again; resetting it replaces the row, and the old link stops working at once.
export const calendarFeeds = pgTable('calendar_feeds', {
  profileId: uuid('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
})
