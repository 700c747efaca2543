import { randomBytes } from 'node:crypto'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { authTokens, profiles, sessions, signupCodes } from '../../db/schema'
import * as mailbox from '../../testing/mailbox'
import { createClient, createTestApp, type TestApp, type TestClient } from '../../testing/test-app'
import { FACTORY_PASSWORD as TEST_PASSWORD, insertUser, signUpBody } from '../../testing/factories'
import { promoteToAdmin } from './auth.service'
import { createSession } from './sessions'
import { TOKEN_TTL_MS } from './auth.tokens'
import type { Mailer, MailMessage } from '../../lib/mail'

const ADMIN_EMAIL = 'boss@example.com'
const uniqueEmail = () => `player-${randomBytes(5).toString('hex')}@example.com`

const createUser = (db: TestApp['db'], overrides: Parameters<typeof insertUser>[1] = {}) =>
  insertUser(db, overrides)

async function signedInClient(app: TestApp, user: { id: string }) {
  const { token } = await createSession(app.db, user.id, app.env.SESSION_TTL_DAYS, app.clock.now())
  const client = createClient(app.app)
  client.cookies.set('pm_session', token)
  return client
}

const setPaused = (db: TestApp['db'], id: string) =>
  db.update(profiles).set({ isPaused: true }).where(eq(profiles.id, id))
let t: TestApp
beforeAll(async () => {
  // Limits off here; the rate-limit suite below has its own app with the real limits.
  t = await createTestApp({ RATE_LIMIT_FACTOR: '0', ADMIN_EMAIL })
})
afterAll(() => t.close())

// Oldest first: the tests below read the emails in the order they were sent.
const mailTo = (email: string) => mailbox.mailTo(t, email, 'oldest first')

// The token of the newest link of that kind sent to the address.
const tokenFromMail = (email: string, path: '/email-confirmation' | '/reset-password') =>
  mailbox.linkSentTo(t, email, path)

// The reset email is queued after the answer: wait until it is in the outbox.
async function askForReset(email: string) {
  const before = (await mailTo(email)).length
  const res = await createClient(t.app).post('/api/auth/forgot-password', { email })
  await vi.waitFor(async () => expect((await mailTo(email)).length).toBeGreaterThan(before))
  return res
}

// The form's change of the factory password to `next`, typed twice the same.
const changePasswordTo = (client: TestClient, next: string) =>
  client.post('/api/auth/change-password', {
    currentPassword: TEST_PASSWORD,
    newPassword: next,
    confirmPassword: next,
  })

async function signUpConfirmed(overrides: Record<string, unknown> = {}) {
  const body = signUpBody(overrides)
  // The link signs in the browser that signed up.
  const client = createClient(t.app)
  const res = await client.post('/api/auth/sign-up', body)
  expect(res.status).toBe(201)
  const { token } = await tokenFromMail(body.email, '/email-confirmation')
  const confirmed = await client.post('/api/auth/confirm-email', { token })
  expect(confirmed.status).toBe(200)
  expect(confirmed.body.signedIn).toBe(true)
  return { body, client, user: confirmed.body.user }
}

async function insertCode(code: string, urlCode: string | null = null) {
  const [row] = await t.db.insert(signupCodes).values({ code, urlCode }).returning()
  return row!
}

