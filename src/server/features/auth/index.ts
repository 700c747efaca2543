// auth: sign-up, sign-in, confirmation and reset links, sessions and their cookie.
export { authRoutes } from './auth.routes'
export { promoteToAdmin } from './auth.service'
export { forgetStaleBrowsers, KNOWN_BROWSERS_PER_ACCOUNT } from './known-browsers'
export { hashPassword } from './password'
export { loadSession, readSessionToken, sessionCookieName } from './session.middleware'
export { createSession, deleteExpiredSessions, hashToken, revokeAllSessions, sessionEndsAt } from './sessions'
