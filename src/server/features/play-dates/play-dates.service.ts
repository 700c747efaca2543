import { and, eq, inArray, sql } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { type PlayDateListPage, type StateCode } from '../../../domain/play-dates/play-date.schema'
import { localDays, referenceZoneOf, todayIn, zoneWindows } from '../../../domain/play-dates/date-window'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import { canTransition } from '../../../domain/play-dates/play-date.rules'
import type { z } from 'zod'
import type { createPlayDateInput, playDateListQuery } from '../../../domain/play-dates/play-date.schema'
import type { Db, Tx } from '../../db/client'
import { playDates, profiles } from '../../db/schema'
import { defaultDuprRange, joiningRating, RATING_MIN } from '../../../domain/play-dates/spots'
import { pageTotal } from '../../lib/page-total'
import { declineEveryoneWaiting } from './play-dates.waitlist.queries'
import { isPlayablePartner } from '../../db/queries'
import { requireVenueFor } from '../venues'
import {
  startDoesNotExist,
  startProblem,
  zonedInstant,
  zoneOfState,
} from '../../../domain/play-dates/schedule'
import { scheduleExpiry } from './play-dates.jobs'
import { atVenue } from './play-dates.at-venue'
import { lockPlayDate } from './play-dates.locks'
import {
  type Actor,
  toSummary,
  listQueriesOf,
  shapeName,
  WINDOW_ZONES,
  type ListShape,
  type RespondingTeamRow,
  type OwnListColumns,
  resultMoveValues,
  type RatingBounds,
} from './play-dates.queries'
import { creatorSideIds, respondingSideIds, toTeam } from '../../db/queries'
import { AVAILABLE_PLAY_DATES_LINK, notifyPlayDate, announce } from './play-dates.notify'
import type { TtlCache } from '../../lib/ttl-cache'
import { chooseRatingPlan, estimateMatches, openRatingCounts, type RatingPlan } from './rating-plan'
import { isLateCancel, RESULT_MESSAGES, type TeamSide } from '../../../domain/play-dates/results'
import { getPlayDate } from './play-dates.detail'
import { nextClockChangeOfMine } from './play-dates.clock-change'
import { boxAround, type Point } from '../../../domain/places/distance'
import { HOME_NEEDED } from '../../../domain/profiles/home-location.schema'
import { distanceTo, homePointOf } from './play-dates.near'
import { outcomeOfRow } from './play-dates.results.game'
import { openToAllAtFor } from '../../../domain/play-dates/group-offer'
import { requireGroupPoster, tellGroupOfGame } from './play-dates.group-games'

// A PlayDate's own story: created, listed in its tabs, cancelled. Its page is in
// play-dates.detail.ts, applications in play-dates.applications.ts, the chat in
// play-dates.chat.ts, the SQL they share in play-dates.queries.ts.

// The start the form asked for, as an instant, checked against the app's clock. At a venue the
// venue's clock counts (in a state with two zones it may not be the state's).
function startOf(input: z.output<typeof createPlayDateInput>, now: Date, venueZone?: string) {
  const timeZone = venueZone ?? input.timeZone ?? zoneOfState[input.state]
  const startsAt = zonedInstant(input.startDate, input.startTime, timeZone)
  if (!startsAt) throw new AppError('invalid', startDoesNotExist, { startTime: startDoesNotExist })
  const problem = startProblem(startsAt, now)
  if (problem) throw new AppError('invalid', problem, { startDate: problem })
  return { startsAt, timeZone }
}

