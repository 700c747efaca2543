import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  defaultPreferences,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreference,
  type NotificationPreferences,
} from '../../../domain/notifications/preferences.schema'
import type { DbOrTx } from '../../db/client'
import { notificationPreferences } from '../../db/schema'

export async function getPreferences(db: DbOrTx, userId: string): Promise<NotificationPreferences> {
  const rows = await db
    .select({
      kind: notificationPreferences.kind,
      inApp: notificationPreferences.inApp,
      email: notificationPreferences.email,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.profileId, userId))
  const chosen = new Map(rows.map((row) => [row.kind, row]))
  return { items: defaultPreferences().map((d) => chosen.get(d.kind) ?? d) }
}

export async function setPreferences(db: DbOrTx, userId: string, items: NotificationPreference[]) {
  await db
    .insert(notificationPreferences)
    .values(items.map((item) => ({ profileId: userId, ...item })))
    .onConflictDoUpdate({
      target: [notificationPreferences.profileId, notificationPreferences.kind],
      set: { inApp: sql`excluded.in_app`, email: sql`excluded.email`, updatedAt: sql`now()` },
    })
  return getPreferences(db, userId)
}

// Of these players, those who want `kind` through `channel` (everyone who never switched it off).
export async function playersWanting(
  db: DbOrTx,
  userIds: string[],
  kind: NotificationKind,
  channel: NotificationChannel,
): Promise<string[]> {
  if (userIds.length === 0) return []
  const column = channel === 'inApp' ? notificationPreferences.inApp : notificationPreferences.email
  const off = await db
    .select({ id: notificationPreferences.profileId })
    .from(notificationPreferences)
    .where(
      and(
        inArray(notificationPreferences.profileId, userIds),
        eq(notificationPreferences.kind, kind),
        eq(column, false),
      ),
    )
  const refused = new Set(off.map((row) => row.id))
  return userIds.filter((id) => !refused.has(id))
}
