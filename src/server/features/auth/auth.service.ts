import { and, eq, isNull, sql } from 'drizzle-orm'
import {
  CURRENT_PASSWORD_INCORRECT_MESSAGE,
  EMAIL_NOT_CONFIRMED_MESSAGE,
  INVALID_CONFIRMATION_LINK_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_RESET_LINK_MESSAGE,
  INVALID_SIGNUP_CODE_MESSAGE,
  SIGNUP_CODE_REQUIRED_MESSAGE,
  type ChangePasswordInput,
  type ResetPasswordInput,
  type SignInInput,
  type SignUpInput,
  storedProfileFields,
} from '../../../domain/auth/auth.schema'
import { AppError } from '../../../domain/errors'
import { firstHomeArea } from '../../../domain/profiles/home-area.rules'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import type { Db } from '../../db/client'
import { passwords, profiles, signupCodes } from '../../db/schema'
import { isUniqueViolation } from '../../lib/db-errors'
import { placeOfZip } from '../../lib/geodata'
import { giveBack, hit, type RateLimit, RateLimitedError } from '../../lib/rate-limit'
import type { Mailer } from '../../lib/mail'
import { PAUSED_MESSAGE } from '../../../domain/auth/auth.messages'
import { findUnusedCode } from '../signup-codes'
import { confirmationEmail, passwordResetEmail, signUpAttemptEmail } from './auth.emails'
import { consumeToken, issueToken, retireTokens } from './auth.tokens'
import { isKnownBrowser } from './known-browsers'
import { hashPassword, requireUncommonPassword, verifyPassword } from './password'
import { revokeAllSessions } from './sessions'
import { sessionUserColumns, toSessionUser } from '../../db/queries'

// Addresses are stored lower-case (a check constraint) and unique through an index on
// lower(email): an account is looked up through that index, never by scanning every profile.
const emailIs = (email: string) => sql`lower(${profiles.email}) = lower(${email})`

export interface MailContext {
  mailer: Mailer
  productName: string
  baseUrl: string
}

export interface SignUpSettings {
  requireSignupCode: boolean
  adminEmail?: string | undefined
  // RATE_LIMIT_FACTOR: scales the cap on notices to a registered address; 0 turns it off.
  rateLimitFactor?: number
}

// A registered address's owner is told of sign-ups with it at most this often, as a forgotten
// password is (auth.routes.ts): more sign-ups get the same answer and send nothing.
export const signUpNoticesPerEmail = {
  name: 'sign-up-notice:email',
  limit: 3,
  windowSeconds: 10 * 60,
} satisfies RateLimit

export const RESEND_CONFIRMATION_MESSAGE =
  'If an account with that email is waiting for confirmation, we have sent a new confirmation link.'
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, we have sent a link to reset your password.'

const invalidCode = () =>
  new AppError('invalid', INVALID_SIGNUP_CODE_MESSAGE, { signupCode: INVALID_SIGNUP_CODE_MESSAGE })

