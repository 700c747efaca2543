import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, rating, updatedAt } from './columns'
import { profiles } from './profiles'
import { entryStatuses } from '../../../domain/partner-lists/partner-list.schema'

export const partnerLists = pgTable(
  'partner_lists',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('partner_lists_name_present', sql`length(btrim(${t.name})) between 1 and 100`),
    index('partner_lists_user_idx').on(t.userId, t.createdAt.desc()),
  ],
)

export const partnerListEntries = pgTable(
  'partner_list_entries',
  {
    id: id(),
    partnerListId: uuid('partner_list_id')
      .notNull()
      .references(() => partnerLists.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    duprRating: rating('dupr_rating'),
    selfRating: rating('self_rating'),
    platformUserId: uuid('platform_user_id').references(() => profiles.id, { onDelete: 'set null' }),
    email: text('email'),
    orderPosition: integer('order_position').notNull(),
    status: text('status', { enum: entryStatuses }).notNull().default('unknown'),
    notes: text('notes').notNull().default(''),
    // When the last invitation email went out (manual entries); null: never invited.
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'partner_list_entries_names_present',
      sql`length(btrim(${t.firstName})) > 0 and length(btrim(${t.lastName})) > 0`,
    ),
    check('partner_list_entries_order_nonnegative', sql`${t.orderPosition} >= 0`),
    uniqueIndex('partner_list_entries_platform_user_key')
      .on(t.partnerListId, t.platformUserId)
      .where(sql`${t.platformUserId} is not null`),
    index('partner_list_entries_list_order_idx').on(t.partnerListId, t.orderPosition),
  ],
)
