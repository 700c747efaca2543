import { and, eq, inArray } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { groupMembers } from '../../db/schema'
import { createNotifications } from '../notifications'

// What a group tells its players in the app (and by push): a request to join reaches its
// organisers; the player let in hears so. No email: a group's notices have no switch of their own
// yet, and they are not about a game (docs/decisions/0166-groups.md).

type Named = { id: string; firstName: string; lastName: string }
type Group = { id: string; name: string }

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`

export async function tellOrganisers(tx: Tx, group: Group, asker: Named) {
  const organisers = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, group.id), inArray(groupMembers.role, ['owner', 'organiser'])))
  await createNotifications(
    tx,
    organisers.map(({ userId }) => ({
      userId,
      type: 'other' as const,
      title: 'Asks to join your group',
      message: `${fullName(asker)} asked to join ${group.name}.`,
      link: `/groups/${group.id}`,
      actorId: asker.id,
    })),
  )
}

export async function tellAccepted(tx: Tx, group: Group, userId: string, by: Named) {
  await createNotifications(tx, [
    {
      userId,
      type: 'other',
      title: 'You are in the group',
      message: `${fullName(by)} let you into ${group.name}.`,
      link: `/groups/${group.id}`,
      actorId: by.id,
    },
  ])
}
