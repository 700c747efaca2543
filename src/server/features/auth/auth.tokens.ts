import { millisecondsInHour } from 'date-fns/constants'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { authTokens } from '../../db/schema'
import { hashToken, newSessionToken } from './sessions'

export type TokenPurpose = 'email_confirmation' | 'password_reset'

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  email_confirmation: 48 * millisecondsInHour,
  password_reset: millisecondsInHour,
}

// A random token for an email link; only its SHA-256 is stored. A confirmation link also
// keeps the hash of the browser that asked for it (the sign-up browser's key), if any.
export async function issueToken(
  db: DbOrTx,
  profileId: string,
  purpose: TokenPurpose,
  now: Date,
  browserHash: string | null = null,
) {
  const token = newSessionToken()
  await db.insert(authTokens).values({
    profileId,
    purpose,
    tokenHash: hashToken(token),
    browserHash,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
  })
  return token
}

// Marks a live token used and names its owner (and the browser it was sent for), in one
// statement: a token works once, even when the same link is opened twice at the same moment.
export async function consumeToken(db: DbOrTx, token: string, purpose: TokenPurpose, now: Date) {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ profileId: authTokens.profileId, browserHash: authTokens.browserHash })
  return row
}

// Ends the account's unused links of one kind, or of every kind when none is named: once an
// address is confirmed or a password changes, an older link must not still work.
export async function retireTokens(db: DbOrTx, profileId: string, now: Date, purpose?: TokenPurpose) {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.profileId, profileId),
        purpose ? eq(authTokens.purpose, purpose) : undefined,
        isNull(authTokens.usedAt),
      ),
    )
}
