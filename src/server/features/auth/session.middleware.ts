import { getCookie, setCookie, deleteCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { Context } from 'hono'
import type { AppEnv } from '../../app-env'
import { TOKEN_TTL_MS } from './auth.tokens'
import { hashToken, newSessionToken, resolveSession } from './sessions'

// In production the cookie is `__Host-` prefixed (Secure, no Domain, Path=/).
export const sessionCookieName = (production: boolean) => (production ? '__Host-pm_session' : 'pm_session')

export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date) {
  const production = c.get('deps').env.NODE_ENV === 'production'
  setCookie(c, sessionCookieName(production), token, {
    httpOnly: true,
    secure: production,
    sameSite: 'Lax',
    path: '/',
    expires: expiresAt,
  })
}

export function clearSessionCookie(c: Context<AppEnv>) {
  const production = c.get('deps').env.NODE_ENV === 'production'
  deleteCookie(c, sessionCookieName(production), { path: '/', secure: production })
}

// The sign-up browser's key: a random value in its own cookie, set when the browser signs up or
// asks for a confirmation link again. Each confirmation link keeps the key's hash, and opening
// the link signs in only the browser that holds the key (features/auth/auth.service.ts,
// confirmEmail). One key per browser, kept while any of its links can still be used.
const signUpBrowserCookieName = (production: boolean) => (production ? '__Host-pm_signup' : 'pm_signup')
const BROWSER_KEY = /^[\w-]{43}$/

function heldBrowserKey(c: Context<AppEnv>): string | undefined {
  const key = getCookie(c, signUpBrowserCookieName(c.get('deps').env.NODE_ENV === 'production'))
  return key && BROWSER_KEY.test(key) ? key : undefined
}

// The hash of this browser's key, if it has one.
export function readSignUpBrowser(c: Context<AppEnv>): string | null {
  const key = heldBrowserKey(c)
  return key ? hashToken(key) : null
}

// The hash of this browser's key, giving the browser a key first when it has none.
export function claimSignUpBrowser(c: Context<AppEnv>): string {
  const production = c.get('deps').env.NODE_ENV === 'production'
  const key = heldBrowserKey(c) ?? newSessionToken()
  setCookie(c, signUpBrowserCookieName(production), key, {
    httpOnly: true,
    secure: production,
    sameSite: 'Lax',
    path: '/',
    maxAge: TOKEN_TTL_MS.email_confirmation / 1000,
  })
  return hashToken(key)
}

export const readSessionToken = (c: Context<AppEnv>) =>
  getCookie(c, sessionCookieName(c.get('deps').env.NODE_ENV === 'production'))

// Resolves the session cookie (if any) for every API request; guards decide what to do with it.
// A cookie whose session is gone (expired, revoked) is not cleared here: the request may have
// left before the browser got a new session (a sign-in or an email confirmation in the same
// browser), and clearing it would wipe the new cookie that replaced it. A dead token signs in
// no one; sign-out and a password reset clear the cookie themselves.
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const token = readSessionToken(c)
  if (token) {
    const { env, clock, database } = c.get('deps')
    const session = await resolveSession(
      c.get('db'),
      token,
      env.SESSION_TTL_DAYS,
      clock.now(),
      database.sessionCache,
    )
    if (session) {
      c.set('session', session)
      if (session.renewed) setSessionCookie(c, token, session.expiresAt)
    }
  }
  await next()
})