// Creates the account and, in the same transaction, claims the signup code: one code can never
// make two accounts, and a refused sign-up leaves nothing behind. No session until the email
// address is confirmed.
//
// A registered address gets the same answer, after the same work (the password is hashed, the
// code checked, a link issued and a message queued): its owner is emailed a sign-in and a reset
// link instead, and the caller learns nothing about which addresses have accounts.
export async function signUp(
  db: Db,
  mail: MailContext,
  input: SignUpInput,
  settings: SignUpSettings,
  now: Date,
  browserHash: string | null = null,
) {
  requireUncommonPassword(input.password, 'password')
  const hash = await hashPassword(input.password)
  // The Available tab opens on the ZIP code's state and region, as Profile Settings' home says.
  const homeArea = firstHomeArea(placeOfZip(input.zipCode))
  let outcome:
    | { user: SessionUser; token: string }
    | { registered: { id: string; firstName: string; isPaused: boolean } }
  try {
    outcome = await db.transaction(async (tx) => {
      const [registered] = await tx
        .select({ id: profiles.id, firstName: profiles.firstName, isPaused: profiles.isPaused })
        .from(profiles)
        .where(emailIs(input.email))
        .limit(1)

      let codeId: string | undefined
      if (input.signupCode) {
        const code = await findUnusedCode(tx, input.signupCode, { lock: true })
        if (!code) throw invalidCode()
        codeId = code.id
      } else if (settings.requireSignupCode) {
        throw new AppError('invalid', SIGNUP_CODE_REQUIRED_MESSAGE, {
          signupCode: SIGNUP_CODE_REQUIRED_MESSAGE,
        })
      }
      // The code stays unused: it was not spent on an account.
      if (registered) return { registered }

      const [profile] = await tx
        .insert(profiles)
        .values({
          email: input.email,
          ...storedProfileFields(input),
          ...homeArea,
          // Confirmed now on the server's clock, not the database's: the rating prompt counts from it.
          ratingsConfirmedAt: now,
          isAdmin: settings.adminEmail !== undefined && settings.adminEmail === input.email,
        })
        .returning(sessionUserColumns)
      if (!profile) throw new Error('profile insert returned nothing')
      await tx.insert(passwords).values({ profileId: profile.id, hash })

      if (codeId) {
        // The row is locked above; the condition is repeated so a claim can never be overwritten.
        const claimed = await tx
          .update(signupCodes)
          .set({ userId: profile.id, usedAt: now })
          .where(and(eq(signupCodes.id, codeId), isNull(signupCodes.userId), isNull(signupCodes.usedAt)))
          .returning({ id: signupCodes.id })
        if (claimed.length === 0) throw invalidCode()
      }

      const token = await issueToken(tx, profile.id, 'email_confirmation', now, browserHash)
      return { user: toSessionUser(profile), token }
    })
  } catch (error) {
    // Two sign-ups with one address at the same moment: the database lets only one through.
    if (!isUniqueViolation(error, 'profiles_email_lower_key')) throw error
    const [registered] = await db
      .select({ id: profiles.id, firstName: profiles.firstName, isPaused: profiles.isPaused })
      .from(profiles)
      .where(emailIs(input.email))
      .limit(1)
    if (!registered) throw error
    outcome = { registered }
  }
  if ('registered' in outcome) {
    const { id, firstName, isPaused } = outcome.registered
    const factor = settings.rateLimitFactor ?? 1
    const { count } = await hit(
      db,
      `${signUpNoticesPerEmail.name}:${input.email}`,
      signUpNoticesPerEmail.windowSeconds,
    )
    // A paused account is told nothing: its reset link would be refused (docs/decisions/0200).
    if (
      !isPaused &&
      (factor === 0 || count <= Math.max(1, Math.round(signUpNoticesPerEmail.limit * factor)))
    ) {
      const token = await issueToken(db, id, 'password_reset', now)
      await mail.mailer.send(signUpAttemptEmail(mail, input.email, firstName, token))
    }
    return { email: input.email }
  }
  await mail.mailer.send(confirmationEmail(mail, outcome.user.email, outcome.user.firstName, outcome.token))
  return outcome.user
}

let dummyHash: Promise<string> | undefined
// Unknown addresses cost as much time as wrong passwords, so timing does not tell them apart.
const hashForUnknownUser = () => (dummyHash ??= hashPassword('no such account: constant time'))

