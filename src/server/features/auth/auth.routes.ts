import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  changePasswordInput,
  confirmEmailInput,
  confirmEmailOutput,
  forgotPasswordInput,
  messageOutput,
  resendConfirmationInput,
  resetPasswordInput,
  signInInput,
  signUpInput,
  signUpOutput,
  userOutput,
} from '../../../domain/auth/auth.schema'
import { sessionOutput, type SessionUser } from '../../../domain/profiles/profile.schema'
import { type AppEnv, requestLog } from '../../app-env'
import { createApi } from '../../app-factory'
import { clientIp } from '../../lib/client-ip'
import { limitRequest, type RateLimit } from '../../lib/rate-limit'
import { requireUser } from '../../middleware/require-user'
import {
  claimSignUpBrowser,
  clearSessionCookie,
  readSignUpBrowser,
  setSessionCookie,
} from './session.middleware'
import { access, cookieHeaders, errorResponses, jsonBody, jsonContent } from '../../openapi'
import {
  changePassword,
  confirmEmail,
  FORGOT_PASSWORD_MESSAGE,
  type MailContext,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  signIn,
  signUp,
} from './auth.service'
import { heldBrowserHash, rememberBrowser } from './known-browsers'
import { createSession, endSession, revokeSession } from './sessions'

const MINUTE = 60
export const authLimits = {
  signInPerAccount: { name: 'sign-in:ip-email', limit: 10, windowSeconds: MINUTE },
  signInPerIp: { name: 'sign-in:ip', limit: 30, windowSeconds: MINUTE },
  signUpPerIp: { name: 'sign-up:ip', limit: 5, windowSeconds: 10 * MINUTE },
  resendPerEmail: { name: 'resend:email', limit: 3, windowSeconds: 10 * MINUTE },
  resendPerIp: { name: 'resend:ip', limit: 10, windowSeconds: 10 * MINUTE },
  forgotPerEmail: { name: 'forgot:email', limit: 3, windowSeconds: 10 * MINUTE },
  forgotPerIp: { name: 'forgot:ip', limit: 10, windowSeconds: 10 * MINUTE },
  changePasswordPerUser: { name: 'change-password:user', limit: 10, windowSeconds: 10 * MINUTE },
  // Emailed tokens are 256-bit: guessing is hopeless, and a cap keeps it that way cheaply.
  emailTokensPerIp: { name: 'email-token:ip', limit: 30, windowSeconds: 10 * MINUTE },
} satisfies Record<string, RateLimit>

function mailContext(c: Context<AppEnv>): MailContext {
  const { env } = c.get('deps')
  return {
    mailer: c.get('deps').mailer,
    productName: env.PRODUCT_NAME,
    baseUrl: env.PUBLIC_URL.replace(/\/+$/, ''),
  }
}

// A new session for a freshly authenticated user; the one the browser held before (if any) ends,
// and so do its event streams.
async function startSession(c: Context<AppEnv>, user: SessionUser) {
  const previous = c.get('session')
  if (previous) await endSession(c.get('db'), previous.tokenHash, previous.user.id)
  const { env, clock } = c.get('deps')
  const { token, expiresAt } = await createSession(c.get('db'), user.id, env.SESSION_TTL_DAYS, clock.now(), {
    userAgent: c.req.header('user-agent'),
    ip: clientIp(c),
  })
  setSessionCookie(c, token, expiresAt)
}

const tags = ['auth']

const signUpRoute = createRoute({
  method: 'post',
  path: '/auth/sign-up',
  operationId: 'signUp',
  tags,
  summary: 'Create an account (confirmation email sent; no session until confirmed)',
  ...access.public,
  request: { body: jsonBody(signUpInput) },
  responses: {
    201: {
      ...jsonContent(
        signUpOutput,
        'A confirmation link was emailed; a registered address gets the same answer (its owner is emailed instead)',
      ),
      headers: cookieHeaders.signUpBrowser,
    },
    ...errorResponses(400, 429),
  },
})

const signInRoute = createRoute({
  method: 'post',
  path: '/auth/sign-in',
  operationId: 'signIn',
  tags,
  summary: 'Sign in with email and password; sets a new session cookie',
  ...access.public,
  request: { body: jsonBody(signInInput) },
  responses: {
    200: { ...jsonContent(userOutput, 'Signed in'), headers: cookieHeaders.signIn },
    ...errorResponses(400, 401, 403, 429),
  },
})