describe('sign-up', () => {
  it('counts the ratings as confirmed at sign-up on the app clock, so the rating prompt waits 90 days', async () => {
    t.clock.advance(120 * 24 * 60 * 60_000)
    try {
      const body = signUpBody()
      const res = await createClient(t.app).post('/api/auth/sign-up', body)
      expect(res.status).toBe(201)
      const [row] = await t.db.select().from(profiles).where(eq(profiles.email, body.email))
      // The app clock runs on from where it was moved: the sign-up was moments ago on it.
      const sinceSignUp = t.clock.now().getTime() - row!.ratingsConfirmedAt.getTime()
      expect(sinceSignUp).toBeGreaterThanOrEqual(0)
      expect(sinceSignUp).toBeLessThan(60_000)
    } finally {
      t.clock.advance(-120 * 24 * 60 * 60_000)
    }
  })

  it('creates an unconfirmed account, emails a confirmation link and starts no session', async () => {
    const body = signUpBody({ email: '  New.Player@Example.COM ', firstName: ' Robin ' })
    const client = createClient(t.app)
    const res = await client.post('/api/auth/sign-up', body)
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ email: 'new.player@example.com', requiresConfirmation: true })
    expect(client.cookies.has('pm_session')).toBe(false)
    // Only the browser's key, which lets the emailed link sign this browser in.
    expect([...client.cookies.keys()]).toEqual(['pm_signup'])
    expect(res.headers.getSetCookie()[0]).toMatch(
      /^pm_signup=[\w-]{43}; Max-Age=172800; Path=\/; HttpOnly; SameSite=Lax$/,
    )

    const [row] = await t.db.select().from(profiles).where(eq(profiles.email, 'new.player@example.com'))
    expect(row).toMatchObject({
      firstName: 'Robin',
      gender: 'female',
      duprRating: 3.75,
      selfRating: 4,
      birthdate: '1990-05-17',
      zipCode: '85001',
      isAdmin: false,
      emailVerifiedAt: null,
    })

    const [message] = await mailTo('new.player@example.com')
    expect(message!.subject).toBe('Confirm your email for PickleMatch')
    expect(message!.text).toContain('PickleMatch')
    expect(message!.html).toContain('PickleMatch')
    expect(message!.links[0]).toMatch(/^http:\/\/localhost:3000\/email-confirmation\?token=[\w-]{43}$/)
    // Only the hash of the token is stored.
    const token = new URL(message!.links[0]!).searchParams.get('token')!
    const stored = await t.db.select().from(authTokens).where(eq(authTokens.profileId, row!.id))
    expect(stored).toHaveLength(1)
    expect(stored[0]!.tokenHash).not.toContain(token)
    expect(stored[0]!.purpose).toBe('email_confirmation')
    expect(stored[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(47 * 3600_000)
  })

  it('gives the spec message under each invalid field', async () => {
    const res = await createClient(t.app).post('/api/auth/sign-up', {
      firstName: '',
      lastName: '',
      gender: 'other',
      duprRating: 1.5,
      selfRating: 7.5,
      birthdate: '',
      zipCode: '123',
      email: 'nope',
      password: '123',
      consent: false,
    })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('invalid')
    expect(res.body.error.fields).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      gender: 'Gender is required',
      duprRating: 'Rating must be at least 2.00',
      selfRating: 'Rating must be at most 7.00',
      birthdate: 'Birthdate is required',
      zipCode: 'Please enter a valid ZIP code',
      email: 'Invalid email address',
      password: 'Password must be at least 8 characters',
      consent: 'You must agree to the Terms and Privacy Policy',
    })
  })

  it('refuses a common or leaked password on its field, for sign-up, reset and change alike', async () => {
    const common =
      'This password is too easy to guess: it is on a list of common passwords. Please choose another one.'
    const signUp = await createClient(t.app).post('/api/auth/sign-up', signUpBody({ password: 'Password1' }))
    expect(signUp.status).toBe(400)
    expect(signUp.body.error.fields).toEqual({ password: common })

    const user = await createUser(t.db)
    const client = await signedInClient(t, user)
    const change = await changePasswordTo(client, 'qwerty123')
    expect(change.status).toBe(400)
    expect(change.body.error.fields).toEqual({ newPassword: common })

    await askForReset(user.email)
    const { token } = await tokenFromMail(user.email, '/reset-password')
    const reset = await createClient(t.app).post('/api/auth/reset-password', { token, password: 'iloveyou1' })
    expect(reset.status).toBe(400)
    expect(reset.body.error.fields).toEqual({ password: common })
  })

  it('still signs in with a password shorter than the new minimum', async () => {
    const user = await createUser(t.db, { password: 'six-ch' })
    const res = await createClient(t.app).post('/api/auth/sign-in', { email: user.email, password: 'six-ch' })
    expect(res.status).toBe(200)
  })

  it('refuses missing ratings and a future birthdate with their own messages', async () => {
    const res = await createClient(t.app).post(
      '/api/auth/sign-up',
      signUpBody({ duprRating: null, selfRating: '', birthdate: '2999-01-01' }),
    )
    expect(res.status).toBe(400)
    expect(res.body.error.fields).toEqual({
      duprRating: 'DUPR rating is required',
      selfRating: 'Self rating is required',
      birthdate: 'Birthdate cannot be in the future',
    })
  })

  it('answers a registered address as a new one, and emails its owner a sign-in and a reset link', async () => {
    const email = uniqueEmail()
    const first = await createClient(t.app).post('/api/auth/sign-up', signUpBody({ email }))
    const again = await createClient(t.app).post(
      '/api/auth/sign-up',
      signUpBody({ email: email.toUpperCase(), firstName: 'Mallory' }),
    )
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(await t.db.select().from(profiles).where(eq(profiles.email, email))).toHaveLength(1)

    const [, notice] = await mailTo(email)
    expect(notice!.subject).toBe('Someone tried to sign up with your email')
    expect(notice!.text).toContain('Hi Dana,')
    expect(notice!.links).toEqual([
      'http://localhost:3000/signin',
      expect.stringMatching(/^http:\/\/localhost:3000\/reset-password\?token=/),
    ])
  })

  it('two sign-ups with one address at the same moment make one account and the same answer', async () => {
    const email = uniqueEmail()
    const results = await Promise.all([
      createClient(t.app).post('/api/auth/sign-up', signUpBody({ email })),
      createClient(t.app).post('/api/auth/sign-up', signUpBody({ email: email.toUpperCase() })),
    ])
    expect(results.map((r) => r.status)).toEqual([201, 201])
    expect(results[0]!.body).toEqual(results[1]!.body)
    expect(await t.db.select().from(profiles).where(eq(profiles.email, email))).toHaveLength(1)
  })

  it('claims a signup code given by its code and records who used it', async () => {
    const code = await insertCode('1234567')
    const body = signUpBody({ signupCode: '1234567' })
    const res = await createClient(t.app).post('/api/auth/sign-up', body)
    expect(res.status).toBe(201)
    const [used] = await t.db.select().from(signupCodes).where(eq(signupCodes.id, code.id))
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.email, body.email))
    expect(used!.userId).toBe(profile!.id)
    expect(used!.usedAt).toBeInstanceOf(Date)
  })

  it('matches the URL code in any letter case', async () => {
    const code = await insertCode('2345678', 'Spring-Social')
    const res = await createClient(t.app).post(
      '/api/auth/sign-up',
      signUpBody({ signupCode: 'spring-SOCIAL' }),
    )
    expect(res.status).toBe(201)
    const [used] = await t.db.select().from(signupCodes).where(eq(signupCodes.id, code.id))
    expect(used!.userId).not.toBeNull()
  })

  it('refuses an unknown or used code on the code field and creates nothing', async () => {
    await insertCode('3456789')
    expect(
      (await createClient(t.app).post('/api/auth/sign-up', signUpBody({ signupCode: '3456789' }))).status,
    ).toBe(201)
    for (const signupCode of ['3456789', '9999999', 'no-such-code']) {
      const body = signUpBody({ signupCode })
      const res = await createClient(t.app).post('/api/auth/sign-up', body)
      expect(res.status).toBe(400)
      expect(res.body.error).toEqual({
        code: 'invalid',
        message: 'Invalid or expired invite code',
        fields: { signupCode: 'Invalid or expired invite code' },
      })
      expect(await t.db.select().from(profiles).where(eq(profiles.email, body.email))).toHaveLength(0)
      expect(await mailTo(body.email)).toHaveLength(0)
    }
  })

  it('one code used by two sign-ups at the same moment makes exactly one account', async () => {
    const code = await insertCode('4567890', 'race-code')
    const bodies = [signUpBody({ signupCode: '4567890' }), signUpBody({ signupCode: 'RACE-CODE' })]
    const results = await Promise.all(
      bodies.map((body) => createClient(t.app).post('/api/auth/sign-up', body)),
    )
    expect(results.map((r) => r.status).sort()).toEqual([201, 400])
    expect(results.find((r) => r.status === 400)!.body.error.fields.signupCode).toBe(
      'Invalid or expired invite code',
    )
    const created = await t.db
      .select()
      .from(profiles)
      .where(
        inArray(
          profiles.email,
          bodies.map((b) => b.email),
        ),
      )
    expect(created).toHaveLength(1)
    const [used] = await t.db.select().from(signupCodes).where(eq(signupCodes.id, code.id))
    expect(used!.userId).toBe(created[0]!.id)
  })

  it('makes the configured admin address an admin', async () => {
    const { user } = await signUpConfirmed({ email: 'Boss@Example.com' })
    expect(user.isAdmin).toBe(true)
  })

  it('with invite-only sign-up, a code is required', async () => {
    const inviteOnly = await createTestApp({ RATE_LIMIT_FACTOR: '0', REQUIRE_SIGNUP_CODE: 'true' })
    try {
      const res = await createClient(inviteOnly.app).post('/api/auth/sign-up', signUpBody())
      expect(res.status).toBe(400)
      expect(res.body.error.fields).toEqual({ signupCode: 'An invite code is required to sign up' })
      await inviteOnly.db.insert(signupCodes).values({ code: '5678901' })
      const ok = await createClient(inviteOnly.app).post(
        '/api/auth/sign-up',
        signUpBody({ signupCode: '5678901' }),
      )
      expect(ok.status).toBe(201)
    } finally {
      await inviteOnly.close()
    }
  })
})

