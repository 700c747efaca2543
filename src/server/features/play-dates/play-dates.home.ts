import { subDays } from 'date-fns'
import { and, asc, eq, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  HOME_NEXT_GAMES,
  HOME_SUGGESTED,
  HOME_WAITING_MAX,
  type HomeOutput,
  SUGGESTED_RATING_SPREAD,
} from '../../../domain/play-dates/home.schema'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import { profilePhotoUrl } from '../../../domain/players/profile-photo'
import { playingRating } from '../../../domain/players/rating.rules'
import { standsAt } from '../../../domain/play-dates/results'
import { REPORT_WINDOW_DAYS } from '../../../domain/play-dates/results.rules'
import { gameLabel } from '../../../domain/play-dates/game-label'
import type { Db, DbOrTx } from '../../db/client'
import type { TtlCache } from '../../lib/ttl-cache'
import { playDateReports, playDateRequests, playDates, profiles, venues } from '../../db/schema'
import { selectPlayDatesWithAccepted, toSummary } from './play-dates.queries'
import {
  requester,
  requesterColumns,
  requesterPartner,
  requesterPartnerColumns,
  toTeam,
} from '../../db/queries'
import { outcomeOfReport } from './play-dates.results.game'
import { listPlayDates } from './play-dates.service'
import { homeColumns } from './play-dates.near'
import { NEAR_YOU_MILES, type Point } from '../../../domain/places/distance'
import { homeOf } from '../../lib/geodata'

// The dashboard's "what's next" in one call (docs/decisions/0090-home-whats-next.md): the
// player's next games by start, applications to their open PlayDates, results the other team
// reported for them to confirm, and open games near them this week at their level. Each part is
// a few index lookups, whatever the number of PlayDates.

// Each read is prepared once per connection (db/prepared.ts): the player and the time go in as
// values.
const userId = sql.placeholder('userId')
const nowParam = sql.placeholder('now')

// The PlayDates the player is on (creator team or accepted responding team).
const mine = sql`${playDates.id} in (
  select id from play_dates where creator_id = ${userId}
  union all select id from play_dates where partner_id = ${userId}
  union all select play_date_id from play_date_requests
    where status = 'accepted' and (requester_id = ${userId} or requester_partner_id = ${userId})
)`

// A game's responding team comes in the same statement as the game.
const nextGamesQuery = (db: DbOrTx) =>
  selectPlayDatesWithAccepted(db, { captain: requesterColumns, mate: requesterPartnerColumns })
    .where(
      and(mine, sql`${playDates.status} in ('open', 'matched')`, sql`${playDates.startsAt} > ${nowParam}`),
    )
    .orderBy(asc(playDates.startsAt), asc(playDates.id))
    .limit(HOME_NEXT_GAMES)

async function nextGames(db: Db, user: string, now: Date) {
  const rows = await db.prepared('home_next_games', nextGamesQuery).execute({
    userId: user,
    now: now.toISOString(),
  })
  return rows.map(({ captain, mate, ...row }) => ({
    ...toSummary(row),
    respondingTeam: captain ? toTeam(captain, mate) : null,
  }))
}

// Pending applications to the player's open PlayDates (with the join on play_date_requests).
const applicationsJoin = and(
  eq(playDateRequests.playDateId, playDates.id),
  sql`${playDateRequests.status} = 'pending'`,
)
const applicationsWhere = and(
  sql`${playDates.id} in (
    select id from play_dates where creator_id = ${userId} and status = 'open'
    union all select id from play_dates where partner_id = ${userId} and status = 'open'
  )`,
  sql`${playDates.status} = 'open'`,
)

