import { getCookie, setCookie, deleteCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { Context } from 'hono'
import type { AppEnv } from '../app-env'
import { resolveSession } from '../features/auth/sessions'

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
    const session = await resolveSession(c.get('db'), token, c.get('deps').env.SESSION_TTL_DAYS)
    if (session) {
      c.set('session', session)
      if (session.renewed) setSessionCookie(c, token, session.expiresAt)
    }
  }
  await next()
})