describe('email confirmation', () => {
  it('confirms, signs in the browser that signed up with a session cookie and answers the user', async () => {
    const body = signUpBody()
    const client = createClient(t.app)
    await client.post('/api/auth/sign-up', body)
    const { token, url } = await tokenFromMail(body.email, '/email-confirmation')
    expect(url.pathname).toBe('/email-confirmation')
    const res = await client.post('/api/auth/confirm-email', { token })
    expect(res.status).toBe(200)
    expect(res.body.signedIn).toBe(true)
    expect(res.body.user).toMatchObject({
      email: body.email,
      firstName: 'Dana',
      lastName: 'Lee',
      isAdmin: false,
    })
    expect(res.headers.get('set-cookie')).toMatch(/pm_session=[\w-]+;.*HttpOnly/i)
    expect(res.headers.get('set-cookie')).toMatch(/SameSite=Lax/i)
    const session = await client.get('/api/auth/session')
    expect(session.body.user.email).toBe(body.email)
  })

  it('opened in another browser, confirms the address and signs no one in', async () => {
    const body = signUpBody({ firstName: 'Mallory' })
    await createClient(t.app).post('/api/auth/sign-up', body)
    const { token } = await tokenFromMail(body.email, '/email-confirmation')
    // Someone sends the link of their own new account: opening it must not sign the reader in
    // to the sender's account (nor name it).
    const reader = createClient(t.app)
    const res = await reader.post('/api/auth/confirm-email', { token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ user: null, signedIn: false })
    expect(res.headers.getSetCookie()).toEqual([])
    expect((await reader.get('/api/auth/session')).body.user).toBeNull()
    const [row] = await t.db.select().from(profiles).where(eq(profiles.email, body.email))
    expect(row!.emailVerifiedAt).not.toBeNull()
    // The owner signs in with the password.
    const signIn = await createClient(t.app).post('/api/auth/sign-in', {
      email: body.email,
      password: body.password,
    })
    expect(signIn.status).toBe(200)
  })

  it("a browser key that is not the sign-up browser's signs no one in", async () => {
    // One browser signed up an account of its own; another holds a key made up.
    const other = createClient(t.app)
    await other.post('/api/auth/sign-up', signUpBody())
    const forged = createClient(t.app)
    forged.cookies.set('pm_signup', randomBytes(32).toString('base64url'))
    for (const reader of [other, forged]) {
      const owner = createClient(t.app)
      const body = signUpBody()
      await owner.post('/api/auth/sign-up', body)
      const { token } = await tokenFromMail(body.email, '/email-confirmation')
      const res = await reader.post('/api/auth/confirm-email', { token })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ user: null, signedIn: false })
      expect(reader.cookies.has('pm_session')).toBe(false)
    }
  })

  it('a link asked for again signs in the browser that asked, which keeps one key', async () => {
    const body = signUpBody()
    const first = createClient(t.app)
    await first.post('/api/auth/sign-up', body)
    const key = first.cookies.get('pm_signup')
    // The same browser asks again: same key. Another browser asks: its own key, and the new link
    // is bound to it.
    await first.post('/api/auth/resend-confirmation', { email: body.email })
    expect(first.cookies.get('pm_signup')).toBe(key)
    const second = createClient(t.app)
    const resend = await second.post('/api/auth/resend-confirmation', { email: body.email })
    expect(resend.status).toBe(200)
    expect(second.cookies.get('pm_signup')).toMatch(/^[\w-]{43}$/)
    expect(second.cookies.get('pm_signup')).not.toBe(key)
    const { token } = await tokenFromMail(body.email, '/email-confirmation')
    const res = await second.post('/api/auth/confirm-email', { token })
    expect(res.body).toMatchObject({ signedIn: true, user: { email: body.email } })
    expect(second.cookies.has('pm_session')).toBe(true)
  })

  it('resend gives every caller a browser key, whether or not the address waits for confirmation', async () => {
    const known = signUpBody()
    await createClient(t.app).post('/api/auth/sign-up', known)
    const shapes = []
    for (const email of [known.email, uniqueEmail()]) {
      const client = createClient(t.app)
      const res = await client.post('/api/auth/resend-confirmation', { email })
      shapes.push(res.headers.getSetCookie().map((c) => c.replace(/=[\w-]{43};/, '=…;')))
    }
    expect(shapes[0]).toEqual(shapes[1])
    expect(shapes[0]).toHaveLength(1)
  })

  it('a used, unknown or expired link gives a clear 400', async () => {
    const body = signUpBody()
    await createClient(t.app).post('/api/auth/sign-up', body)
    const { token } = await tokenFromMail(body.email, '/email-confirmation')
    expect((await createClient(t.app).post('/api/auth/confirm-email', { token })).status).toBe(200)

    const again = await createClient(t.app).post('/api/auth/confirm-email', { token })
    expect(again.status).toBe(400)
    expect(again.body.error.message).toBe(
      'This confirmation link is invalid or has expired. If you have already confirmed your email, please sign in.',
    )
    expect((await createClient(t.app).post('/api/auth/confirm-email', { token: 'made-up' })).status).toBe(400)
    expect((await createClient(t.app).post('/api/auth/confirm-email', {})).status).toBe(400)

    const late = signUpBody()
    await createClient(t.app).post('/api/auth/sign-up', late)
    const { token: lateToken } = await tokenFromMail(late.email, '/email-confirmation')
    // The link lives 48 hours on the app's clock.
    t.clock.advance(TOKEN_TTL_MS.email_confirmation + 1000)
    const expired = await createClient(t.app).post('/api/auth/confirm-email', { token: lateToken })
    expect(expired.status).toBe(400)
    expect(expired.body.error.code).toBe('invalid')
    t.clock.advance(-(TOKEN_TTL_MS.email_confirmation + 1000))
  })

  it('resend sends a new link to an unconfirmed account and answers the same for any address', async () => {
    const body = signUpBody()
    await createClient(t.app).post('/api/auth/sign-up', body)
    const res = await createClient(t.app).post('/api/auth/resend-confirmation', {
      email: body.email.toUpperCase(),
    })
    expect(res.status).toBe(200)
    expect(await mailTo(body.email)).toHaveLength(2)

    const unknown = await createClient(t.app).post('/api/auth/resend-confirmation', { email: uniqueEmail() })
    expect(unknown.status).toBe(200)
    expect(unknown.body).toEqual(res.body)

    const confirmed = await createUser(t.db)
    const done = await createClient(t.app).post('/api/auth/resend-confirmation', { email: confirmed.email })
    expect(done.body).toEqual(res.body)
    expect(await mailTo(confirmed.email)).toHaveLength(0)

    // The newest link works.
    const { token } = await tokenFromMail(body.email, '/email-confirmation')
    expect((await createClient(t.app).post('/api/auth/confirm-email', { token })).status).toBe(200)
  })

  it('opened where another player is signed in, confirms the address and leaves that player signed in', async () => {
    const mine = signUpBody()
    const theirs = signUpBody({ firstName: 'Mallory' })
    const me = createClient(t.app)
    await me.post('/api/auth/sign-up', mine)
    const { token: myToken } = await tokenFromMail(mine.email, '/email-confirmation')
    expect((await me.post('/api/auth/confirm-email', { token: myToken })).status).toBe(200)
    const myCookie = me.cookies.get('pm_session')

    // Someone else's confirmation link, sent to me.
    await createClient(t.app).post('/api/auth/sign-up', theirs)
    const { token } = await tokenFromMail(theirs.email, '/email-confirmation')
    const res = await me.post('/api/auth/confirm-email', { token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ signedIn: false, user: { email: mine.email } })
    expect(res.headers.getSetCookie()).toEqual([])
    expect(me.cookies.get('pm_session')).toBe(myCookie)
    expect((await me.get('/api/auth/session')).body.user.email).toBe(mine.email)
    // Their address is confirmed: they sign in with their password.
    const signIn = await createClient(t.app).post('/api/auth/sign-in', {
      email: theirs.email,
      password: theirs.password,
    })
    expect(signIn.status).toBe(200)
  })

  it('confirming ends the other links: a spare one signs no one in', async () => {
    const body = signUpBody()
    await createClient(t.app).post('/api/auth/sign-up', body)
    await createClient(t.app).post('/api/auth/resend-confirmation', { email: body.email })
    await createClient(t.app).post('/api/auth/resend-confirmation', { email: body.email })
    const messages = await mailTo(body.email)
    const [first, second, third] = messages.map((m) => new URL(m.links[0]!).searchParams.get('token')!)
    expect((await createClient(t.app).post('/api/auth/confirm-email', { token: first })).status).toBe(200)

    // Sent to someone else's browser, a spare link must not sign it in to this account.
    for (const spare of [second, third]) {
      const victim = createClient(t.app)
      const res = await victim.post('/api/auth/confirm-email', { token: spare })
      expect(res.status).toBe(400)
      expect(res.body.error).toEqual({
        code: 'invalid',
        message:
          'This confirmation link is invalid or has expired. If you have already confirmed your email, please sign in.',
      })
      expect(res.headers.getSetCookie()).toEqual([])
      expect(victim.cookies.size).toBe(0)
    }
  })
})