const applicationsQuery = (db: DbOrTx) =>
  db
    .select({
      requestId: playDateRequests.id,
      playDateId: playDates.id,
      startsAt: playDates.startsAt,
      timeZone: playDates.timeZone,
      createdAt: playDateRequests.createdAt,
      captain: requesterColumns,
      partner: requesterPartnerColumns,
    })
    .from(playDates)
    .innerJoin(playDateRequests, applicationsJoin)
    .innerJoin(requester, eq(requester.id, playDateRequests.requesterId))
    // A player who applied alone has no partner: the application is theirs alone.
    .leftJoin(requesterPartner, eq(requesterPartner.id, playDateRequests.requesterPartnerId))
    .where(applicationsWhere)
    .orderBy(asc(playDateRequests.createdAt), asc(playDateRequests.id))
    .limit(HOME_WAITING_MAX)

async function applicationsToDecide(db: Db, user: string) {
  const rows = await db.prepared('home_applications', applicationsQuery).execute({ userId: user })
  return rows.map((r) => ({
    requestId: r.requestId,
    playDateId: r.playDateId,
    startsAt: r.startsAt?.toISOString() ?? null,
    timeZone: r.timeZone,
    team: toTeam(r.captain, r.partner),
    createdAt: r.createdAt.toISOString(),
  }))
}

// The player's own applications still waiting, for games not started yet: through the
// requester and partner indexes, soonest game first. A waitlisted one carries its place.
const own = alias(playDateRequests, 'home_own')
const myApplicationsWhere = and(
  sql`${own.id} in (
      select id from play_date_requests where requester_id = ${userId} and status in ('pending', 'waitlisted')
      union all select id from play_date_requests where requester_partner_id = ${userId} and status in ('pending', 'waitlisted')
    )`,
  sql`${playDates.status} in ('open', 'matched')`,
  sql`(${playDates.startsAt} is null or ${playDates.startsAt} > ${nowParam})`,
)
const myApplicationsQuery = (db: DbOrTx) =>
  db
    .select({
      requestId: own.id,
      playDateId: playDates.id,
      status: own.status,
      solo: own.solo,
      position: sql<
        number | null
      >`case when ${own.status} = 'waitlisted' then (select count(*)::int from play_date_requests w
        where w.play_date_id = ${own.playDateId} and w.status = 'waitlisted'
          and (w.waitlist_rank, w.created_at) <= (${own.waitlistRank}, ${own.createdAt})) end`,
      startsAt: playDates.startsAt,
      timeZone: playDates.timeZone,
      venue: venues.name,
      place: playDates.place,
    })
    .from(own)
    .innerJoin(playDates, eq(playDates.id, own.playDateId))
    .leftJoin(venues, eq(venues.id, playDates.venueId))
    .where(myApplicationsWhere)
    .orderBy(sql`${playDates.startsAt} asc nulls last`, asc(playDates.id))
    .limit(HOME_WAITING_MAX)

async function myApplications(db: Db, user: string, now: Date) {
  const rows = await db.prepared('home_my_applications', myApplicationsQuery).execute({
    userId: user,
    now: now.toISOString(),
  })
  return rows.flatMap((r) =>
    r.status === 'pending' || r.status === 'waitlisted'
      ? [
          {
            requestId: r.requestId,
            playDateId: r.playDateId,
            status: r.status,
            position: r.status === 'waitlisted' ? (r.position ?? 1) : null,
            alone: r.solo,
            label: gameLabel(r),
          },
        ]
      : [],
  )
}

const reporter = alias(profiles, 'home_reporter')

const myTeam = sql<
  'creator' | 'responding'
>`case when ${playDates.creatorId} = ${userId} or ${playDates.partnerId} = ${userId} then 'creator' else 'responding' end`

const windowOpenedParam = sql.placeholder('windowOpened')

