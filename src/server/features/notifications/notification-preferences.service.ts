import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  defaultPreferences,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferenceChange,
  type NotificationPreferences,
  type QuietHoursSettings,
} from '../../../domain/notifications/preferences.schema'
import type { DbOrTx } from '../../db/client'
import { quietHoursOf } from '../../db/notice-context'
import { notificationPreferences, notificationQuietHours, profiles } from '../../db/schema'

export async function getPreferences(db: DbOrTx, userId: string): Promise<NotificationPreferences> {
  const rows = await db
    .select({
      kind: notificationPreferences.kind,
      inApp: notificationPreferences.inApp,
      email: notificationPreferences.email,
      push: notificationPreferences.push,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.profileId, userId))
  const chosen = new Map(rows.map((row) => [row.kind, row]))
  return { items: defaultPreferences().map((d) => chosen.get(d.kind) ?? d) }
}

// A change that leaves out push keeps the push switch as it was.
export async function setPreferences(db: DbOrTx, userId: string, items: NotificationPreferenceChange[]) {
  const current = new Map((await getPreferences(db, userId)).items.map((item) => [item.kind, item]))
  await db
    .insert(notificationPreferences)
    .values(
      items.map((item) => ({
        profileId: userId,
        ...item,
        push: item.push ?? current.get(item.kind)?.push ?? true,
      })),
    )
    .onConflictDoUpdate({
      target: [notificationPreferences.profileId, notificationPreferences.kind],
      set: {
        inApp: sql`excluded.in_app`,
        email: sql`excluded.email`,
        push: sql`excluded.push`,
        updatedAt: sql`now()`,
      },
    })
  return getPreferences(db, userId)
}

// One click on an email's unsubscribe link: that kind of email off, the rest as it was.
export async function turnEmailOff(db: DbOrTx, userId: string, kind: NotificationKind) {
  // A player who has left since: nothing to turn off.
  const [player] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId))
  if (!player) return
  await db
    .insert(notificationPreferences)
    .values({ profileId: userId, kind, inApp: true, email: false, push: true })
    .onConflictDoUpdate({
      target: [notificationPreferences.profileId, notificationPreferences.kind],
      set: { email: false, updatedAt: sql`now()` },
    })
}

const columnOf = (channel: NotificationChannel) =>
  channel === 'inApp'
    ? notificationPreferences.inApp
    : channel === 'email'
      ? notificationPreferences.email
      : notificationPreferences.push

// Of these players, those who want `kind` through `channel` (everyone who never switched it off).
export async function playersWanting(
  db: DbOrTx,
  userIds: string[],
  kind: NotificationKind,
  channel: NotificationChannel,
): Promise<string[]> {
  if (userIds.length === 0) return []
  const off = await db
    .select({ id: notificationPreferences.profileId })
    .from(notificationPreferences)
    .where(
      and(
        inArray(notificationPreferences.profileId, userIds),
        eq(notificationPreferences.kind, kind),
        eq(columnOf(channel), false),
      ),
    )
  const refused = new Set(off.map((row) => row.id))
  return userIds.filter((id) => !refused.has(id))
}

export const getQuietHours = (db: DbOrTx, userId: string) => quietHoursOf(db, userId)

export async function setQuietHours(db: DbOrTx, userId: string, settings: QuietHoursSettings) {
  const values = {
    enabled: settings.enabled,
    startTime: settings.start,
    endTime: settings.end,
    timeZone: settings.timeZone,
  }
  await db
    .insert(notificationQuietHours)
    .values({ profileId: userId, ...values })
    .onConflictDoUpdate({
      target: notificationQuietHours.profileId,
      set: { ...values, updatedAt: sql`now()` },
    })
  return quietHoursOf(db, userId)
}