export async function createPlayDate(
  db: Db,
  user: Actor,
  input: z.output<typeof createPlayDateInput>,
  now: Date,
) {
  const partnerId = input.partnerWanted ? null : (input.partnerId ?? null)
  if (partnerId === user.id) {
    throw new AppError('invalid', PLAY_DATE_MESSAGES.partnerNotFriend, {
      partnerId: PLAY_DATE_MESSAGES.partnerNotFriend,
    })
  }
  const id = await db.transaction(async (tx) => {
    if (partnerId && !(await isPlayablePartner(tx, user.id, partnerId))) {
      throw new AppError('invalid', PLAY_DATE_MESSAGES.partnerNotFriend, {
        partnerId: PLAY_DATE_MESSAGES.partnerNotFriend,
      })
    }
    const range =
      input.minDupr !== undefined && input.maxDupr !== undefined
        ? { min: input.minDupr, max: input.maxDupr }
        : defaultDuprRange(await teamRatingOf(tx, [user.id, partnerId]))
    const venue = input.venueId ? await requireVenueFor(tx, input.venueId, input.state, input.regions) : null
    const { startsAt, timeZone } = startOf(input, now, venue?.timeZone)
    const group = input.groupId
      ? { id: input.groupId, ...(await requireGroupPoster(tx, user.id, input.groupId)) }
      : null
    const [created] = await tx
      .insert(playDates)
      .values({
        creatorId: user.id,
        partnerId,
        postedAlone: partnerId === null,
        minDupr: range.min,
        maxDupr: range.max,
        type: input.type,
        doublesType: 'any',
        status: 'open',
        state: input.state,
        regions: input.regions,
        paymentPerHourMin: input.amount,
        paymentPerHourMax: input.amount,
        description: input.description,
        startsAt,
        timeZone,
        durationMinutes: input.durationMinutes,
        ...(venue ? atVenue(venue) : { venueId: null, latitude: null, longitude: null }),
        place: input.place,
        requestKey: input.requestKey ?? null,
        groupId: input.groupId,
        openToAllAt: input.groupId ? openToAllAtFor(input.groupAudience, now) : null,
      })
      .onConflictDoNothing({
        target: [playDates.creatorId, playDates.requestKey],
        where: sql`${playDates.requestKey} is not null`,
      })
      .returning({ id: playDates.id })
    if (!created) {
      // The key was sent before: the PlayDate that request created, told to nobody again.
      const [earlier] = await tx
        .select({ id: playDates.id })
        .from(playDates)
        .where(and(eq(playDates.creatorId, user.id), eq(playDates.requestKey, input.requestKey!)))
      if (!earlier) throw new Error('insert returned nothing')
      return earlier.id
    }
    await scheduleExpiry(tx, { id: created.id, startsAt })
    await notifyPlayDate(tx, 'created', {
      playDateId: created.id,
      actor: user,
      recipients: partnerId ? [partnerId] : [],
    })
    if (group) await tellGroupOfGame(tx, { playDateId: created.id, group, poster: user, partnerId })
    await announce(tx, created.id, [user.id, partnerId])
    return created.id
  })
  return getPlayDate(db, user, id, now)
}

// The creator team's rating as its average is taken (a self rating where there is no DUPR).
async function teamRatingOf(tx: Tx, ids: Array<string | null>) {
  const players = await tx
    .select({ duprRating: profiles.duprRating, selfRating: profiles.selfRating })
    .from(profiles)
    .where(
      inArray(
        profiles.id,
        ids.filter((p): p is string => Boolean(p)),
      ),
    )
  return joiningRating(players.map((p) => ({ duprRating: p.duprRating, selfRating: Number(p.selfRating) })))
}

// A tab's total is counted up to this many rows past the page, never further: an exact count of
// every open PlayDate grows with the data, a page does not.
export const PLAY_DATE_COUNT_CAP = 100

async function listShape(
  db: Db,
  query: z.output<typeof playDateListQuery>,
  countLimit: number,
  { cache, plan }: ListPlan,
): Promise<ListShape> {
  if (query.tab === 'mine' || query.tab === 'history') return query.tab
  const { minRating: min, maxRating: max } = query
  const bounds: RatingBounds | null =
    min !== undefined && max !== undefined
      ? 'min_max'
      : min !== undefined
        ? 'min'
        : max !== undefined
          ? 'max'
          : null
  const near = query.within !== undefined
  let byRating = false
  // Within a distance, the near index finds the matches: the rating range is checked on them.
  if (bounds && !near) {
    let chosen = plan
    if (!chosen) {
      const counts = await openRatingCounts(db, cache)
      chosen = chooseRatingPlan(estimateMatches(counts, min, max), counts.open, countLimit)
    }
    byRating = chosen === 'by-rating'
  }
  return {
    bounds,
    byRating,
    when: query.when !== undefined,
    state: query.state !== undefined,
    region: query.region !== undefined,
    alone: query.alone === true,
    near,
    nearest: query.sort === 'nearest',
  }
}

// The player's own rating, as a range counts a player joining alone.
async function ratingOf(db: Db, userId: string) {
  const [me] = await db
    .select({ duprRating: profiles.duprRating, selfRating: profiles.selfRating })
    .from(profiles)
    .where(eq(profiles.id, userId))
  return me ? joiningRating([{ duprRating: me.duprRating, selfRating: Number(me.selfRating) }]) : RATING_MIN
}

