import { and, asc, count, desc, eq, getTableColumns, gt, sql } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { isAlreadyInList, isFullOrder } from '../../../domain/partner-lists/partner-list.rules'
import {
  ALREADY_IN_LIST,
  type CreateListInput,
  ENTRY_LIMIT_REACHED,
  ENTRY_NOT_FOUND,
  FRIEND_EMAIL_FIXED,
  type FriendEntryInput,
  type FriendOption,
  LIST_LIMIT_REACHED,
  LIST_NOT_FOUND,
  type ManualEntryInput,
  MAX_ENTRIES_PER_LIST,
  MAX_LISTS_PER_USER,
  NEED_A_FRIEND,
  NOT_A_FRIEND,
  ORDER_OUT_OF_DATE,
  type PartnerEntry,
  type PartnerListDetail,
  type PartnerListSummary,
  type UpdateEntryInput,
} from '../../../domain/partner-lists/partner-list.schema'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import { profilePhotoUrl } from '../../../domain/players/profile-photo'
import type { Db, DbOrTx, Tx } from '../../db/client'
import { profileSummaryColumns } from '../../db/player-summary'
import { partnerListEntries, partnerLists, profiles } from '../../db/schema'
import { areFriends, listPartnerOptions } from '../../db/queries'
import { lockProfile } from '../profiles'

type EntryRow = typeof partnerListEntries.$inferSelect

// A friend's entry shows their face: the photo version of the profile it points at (null for a
// manual entry, or a friend without a photo).
export const toEntry = (row: EntryRow, photoVersion: string | null): PartnerEntry => ({
  id: row.id,
  partnerListId: row.partnerListId,
  firstName: row.firstName,
  lastName: row.lastName,
  duprRating: row.duprRating === null ? null : Number(row.duprRating),
  selfRating: row.selfRating === null ? null : Number(row.selfRating),
  platformUserId: row.platformUserId,
  photoUrl: row.platformUserId ? profilePhotoUrl(row.platformUserId, photoVersion) : null,
  email: row.email,
  orderPosition: row.orderPosition,
  status: row.status,
  notes: row.notes,
  invitedAt: row.invitedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
})

const listNotFound = () => new AppError('not_found', LIST_NOT_FOUND)
export const entryNotFound = () => new AppError('not_found', ENTRY_NOT_FOUND)

// Qualified by hand: inside a subquery the ORM would print the outer column unqualified.
const entryCount = sql<number>`(
  select count(*)::int from partner_list_entries e where e.partner_list_id = "partner_lists"."id"
)`

const summaryColumns = {
  id: partnerLists.id,
  name: partnerLists.name,
  createdAt: partnerLists.createdAt,
  entryCount,
}

const toSummary = (row: { id: string; name: string; createdAt: Date; entryCount: number }) => ({
  id: row.id,
  name: row.name,
  entryCount: Number(row.entryCount),
  createdAt: row.createdAt.toISOString(),
})

// Every entry write starts here: the owner's list, locked, so writes to one list run one at a
// time and positions are always computed from the committed order. Someone else's list is
// indistinguishable from a missing one.
export async function lockOwnedList(tx: Tx, userId: string, listId: string) {
  const [list] = await tx
    .select({ id: partnerLists.id, name: partnerLists.name, createdAt: partnerLists.createdAt })
    .from(partnerLists)
    .where(and(eq(partnerLists.id, listId), eq(partnerLists.userId, userId)))
    .for('update')
  if (!list) throw listNotFound()
  return list
}

// An entry with the photo version of the friend it points at.
const entryColumns = { ...getTableColumns(partnerListEntries), photoVersion: profiles.photoVersion }
const withFriend = eq(profiles.id, partnerListEntries.platformUserId)

export async function findEntry(db: DbOrTx, listId: string, entryId: string) {
  const [entry] = await db
    .select(entryColumns)
    .from(partnerListEntries)
    .leftJoin(profiles, withFriend)
    .where(and(eq(partnerListEntries.id, entryId), eq(partnerListEntries.partnerListId, listId)))
  if (!entry) throw entryNotFound()
  return entry
}

