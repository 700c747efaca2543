import { randomUUID } from 'node:crypto'
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import { canTransition } from '../../../domain/play-dates/play-date.rules'
import type { z } from 'zod'
import type { acceptInput, applyInput } from '../../../domain/play-dates/play-date.schema'
import { openSpots, placeApplicant, rangeRefusal, SPOT_MESSAGES } from '../../../domain/play-dates/spots'
import { type Db, type DbOrTx, rowsOf, type Tx, withoutTransaction } from '../../db/client'
import { preparedQuery, statementOf } from '../../db/prepared'
import { playDateRequests, playDates, profiles } from '../../db/schema'
import { isUniqueViolation } from '../../lib/db-errors'
import { playablePartner } from '../connections'
import { announceAdded, noteParameters, notePlaceholders, notificationInserts } from '../notifications'
import { AVAILABLE_PLAY_DATES_LINK, announce, notifyPlayDate, playDateNote } from './play-dates.notify'
import { type Actor, findClash, lockPlayDate } from './play-dates.queries'
import { scheduleReminders } from './play-dates.jobs'
import { formatStart } from '../../../domain/play-dates/schedule'
import { getPlayDate } from './play-dates.detail'

// Applications and matching: a team applies, the creator team accepts or declines, the
// responding team withdraws.

type Team = { creatorId: string; partnerId: string | null }
type Applicants = { requesterId: string; requesterPartnerId: string | null }

// Every open page of the PlayDate, on both teams, refetches it.
const announceToBothTeams = (tx: Tx, playDate: Team & { id: string }, request: Applicants) =>
  announce(tx, playDate.id, [
    playDate.creatorId,
    playDate.partnerId,
    request.requesterId,
    request.requesterPartnerId,
  ])

// An application is one statement, with no transaction: it locks the PlayDate's row, reads the
// partner's friendship and the players' live applications to it, and only if every rule holds,
// adds the application and what it tells the creator team and the partner. With the session,
// the rate limit and the live events, four round trips. Its reads come from before the lock was
// granted, so an application committed while this one waited is not in them: the unique indexes
// (a player in the same role) and a trigger that reads after the lock (a player in the other
// role; migration 0026) refuse it, read as 'already applied'. A change of the PlayDate itself
// committed while it waited (matched, cancelled) is seen: the locked row is read again.
interface ApplyRow {
  status: string | null
  creatorId: string | null
  partnerId: string | null
  startsAt: string | Date | null
  minDupr: string | number | null
  maxDupr: string | number | null
  otherTaken: boolean | null
  playable: boolean
  applied: boolean
  ratings: Array<{ duprRating: number | null; selfRating: number }> | null
  inRange: boolean | null
  inserted: boolean
}

