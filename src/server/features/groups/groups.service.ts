import { randomBytes } from 'node:crypto'
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import {
  ALREADY_A_MEMBER,
  ALREADY_ASKED,
  type CreateGroupInput,
  GROUP_CLOSED,
  GROUP_MEMBERS_MAX,
  GROUP_NOT_FOUND,
  type GroupDetail,
  type GroupInvitePreview,
  type GroupRole,
  type GroupSummary,
  GROUPS_LIMIT_REACHED,
  INVITE_LINK_INVALID,
  JOIN_REQUEST_NOT_FOUND,
  type JoinOutput,
  MAX_GROUPS_OWNED,
  MEMBER_NOT_FOUND,
  ORGANISER_REMOVED_BY_OWNER,
  OWNER_ONLY,
  OWNER_STAYS,
} from '../../../domain/groups/group.schema'
import type { Db, DbOrTx } from '../../db/client'
import { profileSummaryColumns, toPlayer } from '../../db/player-summary'
import { outerColumn } from '../../db/outer-column'
import { NO_RECORD, reliabilityOf } from '../../db/queries'
import { groupJoinRequests, groupMembers, groups, profiles, venues } from '../../db/schema'
import { lockProfile } from '../profiles'
import { upcomingGroupGames } from '../play-dates'
import {
  ensureRoom,
  hasPendingRequest,
  isOrganiser,
  lockGroup,
  managerRole,
  notFound,
  roleOf,
  type Viewer,
} from './groups.access'
import { tellAccepted, tellOrganisers } from './groups.notify'

// Groups of regulars (docs/decisions/0166-groups.md). A group is seen by its members and by
// admins; anyone else finds it only through its invite link. Every write takes the group's row
// lock first, so two organisers answering at once, or a join racing a removal, keep one story.

const memberCount = sql<number>`(select count(*)::int from group_members m where m.group_id = ${outerColumn(groups.id)})`

const summaryColumns = {
  id: groups.id,
  name: groups.name,
  description: groups.description,
  visibility: groups.visibility,
  closedAt: groups.closedAt,
  createdAt: groups.createdAt,
  inviteCode: groups.inviteCode,
  venueId: venues.id,
  venueName: venues.name,
  venueCity: venues.city,
  venueState: venues.state,
}

type SummaryRow = {
  id: string
  name: string
  description: string
  visibility: 'open' | 'invite_only'
  closedAt: Date | null
  createdAt: Date
  venueId: string | null
  venueName: string | null
  venueCity: string | null
  venueState: string | null
}

const homeVenueOf = (row: SummaryRow) =>
  row.venueId && row.venueName && row.venueCity && row.venueState
    ? { id: row.venueId, name: row.venueName, city: row.venueCity, state: row.venueState }
    : null

const toSummary = (row: SummaryRow, memberTotal: number, myRole: GroupRole | null): GroupSummary => ({
  id: row.id,
  name: row.name,
  description: row.description,
  homeVenue: homeVenueOf(row),
  visibility: row.visibility,
  memberCount: memberTotal,
  myRole,
  closed: row.closedAt !== null,
  createdAt: row.createdAt.toISOString(),
})

const newInviteCode = () => randomBytes(16).toString('base64url')

export async function createGroup(db: Db, user: Viewer, input: CreateGroupInput): Promise<GroupSummary> {
  return db.transaction(async (tx) => {
    // One player's groups are counted one creation at a time.
    await lockProfile(tx, user.id)
    const [owned] = await tx
      .select({ total: count() })
      .from(groupMembers)
      .where(and(eq(groupMembers.userId, user.id), eq(groupMembers.role, 'owner')))
    if ((owned?.total ?? 0) >= MAX_GROUPS_OWNED) throw new AppError('conflict', GROUPS_LIMIT_REACHED)
    if (input.homeVenueId) {
      const [venue] = await tx
        .select({ id: venues.id })
        .from(venues)
        .where(and(eq(venues.id, input.homeVenueId), isNull(venues.retiredAt)))
      if (!venue)
        throw new AppError('invalid', 'Please choose a venue from the list', {
          homeVenueId: 'Please choose a venue from the list',
        })
    }
    const [group] = await tx
      .insert(groups)
      .values({
        name: input.name,
        description: input.description,
        homeVenueId: input.homeVenueId,
        visibility: input.visibility,
        inviteCode: newInviteCode(),
        createdBy: user.id,
      })
      .returning({ id: groups.id })
    await tx.insert(groupMembers).values({ groupId: group!.id, userId: user.id, role: 'owner' })
    return summaryOf(tx, group!.id, 'owner')
  })
}

