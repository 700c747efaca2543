import { and, eq, lt, notInArray, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../../app-env'
import type { Db } from '../../db/client'
import { knownBrowsers, profiles } from '../../db/schema'
import { hashToken, newSessionToken } from './sessions'

// OWASP's device cookies: a browser that signed in to an account keeps a random key (httpOnly,
// a year), and the account keeps its hash. Such a browser is exempt from the account's ceiling on
// wrong passwords, so an attacker guessing from elsewhere cannot lock the player out of it.
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

export async function isKnownBrowser(c: Context<AppEnv>, db: Db, email: string) {
  const key = heldKey(c)
  if (!key) return false
  const [row] = await db
    .select({ profileId: knownBrowsers.profileId })
    .from(knownBrowsers)
    .innerJoin(profiles, eq(profiles.id, knownBrowsers.profileId))
    .where(and(sql`lower(${profiles.email}) = lower(${email})`, eq(knownBrowsers.keyHash, hashToken(key))))
    .limit(1)
  return row !== undefined
}

// After a sign-in with the right password: this browser is known to the account from now on.
export async function rememberBrowser(c: Context<AppEnv>, db: Db, profileId: string) {
  const key = heldKey(c) ?? newSessionToken()
  const now = c.get('deps').clock.now()
  await db
    .insert(knownBrowsers)
    .values({ profileId, keyHash: hashToken(key), lastSignInAt: now })
    .onConflictDoUpdate({
      target: [knownBrowsers.profileId, knownBrowsers.keyHash],
      set: { lastSignInAt: now },
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

// Resolves to how many were forgotten (the maintenance loop runs it, lib/maintenance.ts).
export async function forgetStaleBrowsers(db: Db, now: Date) {
  const before = new Date(now.getTime() - YEAR_SECONDS * 1000)
  const deleted = await db
    .delete(knownBrowsers)
    .where(lt(knownBrowsers.lastSignInAt, before))
    .returning({ keyHash: knownBrowsers.keyHash })
  return deleted.length
}
