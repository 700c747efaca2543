import { randomBytes } from 'node:crypto'
import { and, asc, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { paymentTime, statusAt, yourTeamPayment } from '../../../domain/play-dates/play-date.rules'
import { reportWindow } from '../../../domain/play-dates/results.rules'
import { priceLine } from '../../../domain/play-dates/schedule'
import { venueAddressLine } from '../../../domain/venues/venue.schema'
import type { DbOrTx } from '../../db/client'
import { playerName } from '../../db/player-summary'
import {
  calendarFeeds,
  groupMembers,
  playDateReports,
  groups,
  groupSeries,
  groupSeriesOccurrences,
  playDates,
  profiles,
  venues,
} from '../../db/schema'
import { firstOccurrence, priceWords, weeklyPartsOf } from '../../../domain/groups/series.rules'
import {
  acceptedRequest,
  creator,
  partner,
  requester,
  requesterPartner,
  selectGameWithPlayers,
} from '../../db/queries'
import { type CalendarGame, calendarOf, type CalendarSeries } from './play-dates.calendar'

export const CALENDAR_NOT_FOUND =
  'This calendar link is not valid any more. Get the new link in Profile Settings.'
const NO_TIME_YET = 'This PlayDate has no time yet: there is nothing to add to a calendar'
const NOT_YOURS = 'Only the players of this PlayDate can add it to their calendar'

// Past games stay in a feed this long, so a calendar keeps last week's games (and learns of a
// late cancellation).
const FEED_DAYS_BACK = 30

export interface CalendarContext {
  productName: string
  // The app's public origin, for the links in each entry and the UIDs' host.
  origin: string
}

// The PlayDates with a time that `viewerId` plays in (creator's team, or the accepted team), with
// what a calendar entry shows.
function gamesOf(db: DbOrTx, viewerId: string, only: { playDateId: string } | { since: Date }) {
  return selectGameWithPlayers(db, {
    id: playDates.id,
    status: playDates.status,
    type: playDates.type,
    startsAt: playDates.startsAt,
    timeZone: playDates.timeZone,
    durationMinutes: playDates.durationMinutes,
    amount: playDates.paymentPerHourMin,
    outcome: playDates.resultOutcome,
    revision: playDates.revision,
    updatedAt: playDates.updatedAt,
    place: playDates.place,
    venue: { name: venues.name, address: venues.address, city: venues.city, state: venues.state },
    creatorTeam: sql<string>`${playerName(creator)} || coalesce(' & ' || ${playerName(partner)}, '')`,
    otherTeam: sql<string | null>`${playerName(requester)} || ' & ' || ${playerName(requesterPartner)}`,
    viewerOnCreatorTeam: sql<boolean>`${viewerId}::uuid in (${playDates.creatorId}, ${playDates.partnerId})`,
    // Whether a team has reported the game's result (one lookup in the reports' index).
    reported: sql<boolean>`exists (select 1 from ${playDateReports} r where r.play_date_id = ${playDates.id})`,
  })
    .leftJoin(venues, eq(venues.id, playDates.venueId))
    .where(
      and(
        // A single PlayDate is read without a time too, so its players learn why there is no file.
        'playDateId' in only ? undefined : isNotNull(playDates.startsAt),
        sql`${viewerId}::uuid in (${playDates.creatorId}, ${playDates.partnerId}, ${acceptedRequest.requesterId}, ${acceptedRequest.requesterPartnerId})`,
        'playDateId' in only
          ? eq(playDates.id, only.playDateId)
          : or(inArray(playDates.status, ['open', 'matched']), gte(playDates.startsAt, only.since)),
      ),
    )
    .orderBy(asc(playDates.startsAt), asc(playDates.id))
}
type GameRow = Awaited<ReturnType<typeof gamesOf>>[number]

type TimedGameRow = GameRow & { startsAt: Date; timeZone: string; durationMinutes: number }

// A game as the app tells it at `now` (docs/decisions/0227): an open PlayDate whose start has
// passed is expired, as History and its page say, and a matched game whose week to report passed
// with no report has no result ("No result was reported" on History).
const stateAt = (row: TimedGameRow, now: Date) => ({
  status: statusAt(row.status, row.startsAt, now),
  noResultReported:
    row.status === 'matched' &&
    !row.reported &&
    now.getTime() > reportWindow(row.startsAt).closesAt!.getTime(),
})

// "Your team pays $40/hour · 2 hours · $80" ahead of the game, "paid" once played, "would have
// paid" for one never played, "was to pay" for one nobody reported, in the words of its History
// card and its page; a free game is "Free · 2 hours", with nobody paying.
function priceOf(row: TimedGameRow, state: ReturnType<typeof stateAt>) {
  const price = priceLine(row.amount, row.durationMinutes)
  if (row.amount === 0) return price
  const time = paymentTime(
    state.status,
    row.outcome ? { outcome: row.outcome } : null,
    state.noResultReported,
  )
  return `${yourTeamPayment(row.type, row.viewerOnCreatorTeam, time)} ${price}`
}

function toCalendarGame(row: TimedGameRow, context: CalendarContext, now: Date): CalendarGame {
  const location = row.venue ? `${row.venue.name}, ${venueAddressLine(row.venue)}` : row.place
  const state = stateAt(row, now)
  return {
    id: row.id,
    status: state.status,
    startsAt: row.startsAt,
    timeZone: row.timeZone,
    durationMinutes: row.durationMinutes,
    location,
    creatorTeam: row.creatorTeam,
    otherTeam: row.otherTeam,
    price: priceOf(row, state),
    revision: row.revision,
    updatedAt: row.updatedAt,
    url: `${context.origin}/playdates/${row.id}`,
  }
}

const hostOf = (origin: string) => new URL(origin).host

// One PlayDate as an .ics download, for one of its players.
export async function playDateCalendar(
  db: DbOrTx,
  viewerId: string,
  playDateId: string,
  context: CalendarContext,
  now: Date,
) {
  const [row] = await gamesOf(db, viewerId, { playDateId })
  if (!row) {
    const [playDate] = await db
      .select({ id: playDates.id })
      .from(playDates)
      .where(eq(playDates.id, playDateId))
    if (!playDate) throw new AppError('not_found', 'PlayDate Not Found')
    throw new AppError('forbidden', NOT_YOURS)
  }
  if (row.startsAt === null || row.durationMinutes === null) throw new AppError('conflict', NO_TIME_YET)
  return calendarOf([toCalendarGame(row as TimedGameRow, context, now)], {
    productName: context.productName,
    host: hostOf(context.origin),
  })
}

// A player's feed, read with its token: their PlayDates with a time, from 30 days back.
export async function feedCalendar(db: DbOrTx, token: string, context: CalendarContext, now: Date) {
  // A paused player's feed answers as an unknown one while they are paused.
  const [feed] = await db
    .select({ profileId: calendarFeeds.profileId })
    .from(calendarFeeds)
    .innerJoin(profiles, eq(profiles.id, calendarFeeds.profileId))
    .where(and(eq(calendarFeeds.token, token), eq(profiles.isPaused, false)))
  if (!feed) throw new AppError('not_found', CALENDAR_NOT_FOUND)
  const since = new Date(now.getTime() - FEED_DAYS_BACK * 24 * 60 * 60_000)
  const rows = await gamesOf(db, feed.profileId, { since })
  const series = await seriesOf(db, feed.profileId, new Set(rows.map((r) => r.id)), context)
  return calendarOf(
    rows.map((row) => toCalendarGame(row as TimedGameRow, context, now)),
    {
      productName: context.productName,
      host: hostOf(context.origin),
      name: `${context.productName} PlayDates`,
    },
    series,
  )
}

// The weekly series of the player's groups (docs/decisions/0169-recurring-series.md), each as one
// entry with its rule. Excluded from it: the dates skipped, the games cancelled or gone by unplayed,
// and the games the player plays in (`ownGames`), which the feed carries as PlayDates.
async function seriesOf(
  db: DbOrTx,
  viewerId: string,
  ownGames: ReadonlySet<string>,
  context: CalendarContext,
): Promise<CalendarSeries[]> {
  const rows = await db
    .select({
      id: groupSeries.id,
      groupId: groupSeries.groupId,
      groupName: groups.name,
      rule: groupSeries.rule,
      timeZone: groupSeries.timeZone,
      durationMinutes: groupSeries.durationMinutes,
      amount: groupSeries.amount,
      endedAt: groupSeries.endedAt,
      venue: { name: venues.name, address: venues.address, city: venues.city, state: venues.state },
    })
    .from(groupSeries)
    .innerJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groupSeries.groupId), eq(groupMembers.userId, viewerId)),
    )
    .innerJoin(groups, eq(groups.id, groupSeries.groupId))
    .innerJoin(venues, eq(venues.id, groupSeries.venueId))
  if (rows.length === 0) return []
  const recorded = await db
    .select({
      seriesId: groupSeriesOccurrences.seriesId,
      startsAt: groupSeriesOccurrences.startsAt,
      playDateId: groupSeriesOccurrences.playDateId,
      status: playDates.status,
    })
    .from(groupSeriesOccurrences)
    .leftJoin(playDates, eq(playDates.id, groupSeriesOccurrences.playDateId))
    .where(
      inArray(
        groupSeriesOccurrences.seriesId,
        rows.map((r) => r.id),
      ),
    )
  return rows.flatMap((row) => {
    const { weekday } = weeklyPartsOf(row.rule)
    const firstStart = firstOccurrence(row.rule)
    if (!firstStart) return []
    const excluded = recorded
      .filter(
        (r) =>
          r.seriesId === row.id &&
          (r.playDateId === null ||
            ownGames.has(r.playDateId) ||
            r.status === 'cancelled' ||
            r.status === 'expired'),
      )
      .map((r) => r.startsAt)
    return [
      {
        id: row.id,
        groupName: row.groupName,
        firstStart,
        timeZone: row.timeZone,
        weekday,
        durationMinutes: row.durationMinutes,
        location: `${row.venue.name}, ${venueAddressLine(row.venue)}`,
        price: priceWords(row.amount),
        until: row.endedAt,
        excluded,
        url: `${context.origin}/groups/${row.groupId}`,
      },
    ]
  })
}

const feedUrl = (origin: string, token: string) => `${origin}/api/calendar-feeds/${token}`

export async function getCalendarFeed(db: DbOrTx, userId: string, origin: string) {
  const [feed] = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.profileId, userId))
  return { url: feed ? feedUrl(origin, feed.token) : null }
}

// Makes the player's feed link, or a new one in place of the old (which stops working at once).
export async function resetCalendarFeed(db: DbOrTx, userId: string, origin: string) {
  const token = randomBytes(32).toString('base64url')
  await db
    .insert(calendarFeeds)
    .values({ profileId: userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.profileId, set: { token, createdAt: sql`now()` } })
  return { url: feedUrl(origin, token) }
}
