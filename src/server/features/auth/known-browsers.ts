import { and, eq, sql } from 'drizzle-orm'
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
  await db
    .insert(knownBrowsers)
    .values({ profileId, keyHash: hashToken(key) })
    .onConflictDoUpdate({
      target: [knownBrowsers.profileId, knownBrowsers.keyHash],
      set: { lastSignInAt: new Date() },
    })
  const production = isProduction(c)
  setCookie(c, cookieName(production), key, {
    httpOnly: true,
    secure: production,
    sameSite: 'Lax',
    path: '/',
    maxAge: YEAR_SECONDS,
  })
}
