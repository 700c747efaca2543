import { randomUUID } from 'node:crypto'
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import type { z } from 'zod'
import type { applyInput } from '../../../domain/play-dates/play-date.schema'
import { rangeRefusal, SPOT_MESSAGES } from '../../../domain/play-dates/spots'
import { type Db, type DbOrTx, rowsOf } from '../../db/client'
import { statementOf } from '../../db/prepared'
import { playDateRequests, playDates, profiles } from '../../db/schema'
import { isUniqueViolation } from '../../lib/db-errors'
import { creatorSideIds, offeredTo, playablePartner } from '../../db/queries'
import { announceAdded } from '../notifications'
import {
  noteParameters,
  notePlaceholder,
  notePlaceholders,
  notificationInserts,
} from '../../db/queries/notice-inserts'
import { announce, notifyPlayDate, pairMessage, pairNoteTemplate, playDateNote } from './play-dates.notify'
import type { Actor } from './play-dates.queries'
import { lockPlayDate } from './play-dates.locks'
import { joinWaitlist } from './play-dates.waitlist'

// Applications: a pair or a player alone applies (accepting, declining and withdrawing are in
// play-dates.matching.ts).

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
  otherTaken: boolean | null
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
  // The creator team's notice names both applicants, the partner's name read here.
  const applied = notePlaceholders(
    'applied',
    pairMessage(
      notePlaceholder(notePlaceholders('applied'), 'message'),
      sql`(select partner_name from checks)`,
    ),
  )
  return sql`
    with locked as materialized (
      select id, status, creator_id, partner_id, starts_at,
        exists (select 1 from ${playDateRequests} a where a.play_date_id = ${id} and a.status = 'accepted') as other_taken
      from ${playDates}
      where id = ${id} and ${offeredTo(me, sql`${p('now')}::timestamptz`)} for update
    ), checks as materialized (
      select ${playablePartner(p('me'), p('partner'))} as playable,
        (select pp.first_name || ' ' || pp.last_name from ${profiles} pp where pp.id = ${partner}) as partner_name,
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
      returning id
    ), ${notificationInserts(
      [
        { userId: sql`(select creator_id from locked)`, ...applied },
        { userId: sql`(select partner_id from locked)`, ...applied },
        { userId: sql`${p('partner')}`, ...notePlaceholders('with_you') },
      ],
      sql`v.user_id is not null and exists (select 1 from application)`,
    )}
    select l.status, l.creator_id as "creatorId", l.partner_id as "partnerId", l.starts_at as "startsAt",
      l.other_taken as "otherTaken", c.playable, c.applied,
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
  const applied = pairNoteTemplate('applied', { playDateId: id, actor: user, requestId: request.id })
  const withYou = playDateNote('appliedWithYou', { playDateId: id, actor: user })
  try {
    const added = await db.withoutTransaction(async (handle) => {
      const [row] = rowsOf<ApplyRow>(
        await handle.prepared('apply_to_play_date', buildApply).execute({
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
      if (!row.inserted && row.status === 'matched') return null
      if (!row.inserted) throw refusal(row, user.id, partnerId, now)
      const creatorTeam = creatorSideIds(row)
      await announceAdded(handle, [...creatorTeam, partnerId])
      await announce(handle, id, [...creatorTeam, user.id, partnerId])
      return request
    })
    // Every spot is taken: the pair joins the waitlist.
    return added ?? (await applyToFullGame(db, user, id, partnerId, now))
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', PLAY_DATE_MESSAGES.alreadyApplied)
    throw error
  }
}

// An application to a matched game joins its waitlist (docs/decisions/0152), until the start.
async function applyToFullGame(db: Db, user: Actor, id: string, partnerId: string | null, now: Date) {
  return db.transaction(async (tx) => {
    const playDate = await lockPlayDate(tx, id)
    if (!playDate) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
    if (playDate.status !== 'matched') throw new AppError('conflict', PLAY_DATE_MESSAGES.noLongerAvailable)
    if (hasStarted(playDate, now)) throw new AppError('conflict', ALREADY_STARTED)
    return joinWaitlist(tx, user, playDate, partnerId, now)
  })
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
  return new Error('application refused for no known reason')
}

const rangeOf = (row: { minDupr: string | number | null; maxDupr: string | number | null }) =>
  row.minDupr === null || row.maxDupr === null ? null : { min: Number(row.minDupr), max: Number(row.maxDupr) }

// One player applies alone ("Join alone"): under the PlayDate's lock, the same rules as a pair's
// application, and the range: the player's own rating (the self rating without a DUPR) must be
// in it. A pair applies as the spec has it, with no range (docs/decisions/0137). The creator team places them when it
// accepts (acceptRequest).
async function applyAlone(db: Db, user: Actor, id: string, now: Date) {
  try {
    return await db.transaction(async (tx) => {
      const playDate = await lockPlayDate(tx, id)
      if (!playDate || !(await isOfferedTo(tx, id, user.id, now))) {
        throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
      }
      if (playDate.status !== 'open' && playDate.status !== 'matched') {
        throw new AppError('conflict', PLAY_DATE_MESSAGES.noLongerAvailable)
      }
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
        ? rangeRefusal({ ...me, selfRating: Number(me.selfRating) }, rangeOf(playDate))
        : null
      if (outside) throw new AppError('invalid', outside)
      if (playDate.status === 'matched') return joinWaitlist(tx, user, playDate, null, now)
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

// A group's game is its members' until it opens to everyone (docs/decisions/0168): to anyone else
// it is not there, as on its page.
async function isOfferedTo(db: DbOrTx, id: string, userId: string, now: Date) {
  const [row] = await db
    .select({
      offered: sql<boolean>`${offeredTo(sql`${userId}::uuid`, sql`${now.toISOString()}::timestamptz`)}`,
    })
    .from(playDates)
    .where(eq(playDates.id, id))
  return row?.offered === true
}

// The players who cannot apply to PlayDate `id` again, as a captain or a partner: those with an
// application still pending or accepted, or a place on its waitlist (the partial unique indexes
// of play_date_requests). For the apply page's partner choice, to someone the PlayDate is offered
// to; to anyone else it is not there.
export async function playersApplied(db: DbOrTx, id: string, userId: string, now: Date) {
  if (!(await isOfferedTo(db, id, userId, now))) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
  const rows = await db
    .select({ requesterId: playDateRequests.requesterId, partnerId: playDateRequests.requesterPartnerId })
    .from(playDateRequests)
    .where(
      and(
        eq(playDateRequests.playDateId, id),
        inArray(playDateRequests.status, ['pending', 'accepted', 'waitlisted']),
      ),
    )
  return new Set(rows.flatMap((r) => (r.partnerId ? [r.requesterId, r.partnerId] : [r.requesterId])))
}

// An open PlayDate whose start has passed takes no more applications and no accept.
export const ALREADY_STARTED = 'This PlayDate has already started: it can no longer be joined'
export const hasStarted = (playDate: { startsAt: Date | null }, now: Date) =>
  playDate.startsAt !== null && playDate.startsAt.getTime() <= now.getTime()