describe('sign-in', () => {
  it('refuses an unconfirmed account with a code the page can act on', async () => {
    const body = signUpBody()
    await createClient(t.app).post('/api/auth/sign-up', body)
    const res = await createClient(t.app).post('/api/auth/sign-in', {
      email: body.email,
      password: body.password,
    })
    expect(res.status).toBe(403)
    expect(res.body.error).toEqual({
      code: 'email_not_confirmed',
      message: 'Please confirm your email address before signing in.',
    })
  })

  it('gives one message for an unknown address and a wrong password', async () => {
    const user = await createUser(t.db)
    const wrong = await createClient(t.app).post('/api/auth/sign-in', {
      email: user.email,
      password: 'not-it',
    })
    const unknown = await createClient(t.app).post('/api/auth/sign-in', {
      email: uniqueEmail(),
      password: 'x',
    })
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401)
      expect(res.body.error).toEqual({ code: 'unauthenticated', message: 'Invalid email or password' })
    }
  })

  it('signs in, in any letter case, with a new session each time', async () => {
    const user = await createUser(t.db)
    const client = createClient(t.app)
    const first = await client.post('/api/auth/sign-in', {
      email: user.email.toUpperCase(),
      password: TEST_PASSWORD,
    })
    expect(first.status).toBe(200)
    expect(first.body.user).toMatchObject({ id: user.id, email: user.email })
    const firstToken = client.cookies.get('pm_session')
    expect(firstToken).toBeTruthy()

    const second = await client.post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD })
    expect(second.status).toBe(200)
    const secondToken = client.cookies.get('pm_session')
    expect(secondToken).not.toBe(firstToken)
    // The session the browser held before is over.
    const replay = createClient(t.app)
    replay.cookies.set('pm_session', firstToken!)
    expect((await replay.get('/api/auth/session')).body).toEqual({ user: null })
  })

  it('refuses a paused account', async () => {
    const user = await createUser(t.db, { isPaused: true })
    const res = await createClient(t.app).post('/api/auth/sign-in', {
      email: user.email,
      password: TEST_PASSWORD,
    })
    expect(res.status).toBe(403)
    expect(res.body.error).toEqual({ code: 'forbidden', message: 'Your access has been paused' })
  })

  it('validates the form', async () => {
    const res = await createClient(t.app).post('/api/auth/sign-in', { email: '', password: '' })
    expect(res.status).toBe(400)
    expect(res.body.error.fields).toEqual({ email: 'Email is required', password: 'Password is required' })
  })
})