// The filter compares what the cards show: the team DUPR to 2 decimals, half up (teamAverage).
// The stored average has 3 decimals and ends in 0 or 5 (the mean of two 2-decimal ratings), so
// 3.995 shows as 4.00: it is in a range from 4.0, and not in one up to 3.99.
const shownAtLeast = (min: number) => (Math.round(min * 100) * 10 - 5) / 1000
const shownAtMost = (max: number) => (Math.round(max * 100) * 10 + 4) / 1000

// The date filter's days are read in the zone of the state looked at, else of the player's home
// state, else Pacific time (referenceZoneOf, as the browser reads them); each PlayDate is then
// matched on those days by its own clock.
function windowValues(
  query: z.output<typeof playDateListQuery>,
  homeState: StateCode | null | undefined,
  now: Date,
) {
  if (!query.when) return {}
  const { first, last } = localDays(
    query.when,
    todayIn(referenceZoneOf(query.state, homeState), now),
    query.from && query.to ? { from: query.from, to: query.to } : undefined,
  )
  const windows = zoneWindows(first, last)
  const values: Record<string, Date> = {
    windowFrom: new Date(Math.min(...windows.map((w) => w.from.getTime()))),
    windowTo: new Date(Math.max(...windows.map((w) => w.to.getTime()))),
  }
  WINDOW_ZONES.forEach((zone, i) => {
    const window = windows.find((w) => w.zone === zone)!
    values[`from${i}`] = window.from
    values[`to${i}`] = window.to
  })
  return values
}

// How Available reads a rating range: the server chooses from the open PlayDates' counts, which
// the instance's cache keeps (rating-plan.ts); the tests give `plan` to compare both.
// `pageOnly`: the caller shows the page's PlayDates and no total (the dashboard's suggestions), so
// the matches are read only up to the page's end, not to the count's cap; the page's total is
// then at most that end.
export interface ListPlan {
  cache: TtlCache
  plan?: RatingPlan | undefined
  pageOnly?: boolean
}

// The result a card shows: the game's once settled, null before.
const settledResult = (row: OwnListColumns) =>
  row.resultOutcome
    ? outcomeOfRow({
        outcome: row.resultOutcome,
        absentTeam: row.resultAbsentTeam,
        pointsTo: row.resultPointsTo,
        games: row.resultGames,
      })
    : null

// The values of the distance filter and order: the player's home and, within a distance, the box
// around it the near index reads (docs/decisions/0158).
function nearValues(query: z.output<typeof playDateListQuery>, home: Point | null) {
  if (!home) return {}
  return {
    homeLat: home.latitude,
    homeLng: home.longitude,
    ...(query.within !== undefined ? { within: query.within, ...boxAround(home, query.within) } : {}),
  }
}

export async function listPlayDates(
  db: Db,
  // `home`: the player's home when the caller has read it already.
  user: Actor & { homeState?: StateCode | null; home?: Point | null },
  query: z.output<typeof playDateListQuery>,
  now: Date,
  listPlan: ListPlan,
): Promise<PlayDateListPage> {
  // Available's cards say how far each game is from the player's home, when there is one.
  const home =
    query.tab !== 'available' ? null : user.home !== undefined ? user.home : await homePointOf(db, user.id)
  if (!home && (query.within !== undefined || query.sort === 'nearest')) {
    throw new AppError('invalid', HOME_NEEDED, {
      [query.within !== undefined ? 'within' : 'sort']: HOME_NEEDED,
    })
  }
  const offset = (query.page - 1) * query.pageSize
  const cap = offset + PLAY_DATE_COUNT_CAP
  const shape = await listShape(db, query, cap + 1, listPlan)
  const name = shapeName(shape)
  const queries = listQueriesOf(shape)
  const values = {
    userId: user.id,
    limit: query.pageSize,
    offset,
    countLimit: listPlan.pageOnly ? offset + query.pageSize : cap + 1,
    ...(typeof shape === 'string' ? resultMoveValues(now) : { now }),
    ...(query.minRating !== undefined ? { minRating: shownAtLeast(query.minRating) } : {}),
    ...(query.maxRating !== undefined ? { maxRating: shownAtMost(query.maxRating) } : {}),
    ...(query.state !== undefined ? { state: query.state } : {}),
    ...(query.region !== undefined ? { region: query.region } : {}),
    ...(typeof shape !== 'string' && shape.alone ? { myRating: await ratingOf(db, user.id) } : {}),
    ...(typeof shape === 'string' ? {} : windowValues(query, user.homeState, now)),
    ...(typeof shape !== 'string' && (shape.near || shape.nearest) ? nearValues(query, home) : {}),
  }
  // My PlayDates says when the clock next changes any of the player's games (docs/decisions/0229).
  const [rows, nextClockChange] = await Promise.all([
    db.prepared(`play_dates_${name}_page`, queries.page).execute(values),
    shape === 'mine' ? nextClockChangeOfMine(db, user.id, now) : null,
  ])
  const total = await pageTotal(rows, offset, async () => {
    const [count] = await db.prepared(`play_dates_${name}_count`, queries.count).execute(values)
    return count?.total ?? 0
  })
  return {
    items: rows.map((row) => {
      if (!('respondingTeam' in row)) return { ...toSummary(row), distanceMiles: distanceTo(home, row) }
      const responding = row.respondingTeam as RespondingTeamRow | null
      return {
        ...toSummary(row),
        respondingTeam: responding ? toTeam(responding.captain, responding.partner) : null,
        result: settledResult(row as typeof row & OwnListColumns),
        resultMove: (row as typeof row & OwnListColumns).resultMove,
      }
    }),
    page: query.page,
    pageSize: query.pageSize,
    total: Math.min(total, cap),
    totalCapped: total > cap,
    nextClockChange,
  }
}