// The statement, written once with placeholders and prepared (db/prepared.ts): building it on
// every call cost an application about 150 µs of CPU, and on PostgreSQL a prepared statement is
// also parsed and planned once per connection.
function applyStatement() {
  const p = sql.placeholder
  const [id, me, partner] = [sql`${p('id')}::uuid`, sql`${p('me')}::uuid`, sql`${p('partner')}::uuid`]
  return sql`
    with locked as materialized (
      select id, status, creator_id, partner_id, starts_at, min_dupr, max_dupr,
        exists (select 1 from ${playDateRequests} a where a.play_date_id = ${id} and a.status = 'accepted') as other_taken
      from ${playDates}
      where id = ${id} for update
    ), checks as materialized (
      select ${playablePartner(p('me'), p('partner'))} as playable,
        (select json_agg(json_build_object('duprRating', pr.dupr_rating, 'selfRating', pr.self_rating))
          from ${profiles} pr where pr.id in (${me}, ${partner})) as ratings,
        (select round(avg(coalesce(pr.dupr_rating, pr.self_rating)), 2)
          from ${profiles} pr where pr.id in (${me}, ${partner})) as rating,
        exists (select 1 from ${playDateRequests} r
          where r.play_date_id = ${id} and r.status in ('pending', 'accepted')
            and (r.requester_id in (${me}, ${partner}) or r.requester_partner_id in (${me}, ${partner}))
        ) as applied
    ), application as (
      insert into ${playDateRequests} (id, play_date_id, requester_id, requester_partner_id, status)
      select ${p('requestId')}::uuid, l.id, ${me}, ${partner}, 'pending' from locked l, checks c
      where l.status = 'open' and (l.starts_at is null or l.starts_at > ${p('now')}::timestamptz)
        and ${me} <> l.creator_id and l.partner_id is distinct from ${me}
        and ${partner} <> l.creator_id and l.partner_id is distinct from ${partner}
        and c.playable and not c.applied and not l.other_taken
        and (l.min_dupr is null or c.rating between l.min_dupr and l.max_dupr)
      returning id
    ), ${notificationInserts(
      [
        { userId: sql`(select creator_id from locked)`, ...notePlaceholders('applied') },
        { userId: sql`(select partner_id from locked)`, ...notePlaceholders('applied') },
        { userId: sql`${p('partner')}`, ...notePlaceholders('with_you') },
      ],
      sql`v.user_id is not null and exists (select 1 from application)`,
    )}
    select l.status, l.creator_id as "creatorId", l.partner_id as "partnerId", l.starts_at as "startsAt",
      l.min_dupr as "minDupr", l.max_dupr as "maxDupr", l.other_taken as "otherTaken",
      c.playable, c.applied, c.ratings,
      (l.min_dupr is null or c.rating between l.min_dupr and l.max_dupr) as "inRange",
      exists (select 1 from application) as inserted
    from (select 1) as one left join locked l on true cross join checks c`
}

const buildApply = (db: DbOrTx) => statementOf(db, applyStatement())