async function summaryOf(db: DbOrTx, id: string, myRole: GroupRole | null) {
  const [row] = await db
    .select({ ...summaryColumns, memberCount })
    .from(groups)
    .leftJoin(venues, eq(venues.id, groups.homeVenueId))
    .where(eq(groups.id, id))
  if (!row) throw notFound()
  return toSummary(row, row.memberCount, myRole)
}

// The player's groups, the newest joined first.
export async function listMyGroups(db: Db, userId: string): Promise<GroupSummary[]> {
  const rows = await db
    .select({ ...summaryColumns, memberCount, role: groupMembers.role })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .leftJoin(venues, eq(venues.id, groups.homeVenueId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(desc(groupMembers.createdAt), asc(groups.id))
  return rows.map((row) => toSummary(row, row.memberCount, row.role))
}

// Every group, for admins: the newest first.
export async function listAllGroups(db: Db): Promise<GroupSummary[]> {
  const rows = await db
    .select({ ...summaryColumns, memberCount })
    .from(groups)
    .leftJoin(venues, eq(venues.id, groups.homeVenueId))
    .orderBy(desc(groups.createdAt), asc(groups.id))
    .limit(200)
  return rows.map((row) => toSummary(row, row.memberCount, null))
}

// The group's page: for its members and admins; anyone else finds no such group.
export async function getGroup(db: Db, viewer: Viewer, id: string, now: Date): Promise<GroupDetail> {
  const role = await roleOf(db, id, viewer.id)
  if (!role && !viewer.isAdmin) throw notFound()
  const [row] = await db
    .select(summaryColumns)
    .from(groups)
    .leftJoin(venues, eq(venues.id, groups.homeVenueId))
    .where(eq(groups.id, id))
  if (!row) throw notFound()
  const members = await db
    .select({ ...profileSummaryColumns, role: groupMembers.role, joinedAt: groupMembers.createdAt })
    .from(groupMembers)
    .innerJoin(profiles, eq(profiles.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, id))
    .orderBy(
      sql`case ${groupMembers.role} when 'owner' then 0 when 'organiser' then 1 else 2 end`,
      asc(profiles.firstName),
      asc(profiles.lastName),
      asc(profiles.id),
    )
    .limit(GROUP_MEMBERS_MAX)
  const manages = isOrganiser(role) || viewer.isAdmin
  const requests = manages
    ? await db
        .select({
          ...profileSummaryColumns,
          requestId: groupJoinRequests.id,
          askedAt: groupJoinRequests.createdAt,
        })
        .from(groupJoinRequests)
        .innerJoin(profiles, eq(profiles.id, groupJoinRequests.userId))
        .where(and(eq(groupJoinRequests.groupId, id), eq(groupJoinRequests.status, 'pending')))
        .orderBy(asc(groupJoinRequests.createdAt), asc(groupJoinRequests.id))
    : []
  const records = await reliabilityOf(
    db,
    members.map((m) => m.id),
    now,
  )
  const games = await upcomingGroupGames(db, id, now)
  return {
    ...toSummary(row, members.length, role),
    upcomingGames: games,
    invitePath: isOrganiser(role) ? `/groups/join/${row.inviteCode}` : null,
    members: members.map((m) => ({
      player: {
        ...toPlayer(m),
        reliability: records.get(m.id) ?? NO_RECORD,
      },
      role: m.role,
      joinedAt: m.joinedAt.toISOString(),
    })),
    joinRequests: requests.map((r) => ({
      id: r.requestId,
      player: toPlayer(r),
      createdAt: r.askedAt.toISOString(),
    })),
  }
}

async function groupByCode(db: DbOrTx, code: string) {
  const [row] = await db
    .select({ ...summaryColumns, memberCount })
    .from(groups)
    .leftJoin(venues, eq(venues.id, groups.homeVenueId))
    .where(eq(groups.inviteCode, code))
  if (!row) throw new AppError('not_found', INVITE_LINK_INVALID)
  return row
}

// What an invite link shows: the group, and whether the player is in, has asked, or may join.
export async function previewInvite(db: Db, userId: string, code: string): Promise<GroupInvitePreview> {
  const row = await groupByCode(db, code)
  if (row.closedAt) throw new AppError('not_found', GROUP_CLOSED)
  const role = await roleOf(db, row.id, userId)
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    homeVenue: homeVenueOf(row),
    visibility: row.visibility,
    memberCount: row.memberCount,
    myStatus: role ? 'member' : (await hasPendingRequest(db, row.id, userId)) ? 'asked' : 'none',
  }
}

// Following the invite link: an open group takes the player at once; an invite-only one records
// the question for its organisers.
export async function joinByInvite(db: Db, user: Viewer, code: string): Promise<JoinOutput> {
  const found = await groupByCode(db, code)
  const userId = user.id
  return db.transaction(async (tx) => {
    const group = await lockGroup(tx, found.id)
    if (group.closedAt) throw new AppError('conflict', GROUP_CLOSED)
    if (await roleOf(tx, group.id, userId)) throw new AppError('conflict', ALREADY_A_MEMBER)
    if (group.visibility === 'invite_only') {
      if (await hasPendingRequest(tx, group.id, userId)) throw new AppError('conflict', ALREADY_ASKED)
      await tx.insert(groupJoinRequests).values({ groupId: group.id, userId })
      await tellOrganisers(tx, group, user)
      return { groupId: group.id, status: 'asked' as const }
    }
    await ensureRoom(tx, group.id)
    await tx.insert(groupMembers).values({ groupId: group.id, userId, role: 'member' })
    return { groupId: group.id, status: 'joined' as const }
  })
}

export async function answerJoinRequest(
  db: Db,
  viewer: Viewer,
  groupId: string,
  requestId: string,
  answer: 'accept' | 'decline',
  now: Date,
) {
  await db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId)
    await managerRole(tx, viewer, groupId)
    if (group.closedAt) throw new AppError('conflict', GROUP_CLOSED)
    const [request] = await tx
      .update(groupJoinRequests)
      .set({ status: answer === 'accept' ? 'accepted' : 'declined', answeredBy: viewer.id, answeredAt: now })
      .where(
        and(
          eq(groupJoinRequests.id, requestId),
          eq(groupJoinRequests.groupId, groupId),
          eq(groupJoinRequests.status, 'pending'),
        ),
      )
      .returning({ userId: groupJoinRequests.userId })
    if (!request) throw new AppError('not_found', JOIN_REQUEST_NOT_FOUND)
    if (answer === 'accept') {
      await ensureRoom(tx, groupId)
      await tx
        .insert(groupMembers)
        .values({ groupId, userId: request.userId, role: 'member' })
        .onConflictDoNothing()
      await tellAccepted(tx, group, request.userId, viewer)
    }
  })
}

