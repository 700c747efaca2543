import { randomUUID } from 'node:crypto'
import { and, eq, ne, sql } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import { canTransition } from '../../../domain/play-dates/play-date.rules'
import type { z } from 'zod'
import type { applyInput } from '../../../domain/play-dates/play-date.schema'
import { type Db, type DbOrTx, rowsOf, type Tx, withoutTransaction } from '../../db/client'
import { preparedQuery, statementOf } from '../../db/prepared'
import { playDateRequests, playDates } from '../../db/schema'
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
  playable: boolean
  applied: boolean
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
      select id, status, creator_id, partner_id, starts_at from ${playDates}
      where id = ${id} for update
    ), checks as materialized (
      select ${playablePartner(p('me'), p('partner'))} as playable,
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
        and c.playable and not c.applied
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
      c.playable, c.applied, exists (select 1 from application) as inserted
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
  if (input.partnerId === user.id) {
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
          partner: input.partnerId,
          requestId: request.id,
          now: now.toISOString(),
          ...noteParameters('applied', applied),
          ...noteParameters('with_you', withYou),
        }),
      )
      if (!row?.status) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
      if (!row.inserted) throw refusal(row, user.id, input.partnerId, now)
      const creatorTeam = [row.creatorId, row.partnerId].filter((p): p is string => Boolean(p))
      await announceAdded(handle, [...creatorTeam, input.partnerId])
      await announce(handle, id, [...creatorTeam, user.id, input.partnerId])
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
  return new Error('application refused for no known reason')
}

async function lockRequest(tx: Tx, requestId: string) {
  const [request] = await tx
    .select({
      id: playDateRequests.id,
      playDateId: playDateRequests.playDateId,
      status: playDateRequests.status,
      requesterId: playDateRequests.requesterId,
      requesterPartnerId: playDateRequests.requesterPartnerId,
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

export async function acceptRequest(db: Db, user: Actor, requestId: string, now: Date) {
  try {
    const playDateId = await db.transaction(async (tx) => {
      const { request, playDate } = await lockRequest(tx, requestId)
      if (playDate.creatorId !== user.id && playDate.partnerId !== user.id) {
        throw new AppError('not_found', PLAY_DATE_MESSAGES.requestNotFound)
      }
      if (playDate.status !== 'open' || !canTransition(playDate.status, 'matched')) {
        throw new AppError('conflict', PLAY_DATE_MESSAGES.noLongerAvailable)
      }
      if (request.status !== 'pending')
        throw new AppError('conflict', 'This application is no longer pending')
      if (hasStarted(playDate, now)) throw new AppError('conflict', ALREADY_STARTED)
      const four = [
        playDate.creatorId,
        playDate.partnerId,
        request.requesterId,
        request.requesterPartnerId,
      ].filter((p): p is string => Boolean(p))
      if (playDate.startsAt && playDate.durationMinutes) {
        const clash = await findClash(tx, playDate.id, four, playDate.startsAt, playDate.durationMinutes)
        if (clash) {
          const when = formatStart(clash.startsAt!, clash.timeZone!)
          throw new AppError('conflict', `${clash.player} already plays a PlayDate at that time (${when})`)
        }
      }
      await tx.update(playDateRequests).set({ status: 'accepted' }).where(eq(playDateRequests.id, requestId))
      const declined = await tx
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
      await tx.update(playDates).set({ status: 'matched' }).where(eq(playDates.id, playDate.id))
      if (playDate.startsAt)
        await scheduleReminders(tx, { id: playDate.id, startsAt: playDate.startsAt }, now)
      const others = [playDate.creatorId, playDate.partnerId].filter(
        (p): p is string => Boolean(p) && p !== user.id,
      )
      await notifyPlayDate(tx, 'accepted', {
        playDateId: playDate.id,
        actor: user,
        recipients: [request.requesterId, request.requesterPartnerId, ...others],
      })
      await notifyPlayDate(tx, 'declined', {
        playDateId: playDate.id,
        actor: user,
        recipients: declined.flatMap((d) => [d.requesterId, d.partnerId]),
        link: AVAILABLE_PLAY_DATES_LINK,
      })
      await announce(tx, playDate.id, [
        playDate.creatorId,
        playDate.partnerId,
        request.requesterId,
        request.requesterPartnerId,
        ...declined.flatMap((d) => [d.requesterId, d.partnerId]),
      ])
      return playDate.id
    })
    return getPlayDate(db, user, playDateId, now)
  } catch (error) {
    // The one-accepted-per-PlayDate index: a concurrent accept won.
    if (isUniqueViolation(error)) throw new AppError('conflict', PLAY_DATE_MESSAGES.noLongerAvailable)
    throw error
  }
}

export async function declineRequest(db: Db, user: Actor, requestId: string, now: Date) {
  const playDateId = await db.transaction(async (tx) => {
    const { request, playDate } = await lockRequest(tx, requestId)
    if (playDate.creatorId !== user.id && playDate.partnerId !== user.id) {
      throw new AppError('not_found', PLAY_DATE_MESSAGES.requestNotFound)
    }
    if (request.status !== 'pending') throw new AppError('conflict', 'This application is no longer pending')
    await tx.update(playDateRequests).set({ status: 'declined' }).where(eq(playDateRequests.id, requestId))
    await notifyPlayDate(tx, 'declined', {
      playDateId: playDate.id,
      actor: user,
      recipients: [request.requesterId, request.requesterPartnerId],
    })
    await announceToBothTeams(tx, playDate, request)
    return playDate.id
  })
  return getPlayDate(db, user, playDateId, now)
}

export async function withdrawRequest(db: Db, user: Actor, requestId: string, now: Date) {
  // The answer is read before the commit, under the PlayDate's lock, while it is still open: read
  // after, a cancel or an accept in between hid it from the player who had withdrawn (403).
  return db.transaction(async (tx) => {
    const { request, playDate } = await lockRequest(tx, requestId)
    if (request.requesterId !== user.id && request.requesterPartnerId !== user.id) {
      throw new AppError('not_found', PLAY_DATE_MESSAGES.requestNotFound)
    }
    if (request.status !== 'pending') throw new AppError('conflict', 'This application is no longer pending')
    await tx.update(playDateRequests).set({ status: 'withdrawn' }).where(eq(playDateRequests.id, requestId))
    const mate = request.requesterId === user.id ? request.requesterPartnerId : request.requesterId
    await notifyPlayDate(tx, 'withdrawn', {
      playDateId: playDate.id,
      actor: user,
      recipients: [playDate.creatorId, playDate.partnerId, mate].filter((p): p is string => Boolean(p)),
    })
    await announceToBothTeams(tx, playDate, request)
    return getPlayDate(tx, user, playDate.id, now)
  })
}
