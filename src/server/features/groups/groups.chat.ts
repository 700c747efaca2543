import { and, desc, eq, type SQL, sql } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { GROUP_CLOSED } from '../../../domain/groups/group.schema'
import {
  CHAT_PAGE_SIZE,
  type ChatMessage,
  type ChatMessagesQuery,
  type ChatPage,
  toChatMessage,
} from '../../../domain/play-dates/play-date.schema'
import { profilePhotoUrl } from '../../../domain/players/profile-photo'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import type { z } from 'zod'
import type { messageInput } from '../../../domain/play-dates/play-date.schema'
import type { Db, DbOrTx } from '../../db/client'
import { groupMessages, groupMembers, groups, profiles } from '../../db/schema'
import { publishToUsers } from '../../lib/realtime'
import { notFound, roleOf, type Viewer } from './groups.access'

// A group's members-only chat (docs/decisions/0168): members read and write, admins read, anyone
// else finds no such group. Pages work as the PlayDate chat's do (the same query and answer), and
// a message reaches the members' open pages through the event stream ('group', the group's id).

async function requireReader(db: DbOrTx, viewer: Viewer, groupId: string) {
  const role = await roleOf(db, groupId, viewer.id)
  if (!role && !viewer.isAdmin) throw notFound()
  if (!role) {
    const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId))
    if (!group) throw notFound()
  }
}

// The page asked for: the latest, the newest after a time, or the one before a message (looked up
// in this group; the pair (time, id) orders messages sent in the same instant).
function rangeOf(groupId: string, range: ChatMessagesQuery): SQL | undefined {
  if (range.after)
    return sql`${groupMessages.createdAt} > ${new Date(range.after).toISOString()}::timestamptz`
  if (range.before) {
    return sql`(${groupMessages.createdAt}, ${groupMessages.id}) < (
      select m.created_at, m.id from ${groupMessages} m where m.id = ${range.before} and m.group_id = ${groupId})`
  }
  return undefined
}

export async function listGroupMessages(
  db: Db,
  viewer: Viewer,
  groupId: string,
  range: ChatMessagesQuery = {},
): Promise<ChatPage> {
  await requireReader(db, viewer, groupId)
  const rows = await db
    .select({
      id: groupMessages.id,
      userId: groupMessages.userId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      photoVersion: profiles.photoVersion,
      content: groupMessages.content,
      createdAt: groupMessages.createdAt,
    })
    .from(groupMessages)
    .innerJoin(profiles, eq(profiles.id, groupMessages.userId))
    .where(and(eq(groupMessages.groupId, groupId), rangeOf(groupId, range)))
    .orderBy(desc(groupMessages.createdAt), desc(groupMessages.id))
    .limit(CHAT_PAGE_SIZE + 1)
  const hasEarlier = rows.length > CHAT_PAGE_SIZE
  const page = hasEarlier ? rows.slice(0, CHAT_PAGE_SIZE) : rows
  return {
    items: page.reverse().map(({ photoVersion, ...row }) => ({
      ...row,
      photoUrl: profilePhotoUrl(row.userId, photoVersion),
      createdAt: row.createdAt.toISOString(),
    })),
    hasEarlier,
  }
}

type Sender = Viewer & Pick<SessionUser, 'photoUrl'>

// Members write; a closed group's thread stays readable and takes no more. A message key sent
// before returns that message, told to no one again.
export async function sendGroupMessage(
  db: Db,
  sender: Sender,
  groupId: string,
  input: z.output<typeof messageInput>,
): Promise<ChatMessage> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ closedAt: groups.closedAt, role: groupMembers.role })
      .from(groups)
      .leftJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, sender.id)))
      .where(eq(groups.id, groupId))
    if (!group?.role) throw notFound()
    if (group.closedAt) throw new AppError('conflict', GROUP_CLOSED)
    const [inserted] = await tx
      .insert(groupMessages)
      .values({ groupId, userId: sender.id, content: input.content, requestKey: input.requestKey ?? null })
      .onConflictDoNothing({
        target: [groupMessages.userId, groupMessages.requestKey],
        where: sql`${groupMessages.requestKey} is not null`,
      })
      .returning()
    const message =
      inserted ??
      (
        await tx
          .select()
          .from(groupMessages)
          .where(and(eq(groupMessages.userId, sender.id), eq(groupMessages.requestKey, input.requestKey!)))
      )[0]
    if (!message) throw new Error('insert returned nothing')
    if (inserted) {
      const members = await tx
        .select({ userId: groupMembers.userId })
        .from(groupMembers)
        .where(eq(groupMembers.groupId, groupId))
      await publishToUsers(
        tx,
        members.map((m) => m.userId),
        { type: 'group', topic: groupId },
      )
    }
    return toChatMessage(sender, message)
  })
}