describe('sessions', () => {
  it('answers null without a session, never 401', async () => {
    const res = await createClient(t.app).get('/api/auth/session')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ user: null })
  })

  it('a session is useless after sign-out', async () => {
    const user = await createUser(t.db)
    const client = await signedInClient(t, user)
    const token = client.cookies.get('pm_session')!
    expect((await client.get('/api/profiles/me')).status).toBe(200)

    const out = await client.post('/api/auth/sign-out')
    expect(out.status).toBe(204)
    expect(client.cookies.has('pm_session')).toBe(false)

    const replay = createClient(t.app)
    replay.cookies.set('pm_session', token)
    expect((await replay.get('/api/profiles/me')).status).toBe(401)
    expect((await replay.get('/api/auth/session')).body).toEqual({ user: null })
  })

  it('sign-out without a session still answers 204', async () => {
    expect((await createClient(t.app).post('/api/auth/sign-out')).status).toBe(204)
  })

  it('answers a request with a dead session as signed out, and leaves the browser’s cookie to a newer session', async () => {
    const user = await createUser(t.db)
    const client = await signedInClient(t, user)
    await t.db.delete(sessions).where(eq(sessions.profileId, user.id))
    // Sent before the browser got its new cookie (say, an email confirmation in the same tab):
    // clearing the cookie here would sign the browser out of the session that replaced it.
    const late = await client.get('/api/notifications/unread-count')
    expect(late.status).toBe(401)
    expect(late.headers.getSetCookie()).toEqual([])
    expect((await client.get('/api/auth/session')).body).toEqual({ user: null })
  })

  it('a session is useless once the account is paused', async () => {
    const user = await createUser(t.db)
    const client = await signedInClient(t, user)
    await setPaused(t.db, user.id)
    const me = await client.get('/api/profiles/me')
    expect(me.status).toBe(403)
    expect(me.body.error.message).toBe('Your access has been paused')
    expect((await client.get('/api/auth/session')).body).toEqual({ user: null })
    expect(await t.db.select().from(sessions).where(eq(sessions.profileId, user.id))).toHaveLength(0)
  })
})

describe('password reset', () => {
  it('emails a one-hour link and answers the same for unknown addresses', async () => {
    const user = await createUser(t.db)
    const known = await askForReset(user.email.toUpperCase())
    const unknownEmail = uniqueEmail()
    const unknown = await createClient(t.app).post('/api/auth/forgot-password', { email: unknownEmail })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(unknown.body).toEqual(known.body)
    expect(await mailTo(unknownEmail)).toHaveLength(0)

    const [message] = await mailTo(user.email)
    expect(message!.subject).toBe('Reset your PickleMatch password')
    expect(message!.links[0]).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/)
    const [stored] = await t.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.profileId, user.id), eq(authTokens.purpose, 'password_reset')))
    expect(stored!.expiresAt.getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(3600_000)
    expect(stored!.expiresAt.getTime() - t.clock.now().getTime()).toBeGreaterThan(3500_000)
  })

  it('answers before looking the address up, so a known and an unknown address take the same time', async () => {
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const sent: MailMessage[] = []
    const mailer: Mailer = {
      delivers: false,
      async send(message) {
        await gate
        sent.push(message)
        return { delivered: Promise.resolve() }
      },
      retryDue: async () => 0,
    }
    const gated = await createTestApp({ RATE_LIMIT_FACTOR: '0' }, { mailer })
    try {
      const user = await insertUser(gated.db)
      const res = await createClient(gated.app).post('/api/auth/forgot-password', { email: user.email })
      expect(res.status).toBe(200)
      expect(sent).toHaveLength(0)
      release()
      await vi.waitFor(() => expect(sent.map((message) => message.to)).toEqual([user.email]))
    } finally {
      release()
      await gated.close()
    }
  })

  it('links to localhost on the configured port without PUBLIC_URL, whatever Host the request names', async () => {
    const local = await createTestApp({ RATE_LIMIT_FACTOR: '0', PUBLIC_URL: '', PORT: '4567' })
    try {
      const user = await createUser(local.db)
      const res = await local.app.request('http://attacker.example/api/auth/forgot-password', {
        method: 'POST',
        headers: { origin: 'http://attacker.example', 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email }),
      })
      expect(res.status).toBe(200)
      const message = await vi.waitFor(async () => {
        const [queued] = await mailbox.mailTo(local, user.email)
        expect(queued).toBeDefined()
        return queued
      })
      expect(message!.links[0]).toMatch(/^http:\/\/localhost:4567\/reset-password\?token=/)
    } finally {
      await local.close()
    }
  })

  it('sets the new password, ends every session and works once', async () => {
    const user = await createUser(t.db)
    const phone = await signedInClient(t, user)
    const laptop = await signedInClient(t, user)
    await askForReset(user.email)
    await askForReset(user.email)
    const messages = await mailTo(user.email)
    const [olderToken, token] = messages.map((m) => new URL(m.links[0]!).searchParams.get('token')!)

    const weak = await laptop.post('/api/auth/reset-password', { token, password: '123' })
    expect(weak.status).toBe(400)
    expect(weak.body.error.fields).toEqual({ password: 'Password must be at least 8 characters' })

    const res = await laptop.post('/api/auth/reset-password', { token, password: 'brand-new-pass' })
    expect(res.status).toBe(200)
    for (const client of [phone, laptop]) expect((await client.get('/api/profiles/me')).status).toBe(401)

    const old = await createClient(t.app).post('/api/auth/sign-in', {
      email: user.email,
      password: TEST_PASSWORD,
    })
    expect(old.status).toBe(401)
    const fresh = await createClient(t.app).post('/api/auth/sign-in', {
      email: user.email,
      password: 'brand-new-pass',
    })
    expect(fresh.status).toBe(200)

    for (const used of [token, olderToken]) {
      const again = await createClient(t.app).post('/api/auth/reset-password', {
        token: used,
        password: 'another-pass',
      })
      expect(again.status).toBe(400)
      expect(again.body.error.message).toBe(
        'This password reset link is invalid or has expired. Please request a new one.',
      )
    }
  })

  it('ends the confirmation and reset links sent before', async () => {
    const body = signUpBody()
    await createClient(t.app).post('/api/auth/sign-up', body)
    const { token: confirmToken } = await tokenFromMail(body.email, '/email-confirmation')
    await askForReset(body.email)
    await askForReset(body.email)
    const resets = (await mailTo(body.email))
      .flatMap((m) => m.links)
      .filter((l) => l.includes('/reset-password'))
    const [olderToken, token] = resets.map((l) => new URL(l).searchParams.get('token')!)
    const res = await createClient(t.app).post('/api/auth/reset-password', {
      token,
      password: 'brand-new-pass',
    })
    expect(res.status).toBe(200)

    const confirm = createClient(t.app)
    const confirmed = await confirm.post('/api/auth/confirm-email', { token: confirmToken })
    expect(confirmed.status).toBe(400)
    expect(confirmed.body.error.code).toBe('invalid')
    expect(confirm.cookies.size).toBe(0)
    const older = await createClient(t.app).post('/api/auth/reset-password', {
      token: olderToken,
      password: 'another-pass',
    })
    expect(older.status).toBe(400)
    expect(older.body.error.message).toBe(
      'This password reset link is invalid or has expired. Please request a new one.',
    )
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.email, body.email))
    const live = await t.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.profileId, profile!.id), isNull(authTokens.usedAt)))
    expect(live).toHaveLength(0)
  })

  it('a link sent before the account was paused changes nothing while it is paused', async () => {
    const user = await createUser(t.db)
    await askForReset(user.email)
    const { token } = await tokenFromMail(user.email, '/reset-password')
    await setPaused(t.db, user.id)
    const res = await createClient(t.app).post('/api/auth/reset-password', {
      token,
      password: 'brand-new-pass',
    })
    expect(res.status).toBe(403)
    expect(res.body.error).toEqual({ code: 'forbidden', message: 'Your access has been paused' })

    // Resumed, the same link still works, once; the password was not changed before.
    await t.db.update(profiles).set({ isPaused: false }).where(eq(profiles.id, user.id))
    const old = await createClient(t.app).post('/api/auth/sign-in', {
      email: user.email,
      password: TEST_PASSWORD,
    })
    expect(old.status).toBe(200)
    const later = await createClient(t.app).post('/api/auth/reset-password', {
      token,
      password: 'brand-new-pass',
    })
    expect(later.status).toBe(200)
  })

  it('an expired link is refused', async () => {
    const user = await createUser(t.db)
    await askForReset(user.email)
    const { token } = await tokenFromMail(user.email, '/reset-password')
    await t.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.profileId, user.id))
    const res = await createClient(t.app).post('/api/auth/reset-password', {
      token,
      password: 'brand-new-pass',
    })
    expect(res.status).toBe(400)
  })
})