export async function applyToPlayDate(
  db: Db,
  user: Actor,
  id: string,
  input: z.output<typeof applyInput>,
  now: Date,
) {
  if (input.alone || !input.partnerId) return applyAlone(db, user, id, now)
  const partnerId = input.partnerId
  if (partnerId === user.id) {
    throw new AppError('invalid', PLAY_DATE_MESSAGES.selectFriend, {
      partnerId: PLAY_DATE_MESSAGES.selectFriend,
    })
  }
  const request = { id: randomUUID(), status: 'pending' as const }
  const applied = playDateNote('applied', { playDateId: id, actor: user, requestId: request.id })
  const withYou = playDateNote('appliedWithYou', { playDateId: id, actor: user })
  try {
    return await withoutTransaction(db, async (handle) => {
      const [row] = rowsOf<ApplyRow>(
        await preparedQuery(handle, 'apply_to_play_date', buildApply).execute({
          id,
          me: user.id,
          partner: partnerId,
          requestId: request.id,
          now: now.toISOString(),
          ...noteParameters('applied', applied),
          ...noteParameters('with_you', withYou),
        }),
      )
      if (!row?.status) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
      if (!row.inserted) throw refusal(row, user.id, partnerId, now)
      const creatorTeam = [row.creatorId, row.partnerId].filter((p): p is string => Boolean(p))
      await announceAdded(handle, [...creatorTeam, partnerId])
      await announce(handle, id, [...creatorTeam, user.id, partnerId])
      return request
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', PLAY_DATE_MESSAGES.alreadyApplied)
    throw error
  }
}

// Why an application was not added, in the order the rules are told: the PlayDate's state, then
// who applies, then with whom. No rule at all means the statement and these rules disagree: a bug,
// answered as a server error.
function refusal(row: ApplyRow, userId: string, partnerId: string, now: Date): Error {
  if (row.status !== 'open') return new AppError('conflict', PLAY_DATE_MESSAGES.noLongerAvailable)
  if (row.startsAt !== null && hasStarted({ startsAt: new Date(row.startsAt) }, now))
    return new AppError('conflict', ALREADY_STARTED)
  const creatorTeam = [row.creatorId, row.partnerId]
  if (creatorTeam.includes(userId)) return new AppError('conflict', PLAY_DATE_MESSAGES.ownPlayDate)
  if (creatorTeam.includes(partnerId)) return new AppError('conflict', PLAY_DATE_MESSAGES.alreadyApplied)
  if (!row.playable) {
    return new AppError('invalid', PLAY_DATE_MESSAGES.selectFriend, {
      partnerId: PLAY_DATE_MESSAGES.selectFriend,
    })
  }
  if (row.applied) return new AppError('conflict', PLAY_DATE_MESSAGES.alreadyApplied)
  if (row.otherTaken) return new AppError('conflict', SPOT_MESSAGES.pairNeedsTwo)
  if (!row.inRange) {
    const message = rangeRefusal(row.ratings ?? [], rangeOf(row))
    if (message) return new AppError('invalid', message)
  }
  return new Error('application refused for no known reason')
}

const rangeOf = (row: { minDupr: string | number | null; maxDupr: string | number | null }) =>
  row.minDupr === null || row.maxDupr === null ? null : { min: Number(row.minDupr), max: Number(row.maxDupr) }

// One player applies alone ("Join alone"): under the PlayDate's lock, the same rules as a pair's
// application, with the player's own rating for the range. The creator team places them when it
// accepts (acceptRequest).
async function applyAlone(db: Db, user: Actor, id: string, now: Date) {
  try {
    return await db.transaction(async (tx) => {
      const playDate = await lockPlayDate(tx, id)
      if (!playDate) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
      if (playDate.status !== 'open') throw new AppError('conflict', PLAY_DATE_MESSAGES.noLongerAvailable)
      if (hasStarted(playDate, now)) throw new AppError('conflict', ALREADY_STARTED)
      if (playDate.creatorId === user.id || playDate.partnerId === user.id) {
        throw new AppError('conflict', PLAY_DATE_MESSAGES.ownPlayDate)
      }
      const [live] = await tx
        .select({ id: playDateRequests.id })
        .from(playDateRequests)
        .where(
          and(
            eq(playDateRequests.playDateId, id),
            inArray(playDateRequests.status, ['pending', 'accepted']),
            or(eq(playDateRequests.requesterId, user.id), eq(playDateRequests.requesterPartnerId, user.id)),
          ),
        )
        .limit(1)
      if (live) throw new AppError('conflict', PLAY_DATE_MESSAGES.alreadyApplied)
      const [me] = await tx
        .select({ duprRating: profiles.duprRating, selfRating: profiles.selfRating })
        .from(profiles)
        .where(eq(profiles.id, user.id))
      const outside = me
        ? rangeRefusal([{ ...me, selfRating: Number(me.selfRating) }], rangeOf(playDate))
        : null
      if (outside) throw new AppError('invalid', outside)
      const [request] = await tx
        .insert(playDateRequests)
        .values({ playDateId: id, requesterId: user.id, requesterPartnerId: null, solo: true })
        .returning({ id: playDateRequests.id, status: playDateRequests.status })
      await notifyPlayDate(tx, 'appliedAlone', {
        playDateId: id,
        actor: user,
        recipients: [playDate.creatorId, playDate.partnerId].filter((p): p is string => Boolean(p)),
        requestId: request!.id,
      })
      await announce(tx, id, [playDate.creatorId, playDate.partnerId, user.id])
      return request!
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', PLAY_DATE_MESSAGES.alreadyApplied)
    throw error
  }
}

async function lockRequest(tx: Tx, requestId: string) {
  const [request] = await tx
    .select({
      id: playDateRequests.id,
      playDateId: playDateRequests.playDateId,
      status: playDateRequests.status,
      requesterId: playDateRequests.requesterId,
      requesterPartnerId: playDateRequests.requesterPartnerId,
      solo: playDateRequests.solo,
    })
    .from(playDateRequests)
    .where(eq(playDateRequests.id, requestId))
  if (!request) throw new AppError('not_found', PLAY_DATE_MESSAGES.requestNotFound)
  // Lock the PlayDate first, then read the request again under the lock.
  const playDate = await lockPlayDate(tx, request.playDateId)
  if (!playDate) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
  const [current] = await tx
    .select({ status: playDateRequests.status })
    .from(playDateRequests)
    .where(eq(playDateRequests.id, requestId))
    .for('update')
  return { request: { ...request, status: current?.status ?? request.status }, playDate }
}

// An open PlayDate whose start has passed takes no more applications and no accept.
export const ALREADY_STARTED = 'This PlayDate has already started: it can no longer be joined'
const hasStarted = (playDate: { startsAt: Date | null }, now: Date) =>
  playDate.startsAt !== null && playDate.startsAt.getTime() <= now.getTime()

// The other side's accepted application (one at most: play_date_requests_one_accepted_key),
// locked: a player alone completes it, or withdraws from it.
async function lockOtherSide(tx: Tx, playDateId: string) {
  const [row] = await tx
    .select({
      id: playDateRequests.id,
      requesterId: playDateRequests.requesterId,
      requesterPartnerId: playDateRequests.requesterPartnerId,
    })
    .from(playDateRequests)
    .where(and(eq(playDateRequests.playDateId, playDateId), eq(playDateRequests.status, 'accepted')))
    .for('update')
  return row
}

// The creator answers applications, and a partner they chose; a partner who joined alone does not.
const answersApplications = (
  playDate: { creatorId: string; partnerId: string | null; postedAlone: boolean },
  userId: string,
) => playDate.creatorId === userId || (playDate.partnerId === userId && !playDate.postedAlone)

const present = (ids: ReadonlyArray<string | null | undefined>) => ids.filter((p): p is string => Boolean(p))

// Accepting an application: a pair takes the other side; a player alone becomes the partner the
// creator wanted or takes a spot on the other side (`side`, or the partner wanted first), where a
// second player alone completes the team. The game is matched when the four spots are taken:
// then every other pending application is declined. Everything runs under the PlayDate's row lock,
// so accepts of one PlayDate run one after another, and each write also checks the spot is still
// free (a partner only where there is none, a second player only on a team of one): two accepts
// for the last spot leave one in it and answer the other 'That spot was just taken'.
export async function acceptRequest(
  db: Db,
  user: Actor,
  requestId: string,
  now: Date,
  input: z.output<typeof acceptInput> = {},
) {
  try {
    const playDateId = await db.transaction(async (tx) => {
      const { request, playDate } = await lockRequest(tx, requestId)
      if (!answersApplications(playDate, user.id)) {
        throw new AppError('not_found', PLAY_DATE_MESSAGES.requestNotFound)
      }
      if (playDate.status !== 'open' || !canTransition(playDate.status, 'matched')) {
        throw new AppError('conflict', PLAY_DATE_MESSAGES.noLongerAvailable)
      }
      if (request.status !== 'pending')
        throw new AppError('conflict', 'This application is no longer pending')
      if (hasStarted(playDate, now)) throw new AppError('conflict', ALREADY_STARTED)
      const other = await lockOtherSide(tx, playDate.id)
      const spots = openSpots({
        creatorPartner: playDate.partnerId !== null,
        otherSide: !other ? 0 : other.requesterPartnerId ? 2 : 1,
      })
      const placed = placeApplicant(spots, request.requesterPartnerId ? 'pair' : 'solo', input.side)
      if ('refusal' in placed) throw new AppError('conflict', placed.refusal)
      const creatorSide = present([playDate.creatorId, playDate.partnerId])
      const joining = present([request.requesterId, request.requesterPartnerId])
      // Who will play once this application is placed.
      const otherSide = present([other?.requesterId, other?.requesterPartnerId])
      const four =
        placed.side === 'creator'
          ? [...creatorSide, ...joining, ...otherSide]
          : [...creatorSide, ...otherSide, ...joining]
      if (playDate.startsAt && playDate.durationMinutes) {
        const clash = await findClash(tx, playDate.id, four, playDate.startsAt, playDate.durationMinutes)
        if (clash) {
          const when = formatStart(clash.startsAt!, clash.timeZone!)
          throw new AppError('conflict', `${clash.player} already plays a PlayDate at that time (${when})`)
        }
      }
      // The players the new one teams up with, told who their partner is.
      let teammates: string[] = []
      if (placed.side === 'creator') {
        const [set] = await tx
          .update(playDates)
          .set({ partnerId: request.requesterId })
          .where(and(eq(playDates.id, playDate.id), isNull(playDates.partnerId)))
          .returning({ id: playDates.id })
        if (!set) throw new AppError('conflict', SPOT_MESSAGES.sideFull)
        await tx.update(playDateRequests).set({ status: 'joined' }).where(eq(playDateRequests.id, requestId))
        teammates = [playDate.creatorId]
      } else if (other && !request.requesterPartnerId) {
        await tx.update(playDateRequests).set({ status: 'joined' }).where(eq(playDateRequests.id, requestId))
        const [set] = await tx
          .update(playDateRequests)
          .set({ requesterPartnerId: request.requesterId })
          .where(and(eq(playDateRequests.id, other.id), isNull(playDateRequests.requesterPartnerId)))
          .returning({ id: playDateRequests.id })
        if (!set) throw new AppError('conflict', SPOT_MESSAGES.sideFull)
        teammates = [other.requesterId]
      } else {
        await tx
          .update(playDateRequests)
          .set({ status: 'accepted' })
          .where(eq(playDateRequests.id, requestId))
      }
      const matched = four.length === 4
      const declined = matched
        ? await tx
            .update(playDateRequests)
            .set({ status: 'declined' })
            .where(
              and(
                eq(playDateRequests.playDateId, playDate.id),
                eq(playDateRequests.status, 'pending'),
                ne(playDateRequests.id, requestId),
              ),
            )
            .returning({
              requesterId: playDateRequests.requesterId,
              partnerId: playDateRequests.requesterPartnerId,
            })
        : []
      if (matched) {
        await tx.update(playDates).set({ status: 'matched' }).where(eq(playDates.id, playDate.id))
        if (playDate.startsAt)
          await scheduleReminders(tx, { id: playDate.id, startsAt: playDate.startsAt }, now)
      }
      await notifyPlayDate(tx, matched ? 'accepted' : 'acceptedAlone', {
        playDateId: playDate.id,
        actor: user,
        recipients: matched ? four : joining,
      })
      if (teammates.length > 0) {
        await notifyPlayDate(tx, 'partnerJoined', {
          playDateId: playDate.id,
          actor: { id: request.requesterId, ...(await nameOf(tx, request.requesterId)) },
          recipients: teammates,
        })
      }
      const declinedPlayers = present(declined.flatMap((d) => [d.requesterId, d.partnerId]))
      await notifyPlayDate(tx, 'declined', {
        playDateId: playDate.id,
        actor: user,
        recipients: declinedPlayers,
        link: AVAILABLE_PLAY_DATES_LINK,
      })
      await announce(tx, playDate.id, [...four, ...declinedPlayers])
      return playDate.id
    })
    return getPlayDate(db, user, playDateId, now)
  } catch (error) {
    // The one-accepted-per-PlayDate index: a concurrent accept won.
    if (isUniqueViolation(error)) throw new AppError('conflict', PLAY_DATE_MESSAGES.noLongerAvailable)
    throw error
  }
}

async function nameOf(tx: Tx, id: string) {
  const [row] = await tx
    .select({ firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(eq(profiles.id, id))
  return row ?? { firstName: 'A', lastName: 'player' }
}

export async function declineRequest(db: Db, user: Actor, requestId: string, now: Date) {
  const playDateId = await db.transaction(async (tx) => {
    const { request, playDate } = await lockRequest(tx, requestId)
    if (!answersApplications(playDate, user.id)) {
      throw new AppError('not_found', PLAY_DATE_MESSAGES.requestNotFound)
    }
    if (request.status !== 'pending') throw new AppError('conflict', 'This application is no longer pending')
    await tx.update(playDateRequests).set({ status: 'declined' }).where(eq(playDateRequests.id, requestId))
    await notifyPlayDate(tx, 'declined', {
      playDateId: playDate.id,
      actor: user,
      recipients: present([request.requesterId, request.requesterPartnerId]),
    })
    await announceToBothTeams(tx, playDate, request)
    return playDate.id
  })
  return getPlayDate(db, user, playDateId, now)
}

// A pending application is withdrawn by its team. A player alone who was accepted can also leave
// until the game is matched: the creator's partner leaves the spot to a partner wanted again; on
// the other side the remaining player keeps the spot, as a team of one.
export async function withdrawRequest(db: Db, user: Actor, requestId: string, now: Date) {
  // The answer is read before the commit, under the PlayDate's lock, while it is still open: read
  // after, a cancel or an accept in between hid it from the player who had withdrawn (403).
  return db.transaction(async (tx) => {
    const { request, playDate } = await lockRequest(tx, requestId)
    if (request.requesterId !== user.id && request.requesterPartnerId !== user.id) {
      throw new AppError('not_found', PLAY_DATE_MESSAGES.requestNotFound)
    }
    const leavesSpot = request.solo && (request.status === 'accepted' || request.status === 'joined')
    if (leavesSpot && playDate.status !== 'open') {
      throw new AppError('conflict', 'The game is matched: you can no longer withdraw')
    }
    if (request.status !== 'pending' && !leavesSpot)
      throw new AppError('conflict', 'This application is no longer pending')
    const other = leavesSpot ? await lockOtherSide(tx, playDate.id) : undefined
    let mates: string[] = []
    if (leavesSpot && playDate.partnerId === user.id) {
      await tx.update(playDates).set({ partnerId: null }).where(eq(playDates.id, playDate.id))
      mates = [playDate.creatorId]
    } else if (leavesSpot && other && other.id === requestId && other.requesterPartnerId) {
      // The captain of a team of two alone leaves: the partner's own application holds the spot.
      const partnerId = other.requesterPartnerId
      await tx.update(playDateRequests).set({ status: 'withdrawn' }).where(eq(playDateRequests.id, requestId))
      await tx
        .update(playDateRequests)
        .set({ status: 'accepted' })
        .where(
          and(
            eq(playDateRequests.playDateId, playDate.id),
            eq(playDateRequests.requesterId, partnerId),
            eq(playDateRequests.status, 'joined'),
          ),
        )
      mates = [partnerId]
    } else if (leavesSpot && other && other.requesterPartnerId === user.id) {
      await tx
        .update(playDateRequests)
        .set({ requesterPartnerId: null })
        .where(eq(playDateRequests.id, other.id))
      mates = [other.requesterId]
    }
    await tx.update(playDateRequests).set({ status: 'withdrawn' }).where(eq(playDateRequests.id, requestId))
    const mate = request.requesterId === user.id ? request.requesterPartnerId : request.requesterId
    await notifyPlayDate(tx, 'withdrawn', {
      playDateId: playDate.id,
      actor: user,
      recipients: present([playDate.creatorId, playDate.partnerId, mate, ...mates]),
    })
    await announce(tx, playDate.id, [
      playDate.creatorId,
      playDate.partnerId,
      request.requesterId,
      request.requesterPartnerId,
      ...mates,
    ])
    return getPlayDate(tx, user, playDate.id, now)
  })
}
