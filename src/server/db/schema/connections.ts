import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from './columns'
import { profiles } from './profiles'

export const connections = pgTable(
  'connections',
  {
    id: id(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['friend', 'watched', 'partner'] }).notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'rejected'] }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('connections_not_self', sql`${t.requesterId} <> ${t.receiverId}`),
    // One live friend (or regular partner) connection per pair, whichever side asked.
    uniqueIndex('connections_live_pair_key')
      .on(
        sql`least(${t.requesterId}, ${t.receiverId})`,
        sql`greatest(${t.requesterId}, ${t.receiverId})`,
        t.type,
      )
      .where(sql`${t.type} in ('friend', 'partner') and ${t.status} in ('pending', 'accepted')`),
    // Watching is one-directional: each side may watch the other.
    uniqueIndex('connections_watch_key')
      .on(t.requesterId, t.receiverId)
      .where(sql`${t.type} = 'watched'`),
    index('connections_requester_idx').on(t.requesterId, t.type, t.status),
    index('connections_receiver_idx').on(t.receiverId, t.type, t.status),
  ],
)