const entriesOf = (db: DbOrTx, listId: string) =>
  db
    .select(entryColumns)
    .from(partnerListEntries)
    .leftJoin(profiles, withFriend)
    .where(eq(partnerListEntries.partnerListId, listId))
    .orderBy(asc(partnerListEntries.orderPosition), asc(partnerListEntries.createdAt))

// The next place at the end of the list; read under the list lock.
const nextPosition = (entries: ReadonlyArray<{ orderPosition: number }>) =>
  entries.reduce((max, entry) => Math.max(max, entry.orderPosition + 1), 0)

export async function listFriends(db: DbOrTx, user: SessionUser): Promise<FriendOption[]> {
  const friends = await listPartnerOptions(db, user.id)
  return friends.map((f) => ({
    id: f.id,
    firstName: f.firstName,
    lastName: f.lastName,
    duprRating: f.duprRating,
    selfRating: f.selfRating,
    isRegularPartner: f.isRegularPartner,
  }))
}

export async function listPartnerLists(db: DbOrTx, user: SessionUser): Promise<PartnerListSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(partnerLists)
    .where(eq(partnerLists.userId, user.id))
    .orderBy(desc(partnerLists.createdAt), desc(partnerLists.id))
  return rows.map(toSummary)
}

export async function createPartnerList(
  db: Db,
  user: SessionUser,
  input: CreateListInput,
): Promise<PartnerListSummary> {
  if ((await listPartnerOptions(db, user.id)).length === 0) throw new AppError('conflict', NEED_A_FRIEND)
  return db.transaction(async (tx) => {
    // Two creations at once cannot both count the lists and both slip under the limit.
    await lockProfile(tx, user.id)
    const [owned] = await tx
      .select({ total: count() })
      .from(partnerLists)
      .where(eq(partnerLists.userId, user.id))
    if ((owned?.total ?? 0) >= MAX_LISTS_PER_USER) throw new AppError('conflict', LIST_LIMIT_REACHED)
    const [list] = await tx.insert(partnerLists).values({ userId: user.id, name: input.name }).returning()
    if (!list) throw new Error('partner list insert returned nothing')
    return toSummary({ ...list, entryCount: 0 })
  })
}

export async function getPartnerList(db: Db, user: SessionUser, listId: string): Promise<PartnerListDetail> {
  const [list] = await db
    .select(summaryColumns)
    .from(partnerLists)
    .where(and(eq(partnerLists.id, listId), eq(partnerLists.userId, user.id)))
  if (!list) throw listNotFound()
  const entries = await entriesOf(db, listId)
  return {
    ...toSummary(list),
    entryCount: entries.length,
    entries: entries.map((entry) => toEntry(entry, entry.photoVersion)),
  }
}

// Deleting a list deletes its entries with it (foreign key cascade).
export async function deletePartnerList(db: Db, user: SessionUser, listId: string) {
  const deleted = await db
    .delete(partnerLists)
    .where(and(eq(partnerLists.id, listId), eq(partnerLists.userId, user.id)))
    .returning({ id: partnerLists.id })
  if (deleted.length === 0) throw listNotFound()
}

export async function addFriendEntry(
  db: Db,
  user: SessionUser,
  listId: string,
  input: FriendEntryInput,
): Promise<PartnerEntry> {
  return db.transaction(async (tx) => {
    await lockOwnedList(tx, user.id, listId)
    if (!(await areFriends(tx, user.id, input.friendId))) {
      throw new AppError('invalid', NOT_A_FRIEND, { friendId: NOT_A_FRIEND })
    }
    const [friend] = await tx
      .select(profileSummaryColumns)
      .from(profiles)
      .where(eq(profiles.id, input.friendId))
    if (!friend) throw new AppError('invalid', NOT_A_FRIEND, { friendId: NOT_A_FRIEND })
    const entries = await entriesOf(tx, listId)
    if (isAlreadyInList(entries, friend)) {
      throw new AppError('conflict', ALREADY_IN_LIST, { friendId: ALREADY_IN_LIST })
    }
    if (entries.length >= MAX_ENTRIES_PER_LIST) throw new AppError('conflict', ENTRY_LIMIT_REACHED)
    const [entry] = await tx
      .insert(partnerListEntries)
      .values({
        partnerListId: listId,
        firstName: friend.firstName,
        lastName: friend.lastName,
        duprRating: friend.duprRating,
        selfRating: friend.selfRating,
        platformUserId: friend.id,
        orderPosition: nextPosition(entries),
      })
      .returning()
    if (!entry) throw new Error('entry insert returned nothing')
    return toEntry(entry, friend.photoVersion)
  })
}