// Wrong passwords an account takes in 15 minutes: shared by every browser it does not know (from
// any address), and counted apart, with a higher ceiling, for each browser it knows
// (known-browsers.ts). Past its ceiling a browser waits, even with the right password.
export const signInFailureLimits = {
  unknownBrowsers: { name: 'sign-in-failures:account', limit: 10, windowSeconds: 15 * 60 },
  knownBrowser: { name: 'sign-in-failures:known-browser', limit: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>

export interface SignInGuard {
  // The hash of the browser key the request holds (known-browsers.ts), if any.
  browserHash: string | null
  // RATE_LIMIT_FACTOR: scales the ceilings; 0 turns them off.
  rateLimitFactor: number
}

// The attempt is taken before the password is checked, in one statement that counts it and
// reads the count (parallel guesses each get a number of their own, so no more than the ceiling
// are ever checked), and given back when the password was right.
async function takeSignInAttempt(db: Db, email: string, guard: SignInGuard) {
  if (guard.rateLimitFactor === 0) return async () => {}
  const known = await isKnownBrowser(db, email, guard.browserHash)
  const rule = known ? signInFailureLimits.knownBrowser : signInFailureLimits.unknownBrowsers
  const key = known ? `${rule.name}:${guard.browserHash}:${email}` : `${rule.name}:${email}`
  const { count, retryAfterSeconds } = await hit(db, key, rule.windowSeconds)
  if (count > Math.max(1, Math.round(rule.limit * guard.rateLimitFactor))) {
    const minutes = Math.ceil(retryAfterSeconds / 60)
    throw new RateLimitedError(
      retryAfterSeconds,
      `Too many failed sign-ins for this account. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    )
  }
  return () => giveBack(db, key)
}

export async function signIn(db: Db, input: SignInInput, guard: SignInGuard): Promise<SessionUser> {
  const giveBackAttempt = await takeSignInAttempt(db, input.email, guard)
  const [row] = await db
    .select({ ...sessionUserColumns, emailVerifiedAt: profiles.emailVerifiedAt, hash: passwords.hash })
    .from(profiles)
    .leftJoin(passwords, eq(passwords.profileId, profiles.id))
    .where(emailIs(input.email))
    .limit(1)
  const matches = await verifyPassword(row?.hash ?? (await hashForUnknownUser()), input.password)
  if (!row || !row.hash || !matches) throw new AppError('unauthenticated', INVALID_CREDENTIALS_MESSAGE)
  // The right password is no failure.
  await giveBackAttempt()
  // Account states are told only to someone who knows the password.
  if (row.isPaused) throw new AppError('forbidden', PAUSED_MESSAGE)
  if (!row.emailVerifiedAt) throw new AppError('email_not_confirmed', EMAIL_NOT_CONFIRMED_MESSAGE)
  return toSessionUser(row)
}

// Opening the link proves the address. It works once per account: a link for an address already
// confirmed is refused like a used one, so a spare link is never a way to sign in without the
// password, and the other confirmation links of the account stop working here.
//
// The caller starts a session only when `fromSignUpBrowser`: the link was opened in the browser
// that signed up (or asked for the link again), which holds the key whose hash the link keeps.
// Opened anywhere else, the link confirms the address and signs no one in: a link someone sent
// for their own new account must not sign the reader in to it (login CSRF).
export async function confirmEmail(
  db: Db,
  token: string,
  browserHash: string | null,
  now: Date,
): Promise<{ user: SessionUser; fromSignUpBrowser: boolean }> {
  return db.transaction(async (tx) => {
    const link = await consumeToken(tx, token, 'email_confirmation', now)
    if (!link) throw new AppError('invalid', INVALID_CONFIRMATION_LINK_MESSAGE)
    // Only an unconfirmed account changes; two links opened at the same moment confirm it once.
    const [row] = await tx
      .update(profiles)
      .set({ emailVerifiedAt: now })
      .where(and(eq(profiles.id, link.profileId), isNull(profiles.emailVerifiedAt)))
      .returning(sessionUserColumns)
    if (!row) throw new AppError('invalid', INVALID_CONFIRMATION_LINK_MESSAGE)
    if (row.isPaused) throw new AppError('forbidden', PAUSED_MESSAGE)
    await retireTokens(tx, link.profileId, now, 'email_confirmation')
    // Hashes of 256-bit keys: comparing them tells nothing about a key.
    const fromSignUpBrowser = link.browserHash !== null && link.browserHash === browserHash
    return { user: toSessionUser(row), fromSignUpBrowser }
  })
}

// The same answer whether or not the address has an account (no account enumeration).
export async function resendConfirmation(
  db: Db,
  mail: MailContext,
  email: string,
  now: Date,
  browserHash: string | null = null,
) {
  const [row] = await db
    .select({ id: profiles.id, firstName: profiles.firstName })
    .from(profiles)
    .where(and(emailIs(email), isNull(profiles.emailVerifiedAt), eq(profiles.isPaused, false)))
    .limit(1)
  if (row) {
    const token = await issueToken(db, row.id, 'email_confirmation', now, browserHash)
    await mail.mailer.send(confirmationEmail(mail, email, row.firstName, token))
  }
  return RESEND_CONFIRMATION_MESSAGE
}

// Runs after the answer (the route answers FORGOT_PASSWORD_MESSAGE at once): its duration would
// tell whether the address has an account.
export async function requestPasswordReset(db: Db, mail: MailContext, email: string, now: Date) {
  const [row] = await db
    .select({ id: profiles.id, firstName: profiles.firstName })
    .from(profiles)
    .where(and(emailIs(email), eq(profiles.isPaused, false)))
    .limit(1)
  if (row) {
    const token = await issueToken(db, row.id, 'password_reset', now)
    await mail.mailer.send(passwordResetEmail(mail, email, row.firstName, token))
  }
}

// A new password from an email link: every session of the account ends, and every other link
// sent to it (reset or confirmation) stops working. The link also proves the address. A paused
// account is refused.
export async function resetPassword(db: Db, input: ResetPasswordInput, now: Date) {
  requireUncommonPassword(input.password, 'password')
  const hash = await hashPassword(input.password)
  await db.transaction(async (tx) => {
    const profileId = (await consumeToken(tx, input.token, 'password_reset', now))?.profileId
    if (!profileId) throw new AppError('invalid', INVALID_RESET_LINK_MESSAGE)
    // A link sent before an admin paused the account changes nothing while it is paused (the
    // transaction rolls back, so the link works again once access is resumed).
    const [owner] = await tx
      .select({ isPaused: profiles.isPaused })
      .from(profiles)
      .where(eq(profiles.id, profileId))
      .for('share')
    if (owner?.isPaused) throw new AppError('forbidden', PAUSED_MESSAGE)
    await tx
      .insert(passwords)
      .values({ profileId, hash })
      .onConflictDoUpdate({
        target: passwords.profileId,
        set: { hash, updatedAt: now, version: sql`${passwords.version} + 1` },
      })
    await tx
      .update(profiles)
      .set({ emailVerifiedAt: sql`coalesce(${profiles.emailVerifiedAt}, ${now})` })
      .where(eq(profiles.id, profileId))
    await retireTokens(tx, profileId, now)
    await revokeAllSessions(tx, profileId)
  })
}

// The current password is checked first; the session making the change stays, all others end,
// and so do the links emailed before (a reset link must not outlive the change).
export async function changePassword(
  db: Db,
  userId: string,
  keepSession: string,
  input: ChangePasswordInput,
  now: Date,
) {
  const [row] = await db
    .select({ hash: passwords.hash })
    .from(passwords)
    .where(eq(passwords.profileId, userId))
  if (!row || !(await verifyPassword(row.hash, input.currentPassword))) {
    throw new AppError('invalid', CURRENT_PASSWORD_INCORRECT_MESSAGE, {
      currentPassword: CURRENT_PASSWORD_INCORRECT_MESSAGE,
    })
  }
  requireUncommonPassword(input.newPassword, 'newPassword')
  const hash = await hashPassword(input.newPassword)
  await db.transaction(async (tx) => {
    await tx
      .update(passwords)
      .set({ hash, updatedAt: now, version: sql`${passwords.version} + 1` })
      .where(eq(passwords.profileId, userId))
    await retireTokens(tx, userId, now)
    await revokeAllSessions(tx, userId, keepSession)
  })
}

// The command-line way to make the first (or any) admin.
export async function promoteToAdmin(db: Db, email: string) {
  const [row] = await db
    .update(profiles)
    .set({ isAdmin: true })
    .where(emailIs(email.trim().toLowerCase()))
    .returning(sessionUserColumns)
  return row ? toSessionUser(row) : undefined
}