describe('change password', () => {
  it('needs a session', async () => {
    const res = await createClient(t.app).post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'next-pass-1',
      confirmPassword: 'next-pass-1',
    })
    expect(res.status).toBe(401)
  })

  it('checks the current password first', async () => {
    const user = await createUser(t.db)
    const client = await signedInClient(t, user)
    const res = await client.post('/api/auth/change-password', {
      currentPassword: 'wrong-one',
      newPassword: 'next-pass-1',
      confirmPassword: 'next-pass-1',
    })
    expect(res.status).toBe(400)
    expect(res.body.error).toEqual({
      code: 'invalid',
      message: 'Current password is incorrect',
      fields: { currentPassword: 'Current password is incorrect' },
    })
  })

  it('applies the form rules', async () => {
    const client = await signedInClient(t, await createUser(t.db))
    const res = await client.post('/api/auth/change-password', {
      currentPassword: '',
      newPassword: 'next-pass-1',
      confirmPassword: 'next-pass-2',
    })
    expect(res.status).toBe(400)
    expect(res.body.error.fields).toEqual({
      currentPassword: 'Current password is required',
      confirmPassword: 'Passwords do not match',
    })
  })

  it('keeps this session and ends the others', async () => {
    const user = await createUser(t.db)
    const here = await signedInClient(t, user)
    const elsewhere = await signedInClient(t, user)
    const res = await changePasswordTo(here, 'next-pass-1')
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Password updated successfully')
    expect((await here.get('/api/profiles/me')).status).toBe(200)
    expect((await elsewhere.get('/api/profiles/me')).status).toBe(401)
    const signIn = await createClient(t.app).post('/api/auth/sign-in', {
      email: user.email,
      password: 'next-pass-1',
    })
    expect(signIn.status).toBe(200)
  })

  it('ends the reset links sent before', async () => {
    const user = await createUser(t.db)
    const client = await signedInClient(t, user)
    await askForReset(user.email)
    const { token } = await tokenFromMail(user.email, '/reset-password')
    const res = await changePasswordTo(client, 'next-pass-1')
    expect(res.status).toBe(200)

    const reset = await createClient(t.app).post('/api/auth/reset-password', {
      token,
      password: 'someone-elses-pass',
    })
    expect(reset.status).toBe(400)
    expect(reset.body.error.message).toBe(
      'This password reset link is invalid or has expired. Please request a new one.',
    )
    const signIn = await createClient(t.app).post('/api/auth/sign-in', {
      email: user.email,
      password: 'next-pass-1',
    })
    expect(signIn.status).toBe(200)
  })
})

describe('admin promotion', () => {
  it('promotes an existing user and reports an unknown address', async () => {
    const user = await createUser(t.db)
    expect(await promoteToAdmin(t.db, ` ${user.email.toUpperCase()} `)).toMatchObject({
      id: user.id,
      isAdmin: true,
    })
    expect(await promoteToAdmin(t.db, uniqueEmail())).toBeUndefined()
  })
})

