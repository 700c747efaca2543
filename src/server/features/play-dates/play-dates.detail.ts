import { and, asc, eq, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { AppError } from '../../../domain/errors'
import {
  type PlayDateDetail,
  type PlayDateRequestView,
  type PlayerSummary,
  type WaitlistEntryView,
} from '../../../domain/play-dates/play-date.schema'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import { type PlayDateKind, playDateKind } from '../../../domain/play-dates/play-date.constants'
import type { Db, DbOrTx } from '../../db/client'
import { playDateDropouts, playDateRequests, playDates } from '../../db/schema'
import { toPlayer } from '../../db/player-summary'
import { type Actor, toSummary, userParam, selectPlayDatesWithAccepted } from './play-dates.queries'
import {
  canceller,
  cancellerColumns,
  requester,
  requesterColumns,
  requesterPartner,
  requesterPartnerColumns,
  toTeam,
} from '../../db/queries'
import { isLateCancel, type TeamSide } from '../../../domain/play-dates/results'
import { resultView } from './play-dates.results.view'
import { creatorSideIds, inPlayDateGroup, NO_RECORD, offeredTo, reliabilityOf } from '../../db/queries'
import { leaveWithPartnerRefusal } from '../../../domain/play-dates/offers'
import { statusAt } from '../../../domain/play-dates/play-date.rules'
import {
  aloneAsSeenBy,
  findSubRefusal,
  openOfferOf,
  type OtherSide,
  spotsOf,
  subSearchState,
} from './play-dates.waitlist.queries'

// The PlayDate page: a PlayDate with its teams and their records, the applications its creator
// team answers or the viewer's own, its result section and what the viewer may do.

// The applications waiting on a PlayDate, oldest first, with their teams (a player alone has no
// partner).
const requestColumns = {
  id: playDateRequests.id,
  status: playDateRequests.status,
  solo: playDateRequests.solo,
  createdAt: playDateRequests.createdAt,
  requester: requesterColumns,
  partner: requesterPartnerColumns,
}
// The applications of a PlayDate with one status and their teams, in order: those waiting for an
// answer oldest first, the waitlist in its order.
const requestsWith = (status: 'pending' | 'waitlisted') => (db: DbOrTx) =>
  db
    .select(requestColumns)
    .from(playDateRequests)
    .innerJoin(requester, eq(requester.id, playDateRequests.requesterId))
    .leftJoin(requesterPartner, eq(requesterPartner.id, playDateRequests.requesterPartnerId))
    .where(
      and(
        eq(playDateRequests.playDateId, sql.placeholder('playDateId')),
        eq(playDateRequests.status, status),
      ),
    )
    .orderBy(
      ...(status === 'waitlisted' ? [asc(playDateRequests.waitlistRank)] : []),
      asc(playDateRequests.createdAt),
    )
const pendingRequestsQuery = requestsWith('pending')
// The waitlist of a full game (docs/decisions/0152).
const waitlistQuery = requestsWith('waitlisted')

type RequestRow = Awaited<ReturnType<ReturnType<typeof pendingRequestsQuery>['execute']>>[number]
const toRequestView = (r: RequestRow): PlayDateRequestView => ({
  id: r.id,
  status: r.status,
  solo: r.solo,
  team: toTeam(r.requester, r.partner),
  createdAt: r.createdAt.toISOString(),
})

async function loadPendingRequests(db: DbOrTx, playDateId: string) {
  const rows = await db.prepared('play_date_pending_requests', pendingRequestsQuery).execute({
    playDateId,
  })
  return rows.map(toRequestView)
}

// The viewer's own application, whatever its status.
async function loadRequest(db: DbOrTx, requestId: string) {
  const [row] = await db
    .select(requestColumns)
    .from(playDateRequests)
    .innerJoin(requester, eq(requester.id, playDateRequests.requesterId))
    .leftJoin(requesterPartner, eq(requesterPartner.id, playDateRequests.requesterPartnerId))
    .where(eq(playDateRequests.id, requestId))
  return row ? toRequestView(row) : null
}

// The viewer's live application to a PlayDate (as captain or partner), their own first: a player
// alone who completed another's team is that team's partner and has their own, joined.
const viewerRequest = alias(playDateRequests, 'viewer_request')
const viewerRequestId = (db: DbOrTx) =>
  sql<string | null>`(${db
    .select({ id: viewerRequest.id })
    .from(viewerRequest)
    .where(
      and(
        eq(viewerRequest.playDateId, playDates.id),
        sql`${viewerRequest.status} in ('pending', 'accepted', 'joined', 'waitlisted')`,
        or(eq(viewerRequest.requesterId, userParam), eq(viewerRequest.requesterPartnerId, userParam)),
      ),
    )
    .orderBy(sql`${viewerRequest.requesterId} = ${userParam} desc`)
    .limit(1)})`

// The detail page in one round trip for most viewers: the PlayDate with its creator team, once
// matched the accepted application with its team (one at most: play_date_requests_one_accepted_key),
// who cancelled it, and the viewer's own live application. Statuses are written out, so the
// generic plan reads the partial indexes.
// The viewer applied to the PlayDate (whatever became of it) or played in it and dropped out: its
// page stays theirs after they leave, group game or not (docs/decisions/0168).
const hadAPart = sql`(exists (select 1 from ${playDateRequests} part
    where part.play_date_id = ${playDates.id} and ${userParam} in (part.requester_id, part.requester_partner_id))
  or exists (select 1 from ${playDateDropouts} gone
    where gone.play_date_id = ${playDates.id} and gone.profile_id = ${userParam}))`

const playDateByIdQuery = (db: DbOrTx) =>
  selectPlayDatesWithAccepted(db, {
    accepted: {
      id: playDateRequests.id,
      status: playDateRequests.status,
      solo: playDateRequests.solo,
      partnerJoinedAlone: playDateRequests.partnerJoinedAlone,
      createdAt: playDateRequests.createdAt,
    },
    acceptedCaptain: requesterColumns,
    acceptedPartner: requesterPartnerColumns,
    cancelledByPlayer: cancellerColumns,
    viewerRequestId: viewerRequestId(db),
    offered: sql<boolean>`(${offeredTo(userParam, sql`${sql.placeholder('now')}::timestamptz`)} or ${hadAPart})`,
    inGroup: sql<boolean>`(${playDates.groupId} is not null and ${inPlayDateGroup(userParam)})`,
    lateCancel: playDates.lateCancel,
    vacantSince: playDates.vacantSince,
    subWave: playDates.subWave,
    resultOutcome: playDates.resultOutcome,
    resultAbsentTeam: playDates.resultAbsentTeam,
    resultPointsTo: playDates.resultPointsTo,
    resultGames: playDates.resultGames,
    resultSettledBy: playDates.resultSettledBy,
    resultSettledAt: playDates.resultSettledAt,
    disputedAt: playDates.disputedAt,
    resultConfirmedAt: playDates.resultConfirmedAt,
    resultConfirmedBy: playDates.resultConfirmedBy,
    paidAt: playDates.paidAt,
    paidBy: playDates.paidBy,
    receivedAt: playDates.receivedAt,
    receivedBy: playDates.receivedBy,
  })
    .leftJoin(canceller, eq(canceller.id, playDates.cancelledBy))
    .where(eq(playDates.id, sql.placeholder('id')))
    .limit(1)

// The kind of PlayDate `id` is (Pay, Earn or Free, playDateKind), when `viewer` may open its page
// (getPlayDate's rule below: an open PlayDate is every player's, the rest their teams' and
// admins'), else null: what the page's first view shows (web-app,
// docs/decisions/0123-play-date-first-view.md).
export async function visiblePlayDateKind(
  db: Db,
  viewer: Pick<Actor, 'id' | 'isAdmin'>,
  id: string,
  now: Date,
): Promise<PlayDateKind | null> {
  // By the app's clock, as the page reads it (docs/decisions/0229): an open PlayDate whose start
  // has passed is expired, its page its players' only (statusAt), and a full game's waitlist
  // closes at its start.
  const at = sql`${now.toISOString()}::timestamptz`
  const onItsPage = viewer.isAdmin
    ? undefined
    : or(
        and(
          or(
            sql`${playDates.status} = 'open' and (${playDates.startsAt} is null or ${playDates.startsAt} > ${at})`,
            sql`${playDates.status} = 'matched' and ${playDates.startsAt} > ${at}`,
          ),
          offeredTo(sql`${viewer.id}`, at),
        ),
        eq(playDates.creatorId, viewer.id),
        eq(playDates.partnerId, viewer.id),
        sql`exists (select 1 from ${playDateRequests}
          where ${playDateRequests.playDateId} = ${playDates.id} and ${playDateRequests.status} = 'accepted'
            and ${viewer.id} in (${playDateRequests.requesterId}, ${playDateRequests.requesterPartnerId}))`,
      )
  const [row] = await db
    .select({ type: playDates.type, paymentPerHourMax: playDates.paymentPerHourMax })
    .from(playDates)
    .where(and(eq(playDates.id, id), onItsPage))
    .limit(1)
  return row ? playDateKind(row) : null
}

export async function getPlayDate(db: DbOrTx, user: Actor, id: string, now: Date): Promise<PlayDateDetail> {
  const [read] = await db.prepared('play_date_by_id', playDateByIdQuery).execute({
    id,
    userId: user.id,
    now: now.toISOString(),
  })
  if (!read) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
  // An open PlayDate whose start has passed is the expired one it is about to be (statusAt), as
  // History tells it: nobody may apply, and its page is its players' only (docs/decisions/0227).
  const row = { ...read, status: statusAt(read.status, read.startsAt, now) }
  // The other side as soon as anyone holds a spot on it (open: a player alone, or a pair while a
  // partner is still wanted), each of its players said to have come alone or not.
  const responding: PlayDateRequestView | null =
    row.accepted && row.acceptedCaptain
      ? {
          id: row.accepted.id,
          status: row.accepted.status,
          solo: row.accepted.solo,
          team: toTeam(row.acceptedCaptain, row.acceptedPartner, {
            captain: row.accepted.solo,
            partner: row.accepted.partnerJoinedAlone,
          }),
          createdAt: row.accepted.createdAt.toISOString(),
        }
      : null
  const onRespondingTeam = responding
    ? responding.team.captain.id === user.id || responding.team.partner?.id === user.id
    : false
  const onCreatorTeam = row.creatorId === user.id || row.partnerId === user.id
  // A group's game not yet open to everyone is not there for others (docs/decisions/0168); its
  // players, those who applied and those who left it keep it.
  if (!row.offered && !onCreatorTeam && !onRespondingTeam && !user.isAdmin) {
    throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
  }
  const beforeStart = !row.startsAt || now.getTime() < row.startsAt.getTime()
  // Open PlayDates are visible to every signed-in player, and so are full games until they start
  // (their waitlist is open: docs/decisions/0152); the rest only to their players and admins.
  const fullAndAhead = row.status === 'matched' && row.startsAt !== null && beforeStart
  if (row.status !== 'open' && !fullAndAhead && !onCreatorTeam && !onRespondingTeam && !user.isAdmin) {
    throw new AppError('forbidden', PLAY_DATE_MESSAGES.notAuthorized)
  }
  const mine = row.status === 'open' || fullAndAhead ? row.viewerRequestId : null
  // The creator's partner who joined alone holds a spot; the creator answers the applications.
  const answers = row.creatorId === user.id || (row.partnerId === user.id && !row.postedAlone)
  const pending = answers && row.status === 'open' ? await loadPendingRequests(db, id) : []
  const found = mine ? await loadRequest(db, mine) : null
  // On a full game only a place on its waitlist is the viewer's application.
  const myRequest = found && (row.status === 'open' || found.status === 'waitlisted') ? found : null
  const cancelledBy = row.cancelledBy && row.cancelledByPlayer ? toPlayer(row.cancelledByPlayer) : null
  const isPlayer = onCreatorTeam || onRespondingTeam
  const summary = toSummary(row)
  const respondingTeam = responding?.team ?? null
  // Every player on the page with their record: both teams and each application's team.
  const teams = [summary.creatorTeam, respondingTeam, myRequest?.team, ...pending.map((r) => r.team)]
  const records = await reliabilityOf(
    db,
    teams.flatMap((t) => (t ? [t.captain.id, ...(t.partner ? [t.partner.id] : [])] : [])),
    now,
  )
  const withRecords = <T extends { captain: PlayerSummary; partner: PlayerSummary | null }>(team: T): T => ({
    ...team,
    captain: { ...team.captain, reliability: records.get(team.captain.id) ?? NO_RECORD },
    partner: team.partner
      ? { ...team.partner, reliability: records.get(team.partner.id) ?? NO_RECORD }
      : null,
  })
  const withTeamRecords = (request: PlayDateRequestView): PlayDateRequestView => ({
    ...request,
    team: withRecords(request.team),
  })
  const sides: Record<TeamSide, string[]> = {
    creator: creatorSideIds(row),
    responding: respondingTeam
      ? [respondingTeam.captain.id, ...(respondingTeam.partner ? [respondingTeam.partner.id] : [])]
      : [],
  }
  const names = new Map(
    [summary.creatorTeam, respondingTeam]
      .flatMap((t) => (t ? [t.captain, t.partner] : []))
      .filter((p): p is PlayerSummary => Boolean(p))
      .map((p) => [p.id, { id: p.id, firstName: p.firstName, lastName: p.lastName }] as const),
  )
  const result =
    isPlayer || user.isAdmin ? await resultView(db, id, row, { sides, names }, user.id, now) : null
  // A matched game may be cancelled by any of its players until it starts (late under 24 h);
  // an open one by its creator team.
  const canCancel =
    (row.status === 'open' && answers) || (row.status === 'matched' && isPlayer && beforeStart)
  const canWithdraw =
    (row.status === 'open' &&
      myRequest !== null &&
      (myRequest.status === 'pending' || (myRequest.solo && myRequest.status !== 'declined'))) ||
    myRequest?.status === 'waitlisted'
  const offers = await offersOf(db, row, user, { isPlayer, fullAndAhead, myRequest }, now)
  return {
    ...summary,
    creatorTeam: withRecords(summary.creatorTeam),
    respondingTeam: respondingTeam ? withRecords(respondingTeam) : null,
    cancelledBy,
    pendingRequests: pending.map(withTeamRecords),
    lateCancel: row.lateCancel,
    result,
    viewer: {
      isCreatorTeam: onCreatorTeam,
      isRespondingTeam: onRespondingTeam,
      myRequest: myRequest ? withTeamRecords(myRequest) : null,
      // An open PlayDate takes applications; a full one, its waitlist.
      canApply: (row.status === 'open' || fullAndAhead) && !onCreatorTeam && !onRespondingTeam && !mine,
      canWithdraw,
      canCancel,
      cancelIsLate: canCancel && row.status === 'matched' && isLateCancel(row.startsAt, now),
      canChat: (row.status === 'matched' || row.status === 'completed') && isPlayer,
      canOpenGroup: summary.group !== null && (row.inGroup || user.isAdmin),
      ...offers.viewer,
    },
    waitlist: offers.waitlist.map(withTeamRecords) as WaitlistEntryView[],
    waitlistCount: offers.waitlistCount,
    subSearch: offers.subSearch,
  }
}

// The waitlist, the offers and the sub search as the viewer sees them
// (docs/decisions/0152-waitlist-drop-outs-and-subs.md).
async function offersOf(
  db: DbOrTx,
  row: {
    id: string
    status: string
    creatorId: string
    partnerId: string | null
    startsAt: Date | null
    vacantSince: Date | null
    subWave: number | null
    accepted: { id: string; solo: boolean; partnerJoinedAlone: boolean } | null
    acceptedCaptain: { id: string | null } | null
    acceptedPartner: { id: string | null } | null
  },
  user: Actor,
  seen: { isPlayer: boolean; fullAndAhead: boolean; myRequest: PlayDateRequestView | null },
  now: Date,
) {
  const isCreator = row.creatorId === user.id
  const waitlistRows = seen.fullAndAhead
    ? await db.prepared('play_date_waitlist', waitlistQuery).execute({ playDateId: row.id })
    : []
  const waitlist = isCreator ? waitlistRows.map((r, i) => ({ ...toRequestView(r), position: i + 1 })) : []
  const position =
    seen.myRequest?.status === 'waitlisted'
      ? waitlistRows.findIndex((r) => r.id === seen.myRequest!.id) + 1 || null
      : null
  const other: OtherSide =
    row.accepted && row.acceptedCaptain?.id
      ? {
          id: row.accepted.id,
          requesterId: row.acceptedCaptain.id,
          requesterPartnerId: row.acceptedPartner?.id ?? null,
        }
      : undefined
  const leaving = seen.fullAndAhead && seen.isPlayer && !isCreator
  const mate =
    other?.requesterId === user.id
      ? other.requesterPartnerId
      : other?.requesterPartnerId === user.id
        ? other.requesterId
        : null
  const game = { ...row, startsAt: row.startsAt }
  const vacant = seen.fullAndAhead && spotsOf(row, other).left > 0
  return {
    waitlist,
    waitlistCount: waitlistRows.length,
    subSearch: vacant ? await subSearchState(db, row) : ('none' as const),
    viewer: {
      waitlistPosition: position,
      offer: seen.fullAndAhead ? await viewerOffer(db, row.id, user.id) : null,
      canLeave: leaving,
      // A side with a player who came to it alone is no pair: each drops out only themselves.
      canLeaveWithPartner:
        leaving &&
        mate !== null &&
        row.accepted !== null &&
        leaveWithPartnerRefusal(aloneAsSeenBy(row.accepted, other?.requesterId === user.id)) === null,
      leaveIsLate: leaving && isLateCancel(row.startsAt, now),
      canFindSub: vacant && seen.isPlayer && (await findSubRefusal(db, game, other, user.id, now)) === null,
    },
  }
}

async function viewerOffer(db: DbOrTx, playDateId: string, userId: string) {
  const offer = await openOfferOf(db, playDateId, userId)
  return offer ? { id: offer.id, kind: offer.kind, exclusiveUntil: offer.exclusiveUntil.toISOString() } : null
}
