import { and, count, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { outerColumn } from '../../db/outer-column'
import { AppError } from '../../../domain/errors'
import type {
  NotificationAction,
  NotificationListOutput,
  NotificationOutput,
  NotificationType,
  UnreadCountOutput,
} from '../../../domain/notifications/notification.schema'
import { profilePhotoUrl } from '../../../domain/players/profile-photo'
import { type DbOrTx, rowsOf } from '../../db/client'
import type { ExactCache } from '../../db/exact-cache'
import {
  connections,
  notifications,
  playDateOffers,
  playDateRequests,
  playDates,
  profiles,
  venues,
} from '../../db/schema'
import { gameLabel } from '../../../domain/play-dates/game-label'
import { decodeCursor, encodeCursor } from '../../lib/page-cursor'
import { defineQueriedEvent, publishQueried } from '../../lib/realtime'
import { type NewNotification, notificationInserts } from '../../db/queries/notice-inserts'

export type { NewNotification } from '../../db/queries/notice-inserts'

interface ActorJson {
  id: string
  firstName: string
  lastName: string
  photoVersion: string | null
}

const NOT_FOUND = 'Notification not found'

// The row's action, offered only while it is still possible: the request still pending (and to
// this player), the PlayDate still open for an application or matched or played for its chat.
// Each a lookup by primary key. Another device may answer first: the button then gets the
// server's refusal.
const subjectId = outerColumn(notifications.subjectId)
const liveAction = sql<NotificationAction>`case
  when ${notifications.action} = 'answer_connection' and exists (
    select 1 from ${connections} c where c.id = ${subjectId}
      and c.status = 'pending' and c.receiver_id = ${outerColumn(notifications.userId)})
    then json_build_object('kind', 'answer_connection', 'connectionId', ${notifications.subjectId})
  when ${notifications.action} = 'answer_application' then (
    select json_build_object('kind', 'answer_application', 'requestId', r.id, 'playDateId', r.play_date_id)
    from ${playDateRequests} r join ${playDates} p on p.id = r.play_date_id
    where r.id = ${subjectId} and r.status = 'pending' and p.status = 'open')
  when ${notifications.action} = 'open_chat' and exists (
    select 1 from ${playDates} p where p.id = ${subjectId}
      and p.status in ('matched', 'completed'))
    then json_build_object('kind', 'open_chat', 'playDateId', ${notifications.subjectId})
  when ${notifications.action} = 'take_spot' then (
    select json_build_object('kind', 'take_spot', 'offerId', o.id, 'playDateId', o.play_date_id)
    from ${playDateOffers} o join ${playDates} p on p.id = o.play_date_id
    where o.id = ${subjectId} and o.status = 'open' and p.status = 'matched')
end`

const columns = {
  id: notifications.id,
  type: notifications.type,
  title: notifications.title,
  message: notifications.message,
  link: notifications.link,
  read: notifications.read,
  // The actor's name and photo, looked up by primary key (a page is at most 100 rows).
  actor: sql<ActorJson | null>`(select json_build_object('id', a.id, 'firstName', a.first_name, 'lastName', a.last_name, 'photoVersion', a.photo_version) from ${profiles} a where a.id = ${outerColumn(notifications.actorId)})`,
  action: liveAction,
  // The game it is about, named as every channel names it (db/notice-context.ts), by primary key.
  game: sql<GameJson | null>`(select json_build_object('id', g.id, 'startsAt', g.starts_at, 'timeZone', g.time_zone, 'place', g.place, 'venue', (select v.name from ${venues} v where v.id = g.venue_id)) from ${playDates} g where g.id = ${outerColumn(notifications.playDateId)})`,
  createdAt: notifications.createdAt,
  // The exact stored time (microseconds), for the page cursor.
  cursorTime: sql<string>`${notifications.createdAt}::text`,
}

interface GameJson {
  id: string
  startsAt: string | null
  timeZone: string | null
  place: string | null
  venue: string | null
}

interface Row {
  id: string
  type: NotificationType
  title: string
  message: string
  link: string | null
  read: boolean
  actor: ActorJson | null
  action: NotificationAction
  game: GameJson | null
  createdAt: Date
  cursorTime: string
}

const toOutput = (row: Row): NotificationOutput => ({
  id: row.id,
  type: row.type,
  title: row.title,
  message: row.message,
  link: row.link,
  read: row.read,
  actor: row.actor && {
    id: row.actor.id,
    firstName: row.actor.firstName,
    lastName: row.actor.lastName,
    photoUrl: profilePhotoUrl(row.actor.id, row.actor.photoVersion),
  },
  action: row.action ?? null,
  game: row.game && { id: row.game.id, label: gameLabel(row.game) },
  createdAt: row.createdAt.toISOString(),
})

// A player's notifications not yet seen in the list: the badge's count, read here and in its
// live event. Reading one marks it seen, so these are all unread too.
const unseenOf = (userId: string | SQLWrapper) =>
  and(eq(notifications.userId, userId), eq(notifications.seen, false))

// When a count is read, for `latestCount`: the statement's start, which comes before its
// snapshot, in microseconds of the database's clock (one clock for every server instance).
const countReadAt = sql<number>`(extract(epoch from statement_timestamp()) * 1000000)::bigint`

const unreadQuery = (db: DbOrTx) =>
  db
    .select({ count: count(), asOf: countReadAt.mapWith(Number) })
    .from(notifications)
    .where(unseenOf(sql.placeholder('userId')))

// With `cache` (the embedded database's, docs/decisions/0122), a count kept since the player's
// notifications last changed is the count the query would give, and its `asOf` is still the
// latest: no change came after it.
export async function countUnread(
  db: DbOrTx,
  userId: string,
  cache: ExactCache<UnreadCountOutput> | null = null,
): Promise<UnreadCountOutput> {
  const kept = cache?.get(userId)
  if (kept) return kept
  const generation = cache?.generation ?? 0
  const [row] = await db.prepared('notifications_unread', unreadQuery).execute({ userId })
  if (!row) throw new Error('count returned no row')
  cache?.set(userId, row, generation)
  return row
}

// The player's badge and list follow every change, on every device. The count is read as the
// event leaves, after the commit: it then includes every change committed before it, the
// caller's and any other's.
const unreadEvent = defineQueriedEvent(
  'unread',
  (userId) =>
    sql`json_build_object('type', 'notification', 'unreadCount', (select count(*)::int from ${notifications} where ${unseenOf(sql`${userId}::uuid`)}), 'asOf', ${countReadAt})`,
)

function announceChange(db: DbOrTx, userId: string) {
  return publishQueried(db, userId, unreadEvent)
}

// Each player's badge follows: their unread count leaves once the write that added their
// notification commits (with the transaction's other events), or another feature's write that
// read one (a chat read while open).
export async function announceAdded(db: DbOrTx, userIds: readonly string[]) {
  for (const userId of new Set(userIds)) await announceChange(db, userId)
}

// Any feature that tells a player something calls this (or folds `notificationInserts` into its
// own write). Inside the caller's transaction the live events leave at commit, so a rolled-back
// write notifies nobody. One statement for all of them, push jobs included.
export async function createNotifications(
  db: DbOrTx,
  inputs: readonly NewNotification[],
  // Which of them to add, as in `notificationInserts` (`v` is the row: v.user_id …).
  when?: SQL,
): Promise<Array<{ id: string; userId: string }>> {
  if (inputs.length === 0) return []
  const added = rowsOf<{ id: string; userId: string }>(
    await db.execute(
      sql`with ${notificationInserts(inputs, when)} select id, user_id as "userId" from added`,
    ),
  )
  await announceAdded(
    db,
    added.map((row) => row.userId),
  )
  return added
}

// The notification added in the app; none when the player switched that kind off there (its
// email and push may still go).
export async function createNotification(db: DbOrTx, input: NewNotification) {
  const [added] = await createNotifications(db, [input])
  return added
}

const mine = eq(notifications.userId, sql.placeholder('userId'))
const newestFirst = [desc(notifications.createdAt), desc(notifications.id)] as const

// Both totals of the player's notifications as one value: [all, unread].
const totals = sql<
  [number, number]
>`array[count(*), count(*) filter (where not ${notifications.read})]::int[]`

// Each page's rows carry the totals (a subquery PostgreSQL runs once): one round trip per page
// instead of two.
const pageTotals = sql<[number, number]>`(select ${totals} from ${notifications} where ${mine})`

const firstPageQuery = (db: DbOrTx) =>
  db
    .select({ ...columns, totals: pageTotals })
    .from(notifications)
    .where(mine)
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))