describe('development mailbox', () => {
  it('lists messages newest first, filtered by recipient', async () => {
    const body = signUpBody()
    await createClient(t.app).post('/api/auth/sign-up', body)
    await createClient(t.app).post('/api/auth/resend-confirmation', { email: body.email })
    const res = await createClient(t.app).get(
      `/api/dev/mail?to=${encodeURIComponent(body.email.toUpperCase())}`,
    )
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(2)
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      recipient: body.email,
      subject: 'Confirm your email for PickleMatch',
      text: expect.stringContaining('Confirm your email'),
      links: [expect.stringMatching(/\/email-confirmation\?token=/)],
      // An account's own email carries no unsubscribe header: it is not a notice one can turn off.
      headers: {},
      createdAt: expect.any(String),
    })
    expect(res.body[0].createdAt >= res.body[1].createdAt).toBe(true)
    const all = await createClient(t.app).get('/api/dev/mail')
    expect(all.body.length).toBeGreaterThan(2)
  })

  it('renders a plain page with clickable links and no scripts', async () => {
    const body = signUpBody({ firstName: '<b>Mallory</b>' })
    await createClient(t.app).post('/api/auth/sign-up', body)
    const res = await createClient(t.app).get('/dev/mailbox')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(res.text).toContain(body.email)
    expect(res.text).toMatch(/<a href="http:\/\/localhost:3000\/email-confirmation\?token=[\w-]+">/)
    expect(res.text).not.toContain('<script')
    expect(res.text).not.toContain('<b>Mallory</b>')
  })

  it('answers only callers on the server’s own machine, not through a proxy', async () => {
    // A request that came over a socket from `remoteAddress` (what @hono/node-server hands the
    // app), with the headers it carried.
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      [{ headers }, { incoming: { socket: { remoteAddress } } }] as const
    const local = ['127.0.0.1', '127.3.0.9', '::1', '::ffff:127.0.0.1']
    const remote = ['192.0.2.2', '10.0.0.7', 'fd00::2', '::ffff:192.0.2.2', '']
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      expect((await t.app.request('/api/dev/mail', ...from('127.0.0.1', { host }))).status, host).toBe(200)
    }
    for (const address of local) {
      const res = await t.app.request('/api/dev/mail', ...from(address))
      expect(res.status, address).toBe(200)
      expect((await t.app.request('/dev/mailbox', ...from(address))).status, address).toBe(200)
    }
    const refusals = [
      ...remote.map((address) => from(address)),
      from('127.0.0.1', { 'x-forwarded-for': '198.51.100.4' }),
      from('::1', { forwarded: 'for=198.51.100.4' }),
      // Another site's name pointed at this machine (DNS rebinding).
      from('127.0.0.1', { host: 'rebind.example:3000' }),
    ]
    for (const request of refusals) {
      const res = await t.app.request('/api/dev/mail', ...request)
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({
        error: {
          code: 'forbidden',
          message: 'The development mailbox opens only on the machine the server runs on',
        },
      })
      const page = await t.app.request('/dev/mailbox', ...request)
      expect(page.status).toBe(403)
      const html = await page.text()
      expect(html).toContain('The development mailbox opens only on the machine the server runs on.')
      expect(html).not.toContain('email-confirmation')
    }
  })

  it('does not exist in production or when SMTP is configured', async () => {
    const variants: Array<Record<string, string>> = [
      { NODE_ENV: 'production', LOG_LEVEL: 'silent' },
      { SMTP_URL: 'smtp://127.0.0.1:2525' },
    ]
    for (const settings of variants) {
      const other = await createTestApp(settings)
      try {
        expect((await createClient(other.app).get('/api/dev/mail')).status).toBe(404)
        expect((await createClient(other.app).get('/dev/mailbox')).status).toBe(404)
      } finally {
        await other.close()
      }
    }
  })
})