// Matched games that have started, within their report window, with no report from either team
// and no dispute: the player's team has the result to report.
const toReportWhere = and(
  mine,
  sql`${playDates.status} = 'matched'`,
  sql`${playDates.disputedAt} is null`,
  sql`${playDates.startsAt} <= ${nowParam}`,
  sql`${playDates.startsAt} >= ${windowOpenedParam}`,
  sql`not exists (select 1 from play_date_reports r where r.play_date_id = ${playDates.id})`,
)
const toReportQuery = (db: DbOrTx) =>
  db
    .select({
      playDateId: playDates.id,
      startsAt: playDates.startsAt,
      timeZone: playDates.timeZone,
      venue: venues.name,
      place: playDates.place,
    })
    .from(playDates)
    .leftJoin(venues, eq(venues.id, playDates.venueId))
    .where(toReportWhere)
    .orderBy(asc(playDates.startsAt), asc(playDates.id))
    .limit(HOME_WAITING_MAX)

async function gamesToReport(db: Db, user: string, now: Date) {
  // The window closes REPORT_WINDOW_DAYS after the start (reportWindow).
  const windowOpened = subDays(now, REPORT_WINDOW_DAYS)
  const rows = await db.prepared('home_to_report', toReportQuery).execute({
    userId: user,
    now: now.toISOString(),
    windowOpened: windowOpened.toISOString(),
  })
  return rows.flatMap((r) =>
    r.startsAt
      ? [
          {
            playDateId: r.playDateId,
            startsAt: r.startsAt.toISOString(),
            timeZone: r.timeZone,
            label: gameLabel(r),
          },
        ]
      : [],
  )
}

// The other team's report on a matched game of the player's, which their team has not answered.
const resultsWhere = and(
  mine,
  sql`${playDates.status} = 'matched'`,
  sql`${playDates.disputedAt} is null`,
  sql`${playDateReports.team} <> ${myTeam}`,
  sql`not exists (select 1 from play_date_reports own where own.play_date_id = ${playDates.id} and own.team = ${myTeam})`,
)

const resultsQuery = (db: DbOrTx) =>
  db
    .select({
      playDateId: playDates.id,
      startsAt: playDates.startsAt,
      timeZone: playDates.timeZone,
      venue: venues.name,
      place: playDates.place,
      myTeam,
      report: playDateReports,
      reporter: {
        id: reporter.id,
        firstName: reporter.firstName,
        lastName: reporter.lastName,
        photoVersion: reporter.photoVersion,
      },
    })
    .from(playDates)
    .innerJoin(playDateReports, eq(playDateReports.playDateId, playDates.id))
    .leftJoin(venues, eq(venues.id, playDates.venueId))
    .leftJoin(reporter, eq(reporter.id, playDateReports.reporterId))
    .where(resultsWhere)
    .orderBy(asc(playDateReports.createdAt))
    .limit(HOME_WAITING_MAX)

async function resultsToConfirm(db: Db, user: string, now: Date) {
  const rows = await db.prepared('home_results', resultsQuery).execute({ userId: user })
  return rows
    .filter((r) => standsAt(r.report.createdAt).getTime() > now.getTime())
    .map((r) => ({
      playDateId: r.playDateId,
      startsAt: r.startsAt?.toISOString() ?? null,
      timeZone: r.timeZone,
      label: gameLabel(r),
      myTeam: r.myTeam,
      reportedBy:
        r.reporter && r.reporter.id
          ? {
              id: r.reporter.id,
              firstName: r.reporter.firstName,
              lastName: r.reporter.lastName,
              photoUrl: profilePhotoUrl(r.reporter.id, r.reporter.photoVersion),
            }
          : { id: '', firstName: 'A former', lastName: 'player', photoUrl: null },
      outcome: outcomeOfReport(r.report),
      standsAt: standsAt(r.report.createdAt).toISOString(),
    }))
}

