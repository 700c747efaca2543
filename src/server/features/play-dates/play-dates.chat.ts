import { and, desc, eq, type SQL, sql } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import {
  CHAT_PAGE_SIZE,
  type ChatMessage,
  type ChatMessagesQuery,
  type ChatPage,
} from '../../../domain/play-dates/play-date.schema'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import { profilePhotoUrl } from '../../../domain/profiles/profile-photo'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import type { z } from 'zod'
import type { messageInput } from '../../../domain/play-dates/play-date.schema'
import type { Db, DbOrTx } from '../../db/client'
import { preparedQuery } from '../../db/prepared'
import { playDateMessages, playDateRequests, playDates, profiles } from '../../db/schema'
import { notifyPlayDate, announce } from './play-dates.notify'
import { type Actor } from './play-dates.queries'

// The chat of a matched PlayDate: its four players read and send messages.

// The four players of a matched or completed PlayDate; anyone else is refused.
// The PlayDate's status and every player on it (both teams, the responding one from its accepted
// request) in one statement. (A one-table select leaves its columns unqualified: the subquery
// names the PlayDate by the same placeholder, not by an outer column.)
const chatMembersQuery = (db: DbOrTx) =>
  db
    .select({
      status: playDates.status,
      creatorId: playDates.creatorId,
      partnerId: playDates.partnerId,
      responders: sql<string[]>`array(
        select unnest(array[${playDateRequests.requesterId}, ${playDateRequests.requesterPartnerId}])
        from ${playDateRequests}
        where ${playDateRequests.playDateId} = ${sql.placeholder('id')} and ${playDateRequests.status} = 'accepted'
      )::text[]`,
    })
    .from(playDates)
    .where(eq(playDates.id, sql.placeholder('id')))

async function requireChatMember(db: DbOrTx, user: Actor, id: string) {
  const [row] = await preparedQuery(db, 'chat_members', chatMembersQuery).execute({ id })
  if (!row) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
  const responders = row.responders
  const members = [row.creatorId, row.partnerId, ...responders].filter((p): p is string => Boolean(p))
  if (!members.includes(user.id)) throw new AppError('forbidden', PLAY_DATE_MESSAGES.notAuthorized)
  if (row.status !== 'matched' && row.status !== 'completed') {
    throw new AppError('conflict', 'Chat opens once the PlayDate is matched')
  }
  return members
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
    ? await preparedQuery(db, 'chat_messages_before', earlierMessagesQuery).execute({
        id,
        before: range.before,
      })
    : range.after
      ? await preparedQuery(db, 'chat_messages_after', newerMessagesQuery).execute({
          id,
          after: new Date(range.after).toISOString(),
        })
      : await preparedQuery(db, 'chat_messages', latestMessagesQuery).execute({ id })
  const hasEarlier = rows.length > CHAT_PAGE_SIZE
  const page = hasEarlier ? rows.slice(0, CHAT_PAGE_SIZE) : rows
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

// The sender is shown beside the message by their photo.
type Sender = Actor & Pick<SessionUser, 'photoUrl'>

export async function sendMessage(db: Db, user: Sender, id: string, input: z.output<typeof messageInput>) {
  return db.transaction(async (tx) => {
    const members = await requireChatMember(tx, user, id)
    const [message] = await tx
      .insert(playDateMessages)
      .values({
        playDateId: id,
        userId: user.id,
        content: input.content,
        requestKey: input.requestKey ?? null,
      })
      .onConflictDoNothing({
        target: [playDateMessages.userId, playDateMessages.requestKey],
        where: sql`${playDateMessages.requestKey} is not null`,
      })
      .returning()
    if (!message) {
      // The key was sent before: the message that request sent, sent to nobody again.
      const [earlier] = await tx
        .select()
        .from(playDateMessages)
        .where(and(eq(playDateMessages.userId, user.id), eq(playDateMessages.requestKey, input.requestKey!)))
      if (!earlier) throw new Error('insert returned nothing')
      return toChatMessage(user, earlier)
    }
    await notifyPlayDate(tx, 'message', {
      playDateId: id,
      actor: user,
      recipients: members.filter((m) => m !== user.id),
    })
    await announce(tx, id, members)
    return toChatMessage(user, message)
  })
}

function toChatMessage(
  sender: Sender,
  message: { id: string; content: string; createdAt: Date },
): ChatMessage {
  return {
    id: message.id,
    userId: sender.id,
    firstName: sender.firstName,
    lastName: sender.lastName,
    photoUrl: sender.photoUrl,
    content: message.content,
    createdAt: message.createdAt.toISOString(),
  }
}
