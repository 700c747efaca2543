import { sql } from 'drizzle-orm'
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from './columns'
import { profiles } from './profiles'
import { venues } from './venues'

// Groups of regulars (docs/decisions/0166-groups.md): a name, a home venue, open or invite-only,
// joined through the group's invite link.
export const groups = pgTable(
  'groups',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    homeVenueId: uuid('home_venue_id').references(() => venues.id, { onDelete: 'set null' }),
    // 'open': the link joins at once; 'invite_only': the link asks, an organiser answers.
    visibility: text('visibility', { enum: ['open', 'invite_only'] }).notNull(),
    // The invite link's code: 128 random bits, unguessable; a new one can replace it.
    inviteCode: text('invite_code').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    // Closed by an admin: no one joins, the page says so.
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('groups_name_present', sql`length(btrim(${t.name})) between 1 and 60`),
    check('groups_description_length', sql`length(${t.description}) <= 500`),
    uniqueIndex('groups_invite_code_key').on(t.inviteCode),
    index('groups_created_idx').on(t.createdAt.desc(), t.id),
  ],
)

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'organiser', 'member'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    // One owner per group.
    uniqueIndex('group_members_one_owner_key')
      .on(t.groupId)
      .where(sql`${t.role} = 'owner'`),
    // A player's groups.
    index('group_members_user_idx').on(t.userId, t.groupId),
  ],
)

// Asking to join an invite-only group, answered by an organiser.
export const groupJoinRequests = pgTable(
  'group_join_requests',
  {
    id: id(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted', 'declined'] })
      .notNull()
      .default('pending'),
    answeredBy: uuid('answered_by').references(() => profiles.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One question at a time per player and group.
    uniqueIndex('group_join_requests_pending_key')
      .on(t.groupId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('group_join_requests_group_idx').on(t.groupId, t.status, t.createdAt),
  ],
)

// The members-only chat of a group (docs/decisions/0168-group-play-dates-and-chat.md): its members
// read and write, admins read.
export const groupMessages = pgTable(
  'group_messages',
  {
    id: id(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    // The sender's key for this message (`requestKey`): the same key again returns it.
    requestKey: uuid('request_key'),
    createdAt: createdAt(),
  },
  (t) => [
    check('group_messages_content_length', sql`length(btrim(${t.content})) between 1 and 2000`),
    index('group_messages_group_idx').on(t.groupId, t.createdAt, t.id),
    uniqueIndex('group_messages_sender_request_key_idx')
      .on(t.userId, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
  ],
)