export async function addManualEntry(
  db: Db,
  user: SessionUser,
  listId: string,
  input: ManualEntryInput,
): Promise<PartnerEntry> {
  return db.transaction(async (tx) => {
    await lockOwnedList(tx, user.id, listId)
    const entries = await entriesOf(tx, listId)
    if (entries.length >= MAX_ENTRIES_PER_LIST) throw new AppError('conflict', ENTRY_LIMIT_REACHED)
    const [entry] = await tx
      .insert(partnerListEntries)
      .values({
        partnerListId: listId,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email ?? null,
        orderPosition: nextPosition(entries),
      })
      .returning()
    if (!entry) throw new Error('entry insert returned nothing')
    return toEntry(entry, null)
  })
}

export async function updateEntry(
  db: Db,
  user: SessionUser,
  listId: string,
  entryId: string,
  input: UpdateEntryInput,
): Promise<PartnerEntry> {
  return db.transaction(async (tx) => {
    await lockOwnedList(tx, user.id, listId)
    const entry = await findEntry(tx, listId, entryId)
    // A friend is reached through the app; their own address is never copied into a list.
    if (input.email !== undefined && entry.platformUserId !== null) {
      throw new AppError('invalid', FRIEND_EMAIL_FIXED, { email: FRIEND_EMAIL_FIXED })
    }
    const [updated] = await tx
      .update(partnerListEntries)
      .set({
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
      })
      .where(eq(partnerListEntries.id, entry.id))
      .returning()
    if (!updated) throw entryNotFound()
    return toEntry(updated, entry.photoVersion)
  })
}

// Removing closes the gap, so positions stay 0..n-1.
export async function removeEntry(db: Db, user: SessionUser, listId: string, entryId: string) {
  await db.transaction(async (tx) => {
    await lockOwnedList(tx, user.id, listId)
    const [removed] = await tx
      .delete(partnerListEntries)
      .where(and(eq(partnerListEntries.id, entryId), eq(partnerListEntries.partnerListId, listId)))
      .returning({ orderPosition: partnerListEntries.orderPosition })
    if (!removed) throw entryNotFound()
    await tx
      .update(partnerListEntries)
      .set({ orderPosition: sql`${partnerListEntries.orderPosition} - 1` })
      .where(
        and(
          eq(partnerListEntries.partnerListId, listId),
          gt(partnerListEntries.orderPosition, removed.orderPosition),
        ),
      )
  })
}

// The client sends the whole new order; it must name exactly the entries the list has now,
// else it was computed from an outdated list and is refused.
export async function reorderEntries(
  db: Db,
  user: SessionUser,
  listId: string,
  entryIds: string[],
): Promise<PartnerEntry[]> {
  return db.transaction(async (tx) => {
    await lockOwnedList(tx, user.id, listId)
    const current = await entriesOf(tx, listId)
    if (
      !isFullOrder(
        entryIds,
        current.map((e) => e.id),
      )
    ) {
      throw new AppError('conflict', ORDER_OUT_OF_DATE)
    }
    if (entryIds.length > 0) {
      const position = sql.join(
        entryIds.map((id, index) => sql`when ${id}::uuid then ${index}::int`),
        sql` `,
      )
      await tx
        .update(partnerListEntries)
        .set({ orderPosition: sql`case ${partnerListEntries.id} ${position} end` })
        .where(eq(partnerListEntries.partnerListId, listId))
    }
    return (await entriesOf(tx, listId)).map((entry) => toEntry(entry, entry.photoVersion))
  })
}
