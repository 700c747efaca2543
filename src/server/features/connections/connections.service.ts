import { randomUUID } from 'node:crypto'
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import {
  connectionMessages as messages,
  type ConnectionOutput,
  friendRequestNotification,
  requestNotificationLink,
  type PlayerSummary,
} from '../../../domain/connections/connection.schema'
import { AppError } from '../../../domain/errors'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import { type Db, type DbOrTx, rowsOf } from '../../db/client'
import { statementOf } from '../../db/prepared'
import { connections, profiles } from '../../db/schema'
import { isUniqueViolation } from '../../lib/db-errors'
import { publishToUsers } from '../../lib/realtime'
import { announceAdded, createNotification, withdrawNotifications } from '../notifications'
import { noteParameters, notePlaceholders, notificationInserts } from '../../db/queries/notice-inserts'
import { type PlayerSummaryRow, toPlayer } from '../../db/player-summary'
import { other, playerColumns } from './connections.lists'
import { betweenPair, isLive, type LiveType } from '../../db/queries/friend-graph'

type ConnectionRow = typeof connections.$inferSelect

const fullName = (user: Pick<SessionUser, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`

// Friend and regular partner requests and watching; the lists are in connections.lists.ts, the
// search in connections.search.ts, the friend graph other features ask in friend-graph.ts.

// The live (pending or accepted) friend or partner connection of a pair; at most one exists.
const liveConnectionQuery = (db: DbOrTx) =>
  db
    .select()
    .from(connections)
    .where(
      and(
        betweenPair(sql.placeholder('a'), sql.placeholder('b')),
        eq(connections.type, sql.placeholder('type')),
        isLive,
      ),
    )
    .limit(1)

export async function findLiveConnection(db: DbOrTx, a: string, b: string, type: LiveType, lock = false) {
  if (lock) {
    const [row] = await db
      .select()
      .from(connections)
      .where(and(betweenPair(a, b), eq(connections.type, type), isLive))
      .limit(1)
      .for('share')
    return row
  }
  const [row] = await db.prepared('live_connection', liveConnectionQuery).execute({ a, b, type })
  return row
}

const announce = (db: DbOrTx, row: Pick<ConnectionRow, 'requesterId' | 'receiverId'>) =>
  publishToUsers(db, [row.requesterId, row.receiverId], { type: 'connection' })

// A player another can ask, invite or watch: one whose address is confirmed. An account nobody
// confirmed reads as no player at all, as in the searches (docs/decisions/0058). Read as the
// summary the answer shows, so a request reads the player once.
async function requirePlayer(db: DbOrTx, id: string): Promise<PlayerSummary> {
  const [row] = await db
    .select(playerColumns)
    .from(other)
    .where(and(eq(other.id, id), isNotNull(other.emailVerifiedAt)))
  if (!row) throw new AppError('not_found', messages.playerNotFound)
  return toPlayer(row)
}
// ---------------------------------------------------------------------------------------------
// Requests: friend and regular partner
// ---------------------------------------------------------------------------------------------

const toConnectionOutput = (
  row: ConnectionRow,
  viewerId: string,
  player: PlayerSummary,
  isRegularPartner = false,
): ConnectionOutput => ({
  id: row.id,
  type: row.type,
  status: row.status,
  direction: row.requesterId === viewerId ? 'sent' : 'received',
  player,
  isRegularPartner,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

async function playerSummaryOf(db: DbOrTx, id: string): Promise<PlayerSummary> {
  const [row] = await db.select(playerColumns).from(other).where(eq(other.id, id))
  if (!row) throw new AppError('not_found', messages.playerNotFound)
  return toPlayer(row)
}

// What the friend request's statement found and did.
interface FriendRequestRow extends Omit<PlayerSummaryRow, 'id'> {
  receiverId: string | null
  existing: 'pending' | 'accepted' | null
  createdAt: Date | null
  updatedAt: Date | null
}

// Blocked while a pending or accepted friend connection exists either way. One statement reads
// the receiver and any live connection of the pair, and only if the request may go, adds it and
// the receiver's notification (with its push jobs): no transaction, and with the session, the
// rate limit and the live events, four round trips. Two requests racing (A to B and B to A) both see
// no connection; the unique index lets one row in, the other fails with a unique violation,
// which reads as 'A friend connection already exists'. The statement is prepared once.
function friendRequestStatement() {
  const p = sql.placeholder
  const [me, receiver] = [sql`${p('me')}::uuid`, sql`${p('receiver')}::uuid`]
  return sql`
    with receiver as (
      select id, first_name, last_name, gender, dupr_rating, self_rating, photo_version
      from ${profiles} where id = ${receiver} and email_verified_at is not null
    ), existing as (
      select status from ${connections}
      where least(requester_id, receiver_id) = least(${me}, ${receiver})
        and greatest(requester_id, receiver_id) = greatest(${me}, ${receiver})
        and type = 'friend' and status in ('pending', 'accepted')
      limit 1
    ), inserted as (
      insert into ${connections} (id, requester_id, receiver_id, type, status)
      select ${p('id')}::uuid, ${me}, ${receiver}, 'friend', 'pending'
      where exists (select 1 from receiver) and not exists (select 1 from existing)
      returning created_at, updated_at
    ), ${notificationInserts([{ userId: receiver, ...notePlaceholders('request') }], sql`exists (select 1 from inserted)`)}
    select r.id as "receiverId", r.first_name as "firstName", r.last_name as "lastName",
      r.gender, r.dupr_rating as "duprRating", r.self_rating as "selfRating",
      r.photo_version as "photoVersion", e.status as existing,
      i.created_at as "createdAt", i.updated_at as "updatedAt"
    from (select 1) as one
      left join receiver r on true left join existing e on true left join inserted i on true`
}

const buildFriendRequest = (db: DbOrTx) => statementOf(db, friendRequestStatement())

export async function sendFriendRequest(db: Db, user: SessionUser, receiverId: string) {
  if (receiverId === user.id) throw new AppError('invalid', messages.notYourself)
  const id = randomUUID()
  const notification = {
    ...friendRequestNotification(fullName(user), id),
    actorId: user.id,
    action: { kind: 'answer_connection' as const, subjectId: id },
  }
  try {
    return await db.withoutTransaction(async (handle) => {
      const [found] = rowsOf<FriendRequestRow>(
        await handle.prepared('send_friend_request', buildFriendRequest).execute({
          id,
          me: user.id,
          receiver: receiverId,
          ...noteParameters('request', notification),
        }),
      )
      if (!found?.receiverId) throw new AppError('not_found', messages.playerNotFound)
      if (found.existing) {
        throw new AppError(
          'conflict',
          found.existing === 'pending' ? messages.alreadyPending : messages.alreadyFriends,
        )
      }
      if (!found.createdAt || !found.updatedAt) throw new Error('connection insert returned nothing')
      const row = { requesterId: user.id, receiverId }
      await announceAdded(handle, [receiverId])
      await announce(handle, row)
      return toConnectionOutput(
        {
          ...row,
          id,
          type: 'friend',
          status: 'pending',
          createdAt: new Date(found.createdAt),
          updatedAt: new Date(found.updatedAt),
        },
        user.id,
        toPlayer({ ...found, id: receiverId }),
      )
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', messages.alreadyFriends)
    throw error
  }
}

// Only between friends; the receiver accepts or rejects it in Received Requests.
export async function sendPartnerRequest(db: Db, user: SessionUser, receiverId: string) {
  if (receiverId === user.id) throw new AppError('invalid', messages.notYourself)
  try {
    return await db.transaction(async (tx) => {
      const receiver = await requirePlayer(tx, receiverId)
      // Locked so a friendship removed at the same moment cannot leave an orphan invitation.
      const friendship = await findLiveConnection(tx, user.id, receiverId, 'friend', true)
      if (friendship?.status !== 'accepted') throw new AppError('conflict', messages.partnerNeedsFriend)
      const existing = await findLiveConnection(tx, user.id, receiverId, 'partner')
      if (existing) {
        throw new AppError(
          'conflict',
          existing.status === 'pending' ? messages.partnerAlreadyPending : messages.alreadyPartners,
        )
      }
      const [row] = await tx
        .insert(connections)
        .values({ requesterId: user.id, receiverId, type: 'partner', status: 'pending' })
        .returning()
      if (!row) throw new Error('connection insert returned nothing')
      await createNotification(tx, {
        userId: receiverId,
        type: 'other',
        title: 'Regular Partner Invitation',
        message: `${fullName(user)} invited you to be regular partners`,
        link: requestNotificationLink(row.id),
        actorId: user.id,
        action: { kind: 'answer_connection', subjectId: row.id },
        kind: 'friend_requests',
      })
      await announce(tx, row)
      return toConnectionOutput(row, user.id, receiver)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', messages.partnerAlreadyPending)
    throw error
  }
}

// The row, locked for this transaction, if the user is one of its two players. Anyone else
// is told it does not exist.
async function lockOwnConnection(tx: DbOrTx, userId: string, connectionId: string) {
  const [row] = await tx.select().from(connections).where(eq(connections.id, connectionId)).for('update')
  if (!row || (row.requesterId !== userId && row.receiverId !== userId)) {
    throw new AppError('not_found', messages.notFound)
  }
  return row
}

export async function answerRequest(
  db: Db,
  user: SessionUser,
  connectionId: string,
  answer: 'accepted' | 'rejected',
) {
  return db.transaction(async (tx) => {
    // A partner invitation depends on the friendship: lock the friendship first, in the same
    // order as removing a friend does (friend row, then partner rows), so the two cannot deadlock.
    const [peek] = await tx.select().from(connections).where(eq(connections.id, connectionId))
    const friendship =
      peek?.type === 'partner' && answer === 'accepted'
        ? await findLiveConnection(tx, peek.requesterId, peek.receiverId, 'friend', true)
        : undefined
    const row = await lockOwnConnection(tx, user.id, connectionId)
    if (row.type === 'watched') throw new AppError('not_found', messages.notFound)
    if (row.receiverId !== user.id) throw new AppError('forbidden', messages.onlyReceiver)
    if (row.status !== 'pending') throw new AppError('conflict', messages.notPending)
    if (row.type === 'partner' && answer === 'accepted' && friendship?.status !== 'accepted') {
      throw new AppError('conflict', messages.partnerNeedsFriend)
    }
    const [updated] = await tx
      .update(connections)
      .set({ status: answer, updatedAt: sql`now()` })
      .where(eq(connections.id, row.id))
      .returning()
    if (!updated) throw new AppError('not_found', messages.notFound)
    if (answer === 'accepted') {
      await createNotification(tx, {
        userId: row.requesterId,
        type: 'other',
        ...(row.type === 'friend'
          ? { title: 'Friend Request Accepted', message: `${fullName(user)} accepted your friend request` }
          : {
              title: 'Regular Partner Invitation Accepted',
              message: `${fullName(user)} accepted your regular partner invitation`,
            }),
        link: `/profile/${user.id}`,
        actorId: user.id,
        kind: 'friend_requests',
      })
    }
    await announce(tx, row)
    const isRegularPartner =
      row.type === 'friend' &&
      (await findLiveConnection(tx, row.requesterId, row.receiverId, 'partner'))?.status === 'accepted'
    return toConnectionOutput(updated, user.id, await playerSummaryOf(tx, row.requesterId), isRegularPartner)
  })
}

// A sent request that is still pending: the row is deleted.
export async function cancelRequest(db: Db, user: SessionUser, connectionId: string) {
  await db.transaction(async (tx) => {
    const row = await lockOwnConnection(tx, user.id, connectionId)
    if (row.type === 'watched') throw new AppError('not_found', messages.notFound)
    if (row.requesterId !== user.id) throw new AppError('forbidden', messages.onlyRequester)
    if (row.status !== 'pending') throw new AppError('conflict', messages.notPending)
    await tx.delete(connections).where(eq(connections.id, row.id))
    await withdrawNotifications(tx, row.receiverId, requestNotificationLink(row.id))
    await announce(tx, row)
  })
}

// Either side ends an accepted friendship or regular partnership. Ending a friendship also ends
// the partnership: an accepted partner row is deleted, a pending one becomes rejected.
export async function removeConnection(db: Db, user: SessionUser, connectionId: string) {
  await db.transaction(async (tx) => {
    const row = await lockOwnConnection(tx, user.id, connectionId)
    if (row.type === 'watched' && row.requesterId !== user.id) {
      throw new AppError('not_found', messages.notFound)
    }
    if (row.status !== 'accepted') throw new AppError('conflict', messages.notRemovable)
    await tx.delete(connections).where(eq(connections.id, row.id))
    if (row.type === 'friend') {
      const partnerOfPair = and(betweenPair(row.requesterId, row.receiverId), eq(connections.type, 'partner'))
      await tx.delete(connections).where(and(partnerOfPair, eq(connections.status, 'accepted')))
      await tx
        .update(connections)
        .set({ status: 'rejected', updatedAt: sql`now()` })
        .where(and(partnerOfPair, eq(connections.status, 'pending')))
    }
    await announce(tx, row)
  })
}

// ---------------------------------------------------------------------------------------------
// Watching: one-directional, no consent, so the row is created accepted.
// ---------------------------------------------------------------------------------------------

export async function watchPlayer(db: Db, user: SessionUser, profileId: string) {
  if (profileId === user.id) throw new AppError('invalid', messages.notYourself)
  await db.transaction(async (tx) => {
    await requirePlayer(tx, profileId)
    const inserted = await tx
      .insert(connections)
      .values({ requesterId: user.id, receiverId: profileId, type: 'watched', status: 'accepted' })
      .onConflictDoNothing()
      .returning({ id: connections.id })
    if (inserted.length > 0) await publishToUsers(tx, [user.id, profileId], { type: 'connection' })
  })
}

export async function unwatchPlayer(db: Db, user: SessionUser, profileId: string) {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(connections)
      .where(
        and(
          eq(connections.requesterId, user.id),
          eq(connections.receiverId, profileId),
          eq(connections.type, 'watched'),
        ),
      )
      .returning({ id: connections.id })
    if (deleted.length > 0) await publishToUsers(tx, [user.id, profileId], { type: 'connection' })
  })
}