const signOutRoute = createRoute({
  method: 'post',
  path: '/auth/sign-out',
  operationId: 'signOut',
  tags,
  summary: 'End the current session (also without one)',
  ...access.public,
  responses: {
    204: { description: 'Signed out; the cookie is cleared', headers: cookieHeaders.clearSession(true) },
  },
})

const sessionRoute = createRoute({
  method: 'get',
  path: '/auth/session',
  operationId: 'getSession',
  tags,
  summary: 'The signed-in user, or null',
  ...access.public,
  responses: {
    200: {
      ...jsonContent(sessionOutput, 'The current user or null; never 401'),
      headers: cookieHeaders.clearSession(false),
    },
  },
})

const resendRoute = createRoute({
  method: 'post',
  path: '/auth/resend-confirmation',
  operationId: 'resendConfirmation',
  tags,
  summary: 'Email a new confirmation link (same answer for every address)',
  ...access.public,
  request: { body: jsonBody(resendConfirmationInput) },
  responses: {
    200: { ...jsonContent(messageOutput, 'Accepted'), headers: cookieHeaders.signUpBrowser },
    ...errorResponses(400, 429),
  },
})

const confirmRoute = createRoute({
  method: 'post',
  path: '/auth/confirm-email',
  operationId: 'confirmEmail',
  tags,
  summary: 'Confirm the email address with the token from the link; signs in the browser that signed up',
  ...access.public,
  request: { body: jsonBody(confirmEmailInput) },
  responses: {
    200: {
      ...jsonContent(
        confirmEmailOutput,
        'Confirmed. Signed in when opened in the browser that signed up (or asked for the link again) and no other player is signed in there; otherwise `signedIn` is false and `user` is whoever is signed in on this browser (null for no one)',
      ),
      headers: cookieHeaders.signInIfConfirmed,
    },
    ...errorResponses(400, 403, 429),
  },
})

const forgotRoute = createRoute({
  method: 'post',
  path: '/auth/forgot-password',
  operationId: 'requestPasswordReset',
  tags,
  summary: 'Email a password reset link (same answer for every address)',
  ...access.public,
  request: { body: jsonBody(forgotPasswordInput) },
  responses: { 200: jsonContent(messageOutput, 'Accepted'), ...errorResponses(400, 429) },
})

const resetRoute = createRoute({
  method: 'post',
  path: '/auth/reset-password',
  operationId: 'resetPassword',
  tags,
  summary: 'Set a new password with the token from the link; ends every session',
  ...access.public,
  request: { body: jsonBody(resetPasswordInput) },
  responses: {
    200: { ...jsonContent(messageOutput, 'Password changed'), headers: cookieHeaders.clearSession(true) },
    ...errorResponses(400, 403, 429),
  },
})

const changePasswordRoute = createRoute({
  method: 'post',
  path: '/auth/change-password',
  operationId: 'changePassword',
  tags,
  summary: 'Change the password; other sessions end, this one stays',
  ...access.user,
  middleware: [requireUser] as const,
  request: { body: jsonBody(changePasswordInput) },
  responses: {
    200: jsonContent(messageOutput, 'Password changed'),
    ...errorResponses(400, 401, 403, 429),
  },
})

