import { and, count, eq } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import {
  GROUP_FULL,
  GROUP_MEMBERS_MAX,
  GROUP_NOT_FOUND,
  type GroupRole,
  ORGANISERS_ONLY,
} from '../../../domain/groups/group.schema'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import type { DbOrTx, Tx } from '../../db/client'
import { groupJoinRequests, groupMembers, groups } from '../../db/schema'

// Who may do what in a group, and the group's lock (docs/decisions/0166-groups.md).

export type Viewer = Pick<SessionUser, 'id' | 'isAdmin' | 'firstName' | 'lastName'>

export const notFound = () => new AppError('not_found', GROUP_NOT_FOUND)
export const isOrganiser = (role: GroupRole | null) => role === 'owner' || role === 'organiser'

export async function roleOf(db: DbOrTx, groupId: string, userId: string): Promise<GroupRole | null> {
  const [row] = await db
    .select({ role: groupMembers.role })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
  return row?.role ?? null
}

export async function hasPendingRequest(db: DbOrTx, groupId: string, userId: string) {
  const [row] = await db
    .select({ id: groupJoinRequests.id })
    .from(groupJoinRequests)
    .where(
      and(
        eq(groupJoinRequests.groupId, groupId),
        eq(groupJoinRequests.userId, userId),
        eq(groupJoinRequests.status, 'pending'),
      ),
    )
  return Boolean(row)
}

// The group's row, locked: writes to one group's members run one at a time.
export async function lockGroup(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: groups.id, name: groups.name, closedAt: groups.closedAt, visibility: groups.visibility })
    .from(groups)
    .where(eq(groups.id, id))
    .for('update')
  if (!row) throw notFound()
  return row
}

export async function ensureRoom(tx: Tx, groupId: string) {
  const [row] = await tx
    .select({ total: count() })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId))
  if ((row?.total ?? 0) >= GROUP_MEMBERS_MAX) throw new AppError('conflict', GROUP_FULL)
}

// The caller's role in a locked group: organisers (and the owner) manage members; admins may too.
export async function managerRole(tx: Tx, viewer: Viewer, groupId: string) {
  const role = await roleOf(tx, groupId, viewer.id)
  if (!role && !viewer.isAdmin) throw notFound()
  if (!isOrganiser(role) && !viewer.isAdmin) throw new AppError('forbidden', ORGANISERS_ONLY)
  return role
}
