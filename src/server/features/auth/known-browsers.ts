import { and, eq, lt, notInArray, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../../app-env'
import type { Db } from '../../db/client'
import { knownBrowsers, passwords, profiles } from '../../db/schema'
import { hashToken, newSessionToken } from './sessions'

// OWASP's device cookies: a browser that signed in to an account keeps a random key (httpOnly,
// a year), and the account keeps its hash. Such a browser does not share the ceiling on wrong
// passwords of the browsers the account does not know, so an attacker guessing from elsewhere
// cannot lock the player out of it; its own wrong passwords are counted against a higher ceiling
// of its own (auth.service.ts). It is known for the password it signed in with: after a change or
// reset it must sign in again (passwords.version).
const YEAR_SECONDS = 365 * 24 * 60 * 60
// An account remembers at most this many browsers (the most recent sign-ins); a browser not seen
// for a year is forgotten, as its cookie is.
export const KNOWN_BROWSERS_PER_ACCOUNT = 20
const BROWSER_KEY = /^[\w-]{43}$/
const cookieName = (production: boolean) => (production ? '__Host-pm_device' : 'pm_device')
const isProduction = (c: Context<AppEnv>) => c.get('deps').env.NODE_ENV === 'production'

function heldKey(c: Context<AppEnv>) {
  const key = getCookie(c, cookieName(isProduction(c)))
  return key && BROWSER_KEY.test(key) ? key : undefined
}

// The hash of the browser key this request holds, if any (known or not to any account).
export function heldBrowserHash(c: Context<AppEnv>) {
  const key = heldKey(c)
  return key ? hashToken(key) : null
}

// Whether the browser whose key hashes to `keyHash` signed in to the account of `email` with its
// current password.
export async function isKnownBrowser(db: Db, email: string, keyHash: string | null) {
  if (!keyHash) return false
  const [row] = await db
    .select({ profileId: knownBrowsers.profileId })
    .from(knownBrowsers)
    .innerJoin(profiles, eq(profiles.id, knownBrowsers.profileId))
    .innerJoin(
      passwords,
      and(
        eq(passwords.profileId, knownBrowsers.profileId),
        eq(passwords.version, knownBrowsers.passwordVersion),
      ),
    )
    .where(and(sql`lower(${profiles.email}) = lower(${email})`, eq(knownBrowsers.keyHash, keyHash)))
    .limit(1)
  return row !== undefined
}

// After a sign-in with the right password (or a change of it): this browser is known to the
// account, for its current password, from now on.
export async function rememberBrowser(c: Context<AppEnv>, db: Db, profileId: string) {
  const key = heldKey(c) ?? newSessionToken()
  const now = c.get('deps').clock.now()
  const passwordVersion = sql<number>`coalesce((select ${passwords.version} from ${passwords} where ${passwords.profileId} = ${profileId}), 1)`
  await db
    .insert(knownBrowsers)
    .values({ profileId, keyHash: hashToken(key), lastSignInAt: now, passwordVersion })
    .onConflictDoUpdate({
      target: [knownBrowsers.profileId, knownBrowsers.keyHash],
      set: { lastSignInAt: now, passwordVersion },
    })
  const kept = db
    .select({ keyHash: knownBrowsers.keyHash })
    .from(knownBrowsers)
    .where(eq(knownBrowsers.profileId, profileId))
    .orderBy(sql`${knownBrowsers.lastSignInAt} desc`)
    .limit(KNOWN_BROWSERS_PER_ACCOUNT)
  await db
    .delete(knownBrowsers)
    .where(and(eq(knownBrowsers.profileId, profileId), notInArray(knownBrowsers.keyHash, kept)))
  const production = isProduction(c)
  setCookie(c, cookieName(production), key, {
    httpOnly: true,
    secure: production,
    sameSite: 'Lax',
    path: '/',
    maxAge: YEAR_SECONDS,
  })
}

// Resolves to how many were forgotten (the maintenance loop runs it, maintenance.ts).
export async function forgetStaleBrowsers(db: Db, now: Date) {
  const before = new Date(now.getTime() - YEAR_SECONDS * 1000)
  const deleted = await db
    .delete(knownBrowsers)
    .where(lt(knownBrowsers.lastSignInAt, before))
    .returning({ keyHash: knownBrowsers.keyHash })
  return deleted.length
}
