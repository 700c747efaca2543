import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'
import { profiles } from './profiles'

// A device that asked for push notifications (docs/decisions/0091-web-push.md): the push
// service's endpoint and the keys that encrypt what is sent to it. One row per endpoint; a
// push service that answers 404 or 410 has forgotten it, and the row goes.
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_profile_idx').on(t.profileId)],
)
