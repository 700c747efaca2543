import { millisecondsInDay } from 'date-fns/constants'
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm'
import type { CachedSession, Db, DbOrTx } from '../../db/client'
import type { ExactCache } from '../../db/exact-cache'
import { sessionUserColumns, toSessionUser } from '../../db/queries'
import { profiles, sessions } from '../../db/schema'
import type { ResolvedSession } from '../../app-env'
import { checkUserSessions } from '../../lib/realtime'

// 256 bits from the OS CSPRNG; only the SHA-256 of the token is stored.
export const newSessionToken = () => randomBytes(32).toString('base64url')
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

// Sliding expiry: a session seen again after this long is extended (one write per hour at most).
const RENEW_AFTER_MS = 60 * 60 * 1000
// However often it is used, a session ends this long after sign-in (ASVS 7.3.2): then the
// player signs in again.
export const SESSION_ABSOLUTE_DAYS = 90

export interface SessionMeta {
  userAgent?: string | undefined
  ip?: string | undefined
}

export async function createSession(
  db: DbOrTx,
  profileId: string,
  ttlDays: number,
  now: Date,
  meta: SessionMeta = {},
) {
  const token = newSessionToken()
  const expiresAt = new Date(now.getTime() + ttlDays * millisecondsInDay)
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    profileId,
    // The server's clock, not the database's: the lookup compares them with it.
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 300),
    ip: meta.ip,
  })
  return { token, expiresAt }
}

// Every signed-in request looks its session up, so the query is built once per connection
// (db/prepared.ts): building the SQL on each call took longer than running it
// (docs/decisions/0040).
const sessionLookup = (db: DbOrTx) =>
  db
    .select({
      ...sessionUserColumns,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      signedInAt: sessions.createdAt,
    })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.profileId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.createdAt, sql.placeholder('signedInAfter')),
      ),
    )
    .limit(1)

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionLookup>['execute']>>[number]

// The embedded database's session cache (db/client.ts) keeps this lookup's rows.
declare module '../../db/client' {
  interface CachedSession extends SessionRow {
    id: string
  }
}

// The session of a token's hash as the lookup reads it, from `cache` when it holds it (the
// embedded database, docs/decisions/0119): a kept session is held to the lookup's own conditions
// at `now`.
async function lookUpSession(
  db: Db,
  tokenHash: string,
  now: Date,
  cache: ExactCache<CachedSession> | null,
): Promise<SessionRow | undefined> {
  const signedInAfter = new Date(now.getTime() - SESSION_ABSOLUTE_DAYS * millisecondsInDay)
  const kept = cache?.get(tokenHash)
  if (kept) return kept.expiresAt > now && kept.signedInAt > signedInAfter ? kept : undefined
  const generation = cache?.generation ?? 0
  const [row] = await db.prepared('session_lookup', sessionLookup).execute({
    tokenHash,
    now: now.toISOString(),
    signedInAfter: signedInAfter.toISOString(),
  })
  if (row) cache?.set(tokenHash, row, generation)
  return row
}

// Looks a token up; an expired or unknown token resolves to nothing.
export async function resolveSession(
  db: Db,
  token: string,
  ttlDays: number,
  now: Date,
  cache: ExactCache<CachedSession> | null = null,
): Promise<ResolvedSession | undefined> {
  const tokenHash = hashToken(token)
  const row = await lookUpSession(db, tokenHash, now, cache)
  if (!row) return undefined
  let expiresAt = row.expiresAt
  let renewed = false
  if (now.getTime() - row.lastSeenAt.getTime() > RENEW_AFTER_MS) {
    const absoluteEnd = row.signedInAt.getTime() + SESSION_ABSOLUTE_DAYS * millisecondsInDay
    expiresAt = new Date(Math.min(now.getTime() + ttlDays * millisecondsInDay, absoluteEnd))
    renewed = true
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.tokenHash, tokenHash))
  }
  const { isPaused, expiresAt: _e, lastSeenAt: _l, signedInAt: _s, ...profile } = row
  const endsAt = new Date(
    Math.min(expiresAt.getTime(), row.signedInAt.getTime() + SESSION_ABSOLUTE_DAYS * millisecondsInDay),
  )
  return { user: toSessionUser(profile), isPaused, tokenHash, expiresAt, endsAt, renewed }
}

// When a session ends unless it is used again (its expiry, or its absolute end if sooner), read
// afresh; null when it has ended already, or its player is paused. An open event stream asks at
// the time it last read, in case the session was renewed meanwhile (features/realtime).
const sessionEndLookup = (db: DbOrTx) =>
  db
    .select({ expiresAt: sessions.expiresAt, signedInAt: sessions.createdAt, isPaused: profiles.isPaused })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.profileId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)

export async function sessionEndsAt(db: Db, tokenHash: string, now: Date): Promise<Date | null> {
  const [row] = await db.prepared('session_end_lookup', sessionEndLookup).execute({ tokenHash })
  if (!row || row.isPaused) return null
  const endsAt = Math.min(
    row.expiresAt.getTime(),
    row.signedInAt.getTime() + SESSION_ABSOLUTE_DAYS * millisecondsInDay,
  )
  return endsAt > now.getTime() ? new Date(endsAt) : null
}

export async function revokeSession(db: DbOrTx, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash))
}

// Sign-out: the session ends, and so do its open event streams, on every instance, at once (the
// same browser's other tabs learn first, from the page, that it was the player's choice).
export async function endSession(db: DbOrTx, tokenHash: string, profileId: string) {
  await revokeSession(db, tokenHash)
  await checkUserSessions(db, profileId)
}

// Password change, password reset and pause end every session of a user (but `keep`), and
// the event streams of those sessions with them.
export async function revokeAllSessions(db: DbOrTx, profileId: string, keep?: string) {
  await db
    .delete(sessions)
    .where(
      keep
        ? and(eq(sessions.profileId, profileId), ne(sessions.tokenHash, keep))
        : eq(sessions.profileId, profileId),
    )
  await checkUserSessions(db, profileId)
}

// Resolves to how many were deleted (the maintenance loop runs it, maintenance.ts).
export async function deleteExpiredSessions(db: Db, now: Date) {
  const deleted = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ tokenHash: sessions.tokenHash })
  return deleted.length
}