// Cancelling: an open PlayDate by its creator team; a matched one by any of its four players
// until it starts, a late cancel for that player's team when under 24 h are left.
export async function cancelPlayDate(db: Db, user: Actor, id: string, now: Date) {
  await db.transaction(async (tx) => {
    const playDate = await lockPlayDate(tx, id)
    if (!playDate) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
    const creatorTeam = creatorSideIds(playDate)
    // The other side: its accepted application, which on an open PlayDate may hold one player
    // alone (or a pair, while the creator still waits for a partner).
    const responders = await respondingSideIds(tx, id)
    const players = [...creatorTeam, ...responders]
    // Someone not on the PlayDate gets the refusal its detail and chat give them. Only an open
    // PlayDate, which every player may view, says who may cancel instead.
    if (!players.includes(user.id) && playDate.status !== 'open') {
      throw new AppError('forbidden', PLAY_DATE_MESSAGES.notAuthorized)
    }
    // A partner who joined alone leaves by withdrawing; the PlayDate stays the creator's.
    const mayCancelOpen =
      user.id === playDate.creatorId || (!playDate.postedAlone && creatorTeam.includes(user.id))
    if (playDate.status === 'open' && !mayCancelOpen) {
      throw new AppError('forbidden', 'Only the creator team can cancel this PlayDate')
    }
    if (!canTransition(playDate.status, 'cancelled')) {
      throw new AppError('conflict', RESULT_MESSAGES.cannotCancel)
    }
    const matched = playDate.status === 'matched'
    if (matched && playDate.startsAt && now.getTime() >= playDate.startsAt.getTime()) {
      throw new AppError('conflict', RESULT_MESSAGES.cancelStarted)
    }
    const team: TeamSide = creatorTeam.includes(user.id) ? 'creator' : 'responding'
    const late = matched && isLateCancel(playDate.startsAt, now)
    await tx
      .update(playDates)
      // A new revision: calendars that subscribed take the cancelled entry over the old.
      .set({
        status: 'cancelled',
        revision: sql`${playDates.revision} + 1`,
        cancelledBy: user.id,
        cancelledTeam: matched ? team : null,
        lateCancel: late,
      })
      .where(eq(playDates.id, id))
    const pending = await declineEveryoneWaiting(tx, id, now)
    await notifyPlayDate(tx, late ? 'cancelledLate' : 'cancelled', {
      playDateId: id,
      actor: user,
      recipients: players,
    })
    await notifyPlayDate(tx, 'cancelled', {
      playDateId: id,
      actor: user,
      recipients: pending.flatMap((p) => [p.a, p.b]).filter((p): p is string => Boolean(p)),
      link: AVAILABLE_PLAY_DATES_LINK,
    })
    await announce(tx, id, [...players, ...pending.flatMap((p) => [p.a, p.b])])
  })
  return getPlayDate(db, user, id, now)
}