const nextPageQuery = (db: DbOrTx) =>
  db
    .select({ ...columns, totals: pageTotals })
    .from(notifications)
    .where(
      and(
        mine,
        sql`(${notifications.createdAt}, ${notifications.id}) < (${sql.placeholder('afterTime')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`,
      ),
    )
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))

const totalsQuery = (db: DbOrTx) => db.select({ totals }).from(notifications).where(mine)

// Newest first, one page at a time; `cursor` continues after the last item of a page.
export async function listNotifications(
  db: DbOrTx,
  userId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<NotificationListOutput> {
  const after = page.cursor ? decodeCursor(page.cursor) : undefined
  const limit = page.limit + 1
  const rows = await (after
    ? db.prepared('notifications_next_page', nextPageQuery).execute({
        userId,
        limit,
        afterTime: after[0],
        afterId: after[1],
      })
    : db.prepared('notifications_first_page', firstPageQuery).execute({ userId, limit }))
  // Past the last page no row carries the totals (a first page without rows: there are none).
  let counts = rows[0]?.totals
  if (!counts) {
    const [row] = after ? await db.prepared('notifications_totals', totalsQuery).execute({ userId }) : []
    counts = row?.totals ?? [0, 0]
  }
  const items = rows.slice(0, page.limit)
  const last = items.at(-1)
  return {
    items: items.map(({ totals: _totals, ...row }) => toOutput(row)),
    total: Number(counts[0]),
    unreadCount: Number(counts[1]),
    nextCursor: rows.length > page.limit && last ? encodeCursor(last.cursorTime, last.id) : null,
  }
}

export async function markNotificationRead(db: DbOrTx, userId: string, notificationId: string) {
  const [row] = await db
    .update(notifications)
    .set({ read: true, seen: true })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning(columns)
  if (!row) throw new AppError('not_found', NOT_FOUND)
  await announceChange(db, userId)
  return toOutput(row)
}

// Every unread notification of the player, read at once ("Mark all read").
export async function markAllNotificationsRead(db: DbOrTx, userId: string) {
  const rows = await db
    .update(notifications)
    .set({ read: true, seen: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id })
  if (rows.length > 0) await announceChange(db, userId)
  return rows.length
}

// The player opened the list: everything in it has been seen and the badge clears, while each
// notification stays unread (marked in the list) until opened or "Mark all read".
export async function markNotificationsSeen(db: DbOrTx, userId: string) {
  const rows = await db
    .update(notifications)
    .set({ seen: true })
    .where(unseenOf(userId))
    .returning({ id: notifications.id })
  if (rows.length > 0) await announceChange(db, userId)
  return rows.length
}

export async function deleteNotification(db: DbOrTx, userId: string, notificationId: string) {
  const [row] = await db
    .delete(notifications)
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning({ id: notifications.id })
  if (!row) throw new AppError('not_found', NOT_FOUND)
  await announceChange(db, userId)
}

// What a withdrawn action had told the player (a friend request cancelled before an answer).
export async function withdrawNotifications(db: DbOrTx, userId: string, link: string) {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.link, link)))
    .returning({ id: notifications.id })
  if (rows.length > 0) await announceChange(db, userId)
}

export async function deleteAllNotifications(db: DbOrTx, userId: string) {
  const rows = await db
    .delete(notifications)
    .where(eq(notifications.userId, userId))
    .returning({ id: notifications.id })
  await announceChange(db, userId)
  return rows.length
}