// Open games this week in the player's home area (their home state, else every state), whose
// team rating is within SUGGESTED_RATING_SPREAD of theirs, soonest first; never their own.
async function suggested(db: Db, user: SessionUser, now: Date, cache: TtlCache, home: Point | null) {
  // In tenths, as the Available filter's slider and its URL have them, so "See all" lists the same
  // games: widened to the next tenth on each side.
  // A player without a DUPR rating yet is matched by their self rating.
  const rating = playingRating(user)
  const minRating = Math.max(2, Math.floor((rating - SUGGESTED_RATING_SPREAD) * 10 + 1e-9) / 10)
  const maxRating = Math.min(7, Math.ceil((rating + SUGGESTED_RATING_SPREAD) * 10 - 1e-9) / 10)
  // Near the player's home when the app knows where it is (docs/decisions/0158); else in their
  // home area.
  const within = home ? NEAR_YOU_MILES : undefined
  const state = home ? undefined : (user.homeState ?? undefined)
  const region = !home && user.homeState && user.homeRegion ? user.homeRegion : undefined
  const page = await listPlayDates(
    db,
    { ...user, home },
    {
      tab: 'available',
      when: 'week',
      minRating,
      maxRating,
      ...(state ? { state } : {}),
      ...(region ? { region } : {}),
      ...(within ? { within } : {}),
      page: 1,
      pageSize: HOME_SUGGESTED,
    },
    now,
    // The dashboard shows no total: the matches are read up to its few suggestions.
    { cache, pageOnly: true },
  )
  return {
    items: page.items,
    by: { state: state ?? null, region: region ?? null, minRating, maxRating, withinMiles: within ?? null },
  }
}

// Before the lists a player most often has nothing in, one statement reads their home (for the
// suggestions) and whether each of those lists has a row: an `exists` over the list's own
// conditions, so a list is read exactly when it may show something (its reads below may still
// drop rows: results that stood, applications of another status). Most players wait on nothing,
// and one statement answers for four that would return no rows (docs/decisions/0171).
const probeQuery = (db: DbOrTx) => {
  const exists = (query: { getSQL(): SQL }) => sql<boolean>`exists (${query})`
  const one = { one: sql`1` }
  return db
    .select({
      ...homeColumns,
      applications: exists(
        db.select(one).from(playDates).innerJoin(playDateRequests, applicationsJoin).where(applicationsWhere),
      ),
      myApplications: exists(
        db
          .select(one)
          .from(own)
          .innerJoin(playDates, eq(playDates.id, own.playDateId))
          .where(myApplicationsWhere),
      ),
      toReport: exists(db.select(one).from(playDates).where(toReportWhere)),
      results: exists(
        db
          .select(one)
          .from(playDates)
          .innerJoin(playDateReports, eq(playDateReports.playDateId, playDates.id))
          .where(resultsWhere),
      ),
    })
    .from(profiles)
    .where(eq(profiles.id, userId))
}

async function whatWaits(db: Db, user: SessionUser, now: Date, cache: TtlCache) {
  const [has] = await db.prepared('home_what_waits', probeQuery).execute({
    userId: user.id,
    now: now.toISOString(),
    windowOpened: subDays(now, REPORT_WINDOW_DAYS).toISOString(),
  })
  const none = Promise.resolve([])
  const [applications, mine, toReport, results, suggestions] = await Promise.all([
    has?.applications ? applicationsToDecide(db, user.id) : none,
    has?.myApplications ? myApplications(db, user.id, now) : none,
    has?.toReport ? gamesToReport(db, user.id, now) : none,
    has?.results ? resultsToConfirm(db, user.id, now) : none,
    suggested(db, user, now, cache, has ? (homeOf(has)?.point ?? null) : null),
  ])
  return { applications, mine, toReport, results, suggestions }
}

export async function getHome(db: Db, user: SessionUser, now: Date, cache: TtlCache): Promise<HomeOutput> {
  const [games, { applications, mine, toReport, results, suggestions }] = await Promise.all([
    nextGames(db, user.id, now),
    whatWaits(db, user, now, cache),
  ])
  return {
    nextGames: games,
    applications,
    myApplications: mine,
    toReport,
    results,
    suggested: suggestions.items,
    suggestedBy: suggestions.by,
  }
}