// The owner names organisers, and makes them members again.
export async function setMemberRole(
  db: Db,
  viewer: Viewer,
  groupId: string,
  userId: string,
  role: 'organiser' | 'member',
) {
  await db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId)
    const mine = await roleOf(tx, groupId, viewer.id)
    if (!mine && !viewer.isAdmin) throw notFound()
    if (mine !== 'owner') throw new AppError('forbidden', OWNER_ONLY)
    if (group.closedAt) throw new AppError('conflict', GROUP_CLOSED)
    const theirs = await roleOf(tx, groupId, userId)
    if (!theirs) throw new AppError('not_found', MEMBER_NOT_FOUND)
    if (theirs === 'owner') throw new AppError('conflict', OWNER_STAYS)
    await tx
      .update(groupMembers)
      .set({ role })
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
  })
}

// A member leaves; an organiser removes a member; only the owner removes an organiser. The owner
// stays. A closed group's members may still leave; no one is removed from it any more.
export async function removeMember(db: Db, viewer: Viewer, groupId: string, userId: string) {
  await db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId)
    const theirs = await roleOf(tx, groupId, userId)
    if (userId !== viewer.id) {
      const mine = await managerRole(tx, viewer, groupId)
      if (group.closedAt) throw new AppError('conflict', GROUP_CLOSED)
      if (theirs === 'organiser' && mine !== 'owner' && !viewer.isAdmin)
        throw new AppError('forbidden', ORGANISER_REMOVED_BY_OWNER)
    }
    if (!theirs) throw new AppError('not_found', userId === viewer.id ? GROUP_NOT_FOUND : MEMBER_NOT_FOUND)
    if (theirs === 'owner') throw new AppError('conflict', OWNER_STAYS)
    await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
  })
}

// A new invite link: the old one stops working (an organiser's remedy for a link that spread).
export async function renewInviteLink(db: Db, viewer: Viewer, groupId: string) {
  return db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId)
    await managerRole(tx, viewer, groupId)
    if (group.closedAt) throw new AppError('conflict', GROUP_CLOSED)
    const code = newInviteCode()
    await tx.update(groups).set({ inviteCode: code }).where(eq(groups.id, groupId))
    return { invitePath: `/groups/join/${code}` }
  })
}

// An admin closes a group: no one joins any more; its members still see it, marked closed.
export async function closeGroup(db: Db, admin: Viewer, groupId: string, now: Date) {
  await db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId)
    if (group.closedAt) throw new AppError('conflict', GROUP_CLOSED)
    await tx.update(groups).set({ closedAt: now, closedBy: admin.id }).where(eq(groups.id, groupId))
    await tx
      .update(groupJoinRequests)
      .set({ status: 'declined', answeredBy: admin.id, answeredAt: now })
      .where(and(eq(groupJoinRequests.groupId, groupId), eq(groupJoinRequests.status, 'pending')))
  })
}
