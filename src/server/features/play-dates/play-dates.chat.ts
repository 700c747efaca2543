import { and, desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { AppError } from '../../../domain/errors'
import {
  CHAT_PAGE_SIZE,
  type ChatMessagesQuery,
  type ChatPage,
  toChatMessage,
} from '../../../domain/play-dates/play-date.schema'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import { profilePhotoUrl } from '../../../domain/players/profile-photo'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import type { z } from 'zod'
import type { messageInput } from '../../../domain/play-dates/play-date.schema'
import { type Db, type DbOrTx, rowsOf } from '../../db/client'
import { statementOf } from '../../db/prepared'
import { chatReads, playDateMessages, playDateRequests, playDates, profiles } from '../../db/schema'
import { announceAdded } from '../notifications'
import { announce, chatNoteInserts, chatNoteParameters, readChatNote } from './play-dates.notify'
import { chatDigestJobs } from './play-dates.chat-digest'
import { type Actor } from './play-dates.queries'

// The chat of a matched PlayDate: its four players read and send messages.

// Every player of the PlayDate `pd` (both teams, the responding one from its accepted request),
// as one array: the chat's members.
const chatPlayersOf = (
  id: SQL | Placeholder,
) => sql`array_remove(array[pd.creator_id, pd.partner_id] || array(
  select unnest(array[r.requester_id, r.requester_partner_id]) from ${playDateRequests} r
  where r.play_date_id = ${id} and r.status = 'accepted'), null)`

const pd = alias(playDates, 'pd')

// The PlayDate's status and its players, in one statement.
const chatMembersQuery = (db: DbOrTx) =>
  db
    .select({ status: pd.status, members: sql<string[]>`${chatPlayersOf(sql.placeholder('id'))}::text[]` })
    .from(pd)
    .where(eq(pd.id, sql.placeholder('id')))

// The four players of a matched or completed PlayDate; anyone else is refused.
function checkChatMember<R extends { status: string | null; members: string[] | null }>(
  row: R | undefined,
  user: Actor,
): R & { members: string[] } {
  if (!row?.status || !row.members) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
  if (!row.members.includes(user.id)) throw new AppError('forbidden', PLAY_DATE_MESSAGES.notAuthorized)
  if (row.status !== 'matched' && row.status !== 'completed') {
    throw new AppError('conflict', 'Chat opens once the PlayDate is matched')
  }
  return { ...row, members: row.members }
}

async function requireChatMember(db: DbOrTx, user: Actor, id: string) {
  const [row] = await db.prepared('chat_members', chatMembersQuery).execute({ id })
  return checkChatMember(row, user).members
}

// A page of the thread, newest first, one row more than a page so the answer can say whether
// more came before it: the latest page, the one after a time (a poll catching up) or the one
// before a message (scrolling back; the message is looked up within this PlayDate, and the pair
// (time, id) orders messages sent in the same instant).
type MessageRange = 'latest' | 'after' | 'before'
const rangeCondition: Record<MessageRange, SQL | undefined> = {
  latest: undefined,
  after: sql`${playDateMessages.createdAt} > ${sql.placeholder('after')}::timestamptz`,
  before: sql`(${playDateMessages.createdAt}, ${playDateMessages.id}) < (
    select m.created_at, m.id from ${playDateMessages} m
    where m.id = ${sql.placeholder('before')} and m.play_date_id = ${sql.placeholder('id')}
  )`,
}

const messagesQuery = (range: MessageRange) => (db: DbOrTx) =>
  db
    .select({
      id: playDateMessages.id,
      userId: playDateMessages.userId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      photoVersion: profiles.photoVersion,
      content: playDateMessages.content,
      createdAt: playDateMessages.createdAt,
    })
    .from(playDateMessages)
    .innerJoin(profiles, eq(profiles.id, playDateMessages.userId))
    .where(and(eq(playDateMessages.playDateId, sql.placeholder('id')), rangeCondition[range]))
    .orderBy(desc(playDateMessages.createdAt), desc(playDateMessages.id))
    .limit(CHAT_PAGE_SIZE + 1)
const latestMessagesQuery = messagesQuery('latest')
const newerMessagesQuery = messagesQuery('after')
const earlierMessagesQuery = messagesQuery('before')

export async function listMessages(
  db: Db,
  user: Actor,
  id: string,
  range: ChatMessagesQuery = {},
): Promise<ChatPage> {
  await requireChatMember(db, user, id)
  const rows = range.before
    ? await db.prepared('chat_messages_before', earlierMessagesQuery).execute({
        id,
        before: range.before,
      })
    : range.after
      ? await db.prepared('chat_messages_after', newerMessagesQuery).execute({
          id,
          after: new Date(range.after).toISOString(),
        })
      : await db.prepared('chat_messages', latestMessagesQuery).execute({ id })
  const hasEarlier = rows.length > CHAT_PAGE_SIZE
  const page = hasEarlier ? rows.slice(0, CHAT_PAGE_SIZE) : rows
  // The player has read up to the newest message shown (not when scrolling back): the chat's
  // email, if one waits, is not sent.
  const newest = page[0]
  if (newest && !range.before) await markChatRead(db, id, user.id, newest.id)
  // Oldest first.
  return {
    items: page.reverse().map(({ photoVersion, ...r }) => ({
      ...r,
      photoUrl: profilePhotoUrl(r.userId, photoVersion),
      createdAt: r.createdAt.toISOString(),
    })),
    hasEarlier,
  }
}

// How far a player has read the chat: up to the message `messageId`, by its exact stored time
// (microseconds, which a JavaScript date would lose). Never back. A player reading the chat has
// read its notice too: an open chat fetches each new message, so a message that arrives while it
// is open leaves no unread notice behind (docs/decisions/0197). Its badge follows when one was.
async function markChatRead(db: DbOrTx, playDateId: string, userId: string, messageId: string) {
  const [row] = rowsOf<{ noticesRead: number }>(
    await db.prepared('mark_chat_read', buildMarkChatRead).execute({ id: playDateId, me: userId, messageId }),
  )
  if (row && row.noticesRead > 0) await announceAdded(db, [userId])
}

// An open chat marks each new message read: prepared once, not built for every one.
function markChatReadStatement() {
  const p = sql.placeholder
  const [id, me] = [sql`${p('id')}::uuid`, sql`${p('me')}::uuid`]
  return sql`
    with reached as (
      insert into ${chatReads} (play_date_id, profile_id, read_up_to)
      select ${id}, ${me}, m.created_at from ${playDateMessages} m where m.id = ${p('messageId')}::uuid
      on conflict (play_date_id, profile_id)
      do update set read_up_to = greatest(${chatReads.readUpTo}, excluded.read_up_to)
    ), notices as (${readChatNote(me, id)})
    select count(*)::int as "noticesRead" from notices`
}

const buildMarkChatRead = (db: DbOrTx) => statementOf(db, markChatReadStatement())

// The sender is shown beside the message by their photo.
type Sender = Actor & Pick<SessionUser, 'photoUrl'>

interface SentRow {
  status: string | null
  members: string[] | null
  messageId: string | null
  content: string | null
  createdAt: Date | string | null
  notified: string[] | null
}

// One statement checks that the sender is one of the PlayDate's players and that its chat is
// open, adds the message, marks the chat read by its sender, plans the chat's email to each other
// player (play-dates.chat-digest.ts) and notifies those who have no unread chat notification yet
// (with their push jobs): no transaction, and with the session, the rate limit and the live
// events, four round trips. A message key sent before returns that message, sent to nobody again.
// The statement is prepared once.
function sendMessageStatement() {
  const p = sql.placeholder
  const [id, me] = [sql`${p('id')}::uuid`, sql`${p('me')}::uuid`]
  return sql`
    with found as (
      select pd.status, ${chatPlayersOf(id)} as members
      from ${playDates} pd where pd.id = ${id}
    ), allowed as (
      select members from found
      where ${me} = any(members) and status in ('matched', 'completed')
    ), inserted as (
      insert into ${playDateMessages} (play_date_id, user_id, content, request_key)
      select ${id}, ${me}, ${p('content')}, ${p('requestKey')}::uuid from allowed
      on conflict (user_id, request_key) where request_key is not null do nothing
      returning id, content, created_at
    ), sender_read as (
      insert into ${chatReads} (play_date_id, profile_id, read_up_to)
      select ${id}, ${me}, i.created_at from inserted i
      on conflict (play_date_id, profile_id)
      do update set read_up_to = greatest(${chatReads.readUpTo}, excluded.read_up_to)
    ), digests as (${chatDigestJobs(id, me, sql`${p('now')}::timestamptz`)}), ${chatNoteInserts(
      sql`select m from allowed, unnest(allowed.members) as m where m <> ${me}`,
      sql`exists (select 1 from inserted)`,
    )}
    select f.status, f.members::text[] as members, i.id as "messageId", i.content,
      i.created_at as "createdAt", (select array_agg(user_id::text) from added) as notified
    from (select 1) as one left join found f on true left join inserted i on true`
}

const buildSendMessage = (db: DbOrTx) => statementOf(db, sendMessageStatement())

export async function sendMessage(
  db: Db,
  user: Sender,
  id: string,
  input: z.output<typeof messageInput>,
  now: Date,
) {
  return db.withoutTransaction(async (handle) => {
    const [row] = rowsOf<SentRow>(
      await handle.prepared('send_chat_message', buildSendMessage).execute({
        id,
        me: user.id,
        content: input.content,
        requestKey: input.requestKey ?? null,
        now: now.toISOString(),
        ...chatNoteParameters({ playDateId: id, actor: user }),
      }),
    )
    const sent = checkChatMember(row, user)
    if (!sent.messageId) {
      // The key was sent before: the message that request sent, sent to nobody again.
      const [earlier] = await handle
        .select()
        .from(playDateMessages)
        .where(and(eq(playDateMessages.userId, user.id), eq(playDateMessages.requestKey, input.requestKey!)))
      if (!earlier) throw new Error('insert returned nothing')
      return toChatMessage(user, earlier)
    }
    await announceAdded(handle, sent.notified ?? [])
    await announce(handle, id, sent.members)
    return toChatMessage(user, {
      id: sent.messageId,
      content: sent.content ?? input.content,
      createdAt: new Date(sent.createdAt!),
    })
  })
}
