import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'
import { profiles } from './profiles'

export const signupCodes = pgTable(
  'signup_codes',
  {
    id: id(),
    code: text('code').notNull().unique(),
    urlCode: text('url_code'),
    // The account that used the code; null while the code is available.
    userId: uuid('user_id').references(() => profiles.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    // The player an admin meant the code for (optional), and who created it.
    assignedToId: uuid('assigned_to_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdById: uuid('created_by_id').references(() => profiles.id, { onDelete: 'set null' }),
    inviteeEmail: text('invitee_email'),
    createdAt: createdAt(),
  },
  (t) => [
    check('signup_codes_code_format', sql`${t.code} ~ '^[1-9][0-9]{6}$'`),
    check('signup_codes_url_code_format', sql`${t.urlCode} ~ '^[A-Za-z0-9_-]{3,50}$'`),
    // A URL code is never the shape of a generated code (docs/decisions/0055).
    check('signup_codes_url_code_not_a_code', sql`${t.urlCode} !~ '^[0-9]{7}$'`),
    uniqueIndex('signup_codes_url_code_key').on(sql`lower(${t.urlCode})`),
    // The list, newest first (read backward): its first page straight from the index.
    index('signup_codes_created_idx').on(t.createdAt, t.id),
    index('signup_codes_created_by_idx').on(t.createdById, t.createdAt.desc()),
  ],
)

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetId: uuid('target_id'),
    details: jsonb('details').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_target_idx').on(t.targetId, t.createdAt.desc())],
)
