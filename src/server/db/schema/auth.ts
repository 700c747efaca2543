import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'
import { profiles } from './profiles'

// Opaque server-side sessions: the cookie holds a random token, the table its SHA-256.
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_profile_idx').on(t.profileId), index('sessions_expires_idx').on(t.expiresAt)],
)

// One-time tokens sent by email: confirm an address, reset a password.
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['email_confirmation', 'password_reset'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    // SHA-256 of the sign-up browser's key (the pm_signup cookie) for a confirmation link: only
    // that browser is signed in by the link; anywhere else it confirms the address and no more.
    browserHash: text('browser_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_tokens_profile_idx').on(t.profileId, t.purpose),
    index('auth_tokens_expires_idx').on(t.expiresAt),
  ],
)

// Browsers that signed in to an account before (OWASP device cookies): the SHA-256 of the key
// in their pm_device cookie. They are exempt from the account's ceiling on wrong passwords,
// which browsers it does not know share (docs/decisions/0074).
export const knownBrowsers = pgTable(
  'known_browsers',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
    // The password's version (passwords.version) it signed in with; known only while it holds.
    passwordVersion: integer('password_version').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.keyHash] })],
)

// Fixed-window counters shared by every server instance on the same database.
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('rate_limits_count_positive', sql`${t.count} > 0`),
    index('rate_limits_window_idx').on(t.windowEndsAt),
  ],
)