describe('rate limits', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await createTestApp()
  })
  afterAll(() => limited.close())

  const expectLimited = (res: Awaited<ReturnType<TestClient['post']>>) => {
    expect(res.status).toBe(429)
    expect(res.body.error).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please wait a few minutes and try again.',
    })
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  }

  it('sign-in: 10 attempts a minute for one address', async () => {
    const user = await createUser(limited.db)
    const client = createClient(limited.app)
    for (let i = 0; i < 10; i++) {
      expect((await client.post('/api/auth/sign-in', { email: user.email, password: 'wrong' })).status).toBe(
        401,
      )
    }
    expectLimited(await client.post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD }))
    // Another address from the same place is still allowed.
    const other = await createUser(limited.db)
    expect(
      (await client.post('/api/auth/sign-in', { email: other.email, password: TEST_PASSWORD })).status,
    ).toBe(200)
  })

  it('sign-in: browsers an account does not know share 10 wrong passwords, from any address; a browser it knows still signs in', async () => {
    const spread = await createTestApp({ TRUST_PROXY: 'true' })
    try {
      const user = await createUser(spread.db)
      const from = (ip: string) => ({ 'x-forwarded-for': ip })
      const known = createClient(spread.app)
      const first = await known.post(
        '/api/auth/sign-in',
        { email: user.email, password: TEST_PASSWORD },
        from('10.0.0.1'),
      )
      expect(first.status).toBe(200)
      for (let i = 0; i < 10; i++) {
        const wrong = await createClient(spread.app).post(
          '/api/auth/sign-in',
          { email: user.email, password: 'wrong-guess' },
          from(`10.0.1.${i}`),
        )
        expect(wrong.status).toBe(401)
      }
      const stranger = await createClient(spread.app).post(
        '/api/auth/sign-in',
        { email: user.email, password: TEST_PASSWORD },
        from('10.0.2.1'),
      )
      expect(stranger.status).toBe(429)
      const retryAfter = Number(stranger.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(0)
      expect(stranger.body.error.message).toBe(
        `Too many failed sign-ins for this account. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`,
      )
      const again = await known.post(
        '/api/auth/sign-in',
        { email: user.email, password: TEST_PASSWORD },
        from('10.0.3.1'),
      )
      expect(again.status).toBe(200)
    } finally {
      await spread.close()
    }
  })

  describe('counted per account, from many addresses at once', () => {
    let spread: TestApp
    beforeAll(async () => {
      spread = await createTestApp({ TRUST_PROXY: 'true' })
    })
    afterAll(() => spread.close())
    let ip = 0
    // Each request from an address of its own, so only the per-account counts apply.
    const signInFrom = (client: TestClient, email: string, password: string) =>
      client.post(
        '/api/auth/sign-in',
        { email, password },
        { 'x-forwarded-for': `10.9.${ip >> 8}.${ip++ & 255}` },
      )

    it('sign-in: parallel wrong passwords get no more than the ceiling checked', async () => {
      const user = await createUser(spread.db)
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => signInFrom(createClient(spread.app), user.email, 'wrong-guess')),
      )
      const statuses = answers.map((a) => a.status)
      expect(statuses.filter((s) => s === 401)).toHaveLength(10)
      expect(statuses.filter((s) => s === 429)).toHaveLength(30)
      // The right password is refused too until the window ends.
      expect((await signInFrom(createClient(spread.app), user.email, TEST_PASSWORD)).status).toBe(429)
    })

    it('sign-in: the right password is no failure, and a known browser’s wrong ones count against 30 of its own', async () => {
      const user = await createUser(spread.db)
      const known = createClient(spread.app)
      for (let i = 0; i < 12; i++)
        expect((await signInFrom(known, user.email, TEST_PASSWORD)).status).toBe(200)
      for (let i = 0; i < 30; i++)
        expect((await signInFrom(known, user.email, 'wrong-guess')).status).toBe(401)
      const refused = await signInFrom(known, user.email, TEST_PASSWORD)
      expect(refused.status).toBe(429)
      expect(refused.body.error.message).toMatch(/^Too many failed sign-ins for this account/)
      // Strangers keep their own ceiling, and another known browser its own.
      expect((await signInFrom(createClient(spread.app), user.email, TEST_PASSWORD)).status).toBe(200)
    })

    it('sign-in: a browser stops being known when the password is changed or reset', async () => {
      for (const how of ['change', 'reset'] as const) {
        const user = await createUser(spread.db)
        const known = createClient(spread.app)
        expect((await signInFrom(known, user.email, TEST_PASSWORD)).status).toBe(200)
        const next = `new-password-${how}-7`
        if (how === 'change') {
          const other = createClient(spread.app)
          expect((await signInFrom(other, user.email, TEST_PASSWORD)).status).toBe(200)
          expect((await changePasswordTo(other, next)).status).toBe(200)
        } else {
          const from = { 'x-forwarded-for': `10.7.0.${ip++ & 255}` }
          await createClient(spread.app).post('/api/auth/forgot-password', { email: user.email }, from)
          let link: string | undefined
          await vi.waitFor(async () => {
            const sent = await mailbox.mailTo(spread, user.email)
            link = sent.flatMap((m) => m.links).find((l) => l.includes('/reset-password'))
            expect(link).toBeDefined()
          })
          const token = new URL(link!).searchParams.get('token')!
          const reset = await createClient(spread.app).post(
            '/api/auth/reset-password',
            { token, password: next },
            from,
          )
          expect(reset.status).toBe(200)
        }
        // Strangers use up the account's ceiling; the once-known browser now waits with them.
        for (let i = 0; i < 10; i++)
          expect((await signInFrom(createClient(spread.app), user.email, 'wrong-guess')).status).toBe(401)
        expect((await signInFrom(known, user.email, next)).status, how).toBe(429)
      }
    })

    it('sign-in: the browser that changed the password stays known', async () => {
      const user = await createUser(spread.db)
      const own = createClient(spread.app)
      expect((await signInFrom(own, user.email, TEST_PASSWORD)).status).toBe(200)
      expect((await changePasswordTo(own, 'new-password-own-7')).status).toBe(200)
      for (let i = 0; i < 10; i++)
        expect((await signInFrom(createClient(spread.app), user.email, 'wrong-guess')).status).toBe(401)
      expect((await signInFrom(own, user.email, 'new-password-own-7')).status).toBe(200)
    })

    it('sign-up: a registered address’s owner is told at most 3 times in 10 minutes', async () => {
      const user = await createUser(spread.db)
      for (let i = 0; i < 6; i++) {
        const res = await createClient(spread.app).post(
          '/api/auth/sign-up',
          signUpBody({ email: user.email }),
          {
            'x-forwarded-for': `10.8.0.${i}`,
          },
        )
        expect(res.status).toBe(201)
      }
      const notices = await mailbox.mailTo(spread, user.email)
      expect(notices).toHaveLength(3)
    })
  })

  it('sign-up: 5 every 10 minutes from one address', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await createClient(limited.app).post('/api/auth/sign-up', signUpBody())).status).toBe(201)
    }
    const body = signUpBody()
    expectLimited(await createClient(limited.app).post('/api/auth/sign-up', body))
    expect(await limited.db.select().from(profiles).where(eq(profiles.email, body.email))).toHaveLength(0)
  })

  it('forgot password and resend: 3 every 10 minutes per email', async () => {
    const email = uniqueEmail()
    for (const path of ['/api/auth/forgot-password', '/api/auth/resend-confirmation']) {
      for (let i = 0; i < 3; i++)
        expect((await createClient(limited.app).post(path, { email })).status).toBe(200)
      expectLimited(await createClient(limited.app).post(path, { email }))
    }
  })
})

describe('API document', () => {
  it('lists every account route with who may call it', async () => {
    const res = await createClient(t.app).get('/api/openapi.json')
    expect(res.status).toBe(200)
    const paths = res.body.paths
    expect(paths['/api/auth/sign-up'].post['x-access']).toBe('public')
    expect(paths['/api/auth/change-password'].post['x-access']).toBe('user')
    expect(paths['/api/profiles/me'].put['x-access']).toBe('user')
    for (const path of [
      '/api/auth/sign-in',
      '/api/auth/sign-out',
      '/api/auth/session',
      '/api/auth/confirm-email',
      '/api/auth/resend-confirmation',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/dev/mail',
    ]) {
      expect(paths[path], path).toBeDefined()
    }
  })
})
