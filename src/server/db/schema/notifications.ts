import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from './columns'
import { notificationActionKinds } from '../../../domain/notifications/notification.schema'
import { notificationKinds } from '../../../domain/notifications/preferences.schema'
import { profiles } from './profiles'

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['connection_request', 'playdate_created', 'other'] }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    // The player whose action this tells of, shown beside it; null for what the app says itself.
    actorId: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    // What the player can do from the notification itself, and on what: a connection request
    // (answer_connection), a PlayDate application (answer_application) or a PlayDate whose chat
    // it opens (open_chat). Null: only the link.
    action: text('action', { enum: notificationActionKinds }),
    subjectId: uuid('subject_id'),
    // The kind of notice it is, as players switch them (preferences.schema.ts); null for one no
    // switch covers. Its email and push follow the player's switches for that kind.
    kind: text('kind', { enum: notificationKinds }),
    // The game it is about, named in every channel (db/notice-context.ts); null for none.
    playDateId: uuid('play_date_id'),
    read: boolean('read').notNull().default(false),
    // Shown in the list at least once: the badge counts what the player has not seen yet. Reading
    // one marks it seen too.
    seen: boolean('seen').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // Read backwards for `order by created_at desc, id desc`: a page of the newest is read in
    // order (a `desc` index sorts nulls last and cannot give that order).
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    // The hourly clean-up deletes notifications older than 90 days (maintenance.ts).
    index('notifications_created_idx').on(t.createdAt),
    // Removing a player clears their name from the notifications they caused.
    index('notifications_actor_idx')
      .on(t.actorId)
      .where(sql`${t.actorId} is not null`),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`not ${t.read}`),
    // The badge's count.
    index('notifications_user_unseen_idx')
      .on(t.userId)
      .where(sql`not ${t.seen}`),
  ],
)

// A player's choice per kind of notification (domain/notifications/preferences.schema.ts); no
// row means on, so a new kind starts on for everyone without a migration of data.
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    inApp: boolean('in_app').notNull().default(true),
    email: boolean('email').notNull().default(true),
    push: boolean('push').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.kind] })],
)

// A player's quiet hours (domain/notifications/quiet-hours.ts); no row: the defaults, in the zone
// of the player's home state.
export const notificationQuietHours = pgTable('notification_quiet_hours', {
  profileId: uuid('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  // 'HH:mm', 24-hour, on the wall clock of `time_zone`.
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  timeZone: text('time_zone').notNull(),
  updatedAt: updatedAt(),
})