export const authRoutes = createApi()
  .openapi(signUpRoute, async (c) => {
    const input = c.req.valid('json')
    await limitRequest(c, [{ rule: authLimits.signUpPerIp, subject: clientIp(c) }])
    const { env } = c.get('deps')
    const user = await signUp(
      c.get('db'),
      mailContext(c),
      input,
      {
        requireSignupCode: env.REQUIRE_SIGNUP_CODE,
        adminEmail: env.ADMIN_EMAIL,
        rateLimitFactor: env.RATE_LIMIT_FACTOR,
      },
      c.get('deps').clock.now(),
      claimSignUpBrowser(c),
    )
    return c.json({ email: user.email, requiresConfirmation: true as const }, 201)
  })
  .openapi(signInRoute, async (c) => {
    const input = c.req.valid('json')
    const ip = clientIp(c)
    await limitRequest(c, [
      { rule: authLimits.signInPerAccount, subject: `${ip}:${input.email}` },
      { rule: authLimits.signInPerIp, subject: ip },
    ])
    const db = c.get('db')
    // The account's ceiling on wrong passwords is counted in the service.
    const user = await signIn(db, input, {
      browserHash: heldBrowserHash(c),
      rateLimitFactor: c.get('deps').env.RATE_LIMIT_FACTOR,
    }).catch((error: unknown) => {
      requestLog(c).warn({ email: input.email }, 'sign-in failed')
      throw error
    })
    requestLog(c).info({ userId: user.id }, 'signed in')
    await startSession(c, user)
    await rememberBrowser(c, db, user.id)
    return c.json({ user }, 200)
  })
  .openapi(signOutRoute, async (c) => {
    const session = c.get('session')
    if (session) await endSession(c.get('db'), session.tokenHash, session.user.id)
    clearSessionCookie(c)
    return c.body(null, 204)
  })
  .openapi(sessionRoute, async (c) => {
    const session = c.get('session')
    if (session?.isPaused) {
      // A paused account keeps no session.
      await revokeSession(c.get('db'), session.tokenHash)
      clearSessionCookie(c)
    }
    return c.json({ user: session && !session.isPaused ? session.user : null }, 200)
  })
  .openapi(resendRoute, async (c) => {
    const { email } = c.req.valid('json')
    await limitRequest(c, [
      { rule: authLimits.resendPerEmail, subject: email },
      { rule: authLimits.resendPerIp, subject: clientIp(c) },
    ])
    // Every caller gets the browser key, whether or not the address has an account waiting: its
    // presence must not tell.
    const message = await resendConfirmation(
      c.get('db'),
      mailContext(c),
      email,
      c.get('deps').clock.now(),
      claimSignUpBrowser(c),
    )
    return c.json({ message }, 200)
  })
  .openapi(confirmRoute, async (c) => {
    const { token } = c.req.valid('json')
    await limitRequest(c, [{ rule: authLimits.emailTokensPerIp, subject: clientIp(c) }])
    const { user, fromSignUpBrowser } = await confirmEmail(
      c.get('db'),
      token,
      readSignUpBrowser(c),
      c.get('deps').clock.now(),
    )
    const current = c.get('session')
    const currentUser = current && !current.isPaused ? current.user : null
    // Opened anywhere but the browser that signed up, or where another player is signed in, the
    // link confirms the address and no more: a link someone else sent must not sign the reader
    // in to the sender's account, nor swap a signed-in player into it unnoticed.
    if (!fromSignUpBrowser || currentUser) return c.json({ user: currentUser, signedIn: false }, 200)
    await startSession(c, user)
    return c.json({ user, signedIn: true }, 200)
  })
  .openapi(forgotRoute, async (c) => {
    const { email } = c.req.valid('json')
    await limitRequest(c, [
      { rule: authLimits.forgotPerEmail, subject: email },
      { rule: authLimits.forgotPerIp, subject: clientIp(c) },
    ])
    // Looking the address up, making a link and queuing the email take longer for an account
    // than for no account: all of it happens after the answer, which is the same for both.
    const db = c.get('db')
    const mail = mailContext(c)
    const log = requestLog(c)
    requestPasswordReset(db, mail, email, c.get('deps').clock.now()).catch((error: unknown) =>
      log.error({ err: error }, 'password reset email not queued'),
    )
    return c.json({ message: FORGOT_PASSWORD_MESSAGE }, 200)
  })
  .openapi(resetRoute, async (c) => {
    await limitRequest(c, [{ rule: authLimits.emailTokensPerIp, subject: clientIp(c) }])
    await resetPassword(c.get('db'), c.req.valid('json'), c.get('deps').clock.now())
    // Every session ended, this browser's too.
    clearSessionCookie(c)
    return c.json({ message: 'Your password has been reset. Please sign in with your new password.' }, 200)
  })
  .openapi(changePasswordRoute, async (c) => {
    const user = c.get('user')
    await limitRequest(c, [{ rule: authLimits.changePasswordPerUser, subject: user.id }])
    await changePassword(
      c.get('db'),
      user.id,
      c.get('session')!.tokenHash,
      c.req.valid('json'),
      c.get('deps').clock.now(),
    )
    // This browser knows the new password: it stays known to the account (the others must sign
    // in again to be).
    await rememberBrowser(c, c.get('db'), user.id)
    return c.json({ message: 'Password updated successfully' }, 200)
  })
