import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connections, partnerListEntries, signupCodes } from '../../db/schema'
import { signedInUser, signUpBody } from '../../testing/factories'
import { mailTo } from '../../testing/mailbox'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  // Trusted proxy: a test picks its own client address through X-Forwarded-For.
  t = await createTestApp({ TRUST_PROXY: 'true' })
})
afterAll(() => t.close())

type Player = Awaited<ReturnType<typeof signedInUser>>

let ipCounter = 0
const freshIp = () => ({ 'x-forwarded-for': `198.51.100.${++ipCounter}` })

async function listOwner(overrides: Parameters<typeof signedInUser>[1] = {}) {
  const [me, friend] = await Promise.all([signedInUser(t, overrides), signedInUser(t)])
  await t.db
    .insert(connections)
    .values({ requesterId: me.profile.id, receiverId: friend.profile.id, type: 'friend', status: 'accepted' })
  const list = await me.client.post('/api/partner-lists', { name: 'Tournament' })
  expect(list.status).toBe(201)
  return { me, friend, listId: list.body.id as string }
}

async function addManual(me: Player, listId: string, body: Record<string, unknown>) {
  const res = await me.client.post(`/api/partner-lists/${listId}/manual-entries`, {
    firstName: 'Riley',
    lastName: 'Invitee',
    ...body,
  })
  expect(res.status).toBe(201)
  return res.body.id as string
}

const unique = () => `invitee-${Math.random().toString(36).slice(2, 10)}@example.com`

describe('sending an invitation', () => {
  it('creates an unused code, emails the link and saves the email on the entry', async () => {
    const { me, listId } = await listOwner({ firstName: 'Ivy', lastName: 'Inviter' })
    const email = unique()
    const entryId = await addManual(me, listId, {})

    const res = await me.client.post(`/api/partner-lists/${listId}/entries/${entryId}/invite`, { email })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, message: `Invitation sent to ${email}` })
    expect(res.body.code).toMatch(/^[1-9][0-9]{6}$/)
    expect(res.body.urlCode).toMatch(/^[a-z0-9]{16}$/)
    expect(res.body.entry).toMatchObject({ id: entryId, email })
    expect(res.body.entry.invitedAt).toEqual(expect.any(String))

    const [code] = await t.db.select().from(signupCodes).where(eq(signupCodes.code, res.body.code))
    expect(code).toMatchObject({
      urlCode: res.body.urlCode,
      createdById: me.profile.id,
      inviteeEmail: email,
      userId: null,
      usedAt: null,
    })

    const [mail] = await mailTo(t, email)
    expect(mail!.subject).toBe('Ivy Inviter invited you to join PickleMatch')
    const link = `http://localhost:3000/invite/${res.body.urlCode}?firstName=Riley&lastName=Invitee&email=${encodeURIComponent(email)}`
    expect(mail!.links).toEqual([link])
    expect(mail!.text).toContain(link)
    expect(mail!.text).toContain('PickleMatch')
    expect(mail!.html).toContain('Ivy Inviter')
    expect(mail!.html).toContain(link.replace(/&/g, '&amp;'))

    const [entry] = await t.db.select().from(partnerListEntries).where(eq(partnerListEntries.id, entryId))
    expect(entry!.email).toBe(email)
    expect(entry!.invitedAt).toBeInstanceOf(Date)
  })

  it('uses the saved email, and a resend repeats the same unused code in a new email', async () => {
    const { me, listId } = await listOwner()
    const email = unique()
    const entryId = await addManual(me, listId, { email })
    const url = `/api/partner-lists/${listId}/entries/${entryId}/invite`

    const first = await me.client.post(url, {})
    expect(first.status).toBe(200)
    const second = await me.client.post(url, {})
    expect(second.status).toBe(200)
    expect(second.body.code).toBe(first.body.code)
    expect(await mailTo(t, email)).toHaveLength(2)
    const codes = await t.db.select().from(signupCodes).where(eq(signupCodes.inviteeEmail, email))
    expect(codes).toHaveLength(1)
  })

  it("refuses an entry without an email: 'No email address available for this partner'", async () => {
    const { me, listId } = await listOwner()
    const entryId = await addManual(me, listId, {})
    const res = await me.client.post(`/api/partner-lists/${listId}/entries/${entryId}/invite`, {})
    expect(res.status).toBe(400)
    expect(res.body.error.message).toBe('No email address available for this partner')
    const bad = await me.client.post(`/api/partner-lists/${listId}/entries/${entryId}/invite`, {
      email: 'nope',
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.fields.email).toBe('Please enter a valid email address')
    const [entry] = await t.db.select().from(partnerListEntries).where(eq(partnerListEntries.id, entryId))
    expect(entry).toMatchObject({ email: null, invitedAt: null })
  })

  it('does not invite a friend, who already has an account', async () => {
    const { me, friend, listId } = await listOwner()
    const added = await me.client.post(`/api/partner-lists/${listId}/friend-entries`, {
      friendId: friend.profile.id,
    })
    const res = await me.client.post(`/api/partner-lists/${listId}/entries/${added.body.id}/invite`, {
      email: unique(),
    })
    expect(res.status).toBe(409)
  })

  it('sends no new code once the invitee joined with the invitation', async () => {
    const { me, listId } = await listOwner()
    const email = unique()
    const entryId = await addManual(me, listId, { email })
    const url = `/api/partner-lists/${listId}/entries/${entryId}/invite`
    const sent = await me.client.post(url, {})
    const joined = await createClient(t.app).post(
      '/api/auth/sign-up',
      signUpBody({ email, signupCode: sent.body.urlCode }),
      freshIp(),
    )
    expect(joined.status).toBe(201)

    const again = await me.client.post(url, {})
    expect(again.status).toBe(409)
    expect(again.body.error.message).toBe('This partner already has an account')
    expect(await t.db.select().from(signupCodes).where(eq(signupCodes.inviteeEmail, email))).toHaveLength(1)
    // The invitation and the confirmation of the new account; no second invitation.
    expect(await mailTo(t, email)).toHaveLength(2)
  })

  it('limits a player to 20 invitations an hour', async () => {
    const { me, listId } = await listOwner()
    const entryId = await addManual(me, listId, { email: unique() })
    const url = `/api/partner-lists/${listId}/entries/${entryId}/invite`
    for (let i = 0; i < 20; i++) expect((await me.client.post(url, {})).status).toBe(200)
    const refused = await me.client.post(url, {})
    expect(refused.status).toBe(429)
    expect(refused.body.error.message).toBe(
      'You have sent many invitations recently. Please try again later.',
    )
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)

    // Another player is not affected.
    const other = await listOwner()
    const otherEntry = await addManual(other.me, other.listId, { email: unique() })
    const ok = await other.me.client.post(
      `/api/partner-lists/${other.listId}/entries/${otherEntry}/invite`,
      {},
    )
    expect(ok.status).toBe(200)
  })
})

describe('checking an invitation code', () => {
  async function invitation() {
    const { me, listId } = await listOwner()
    const email = unique()
    const entryId = await addManual(me, listId, { email })
    const res = await me.client.post(`/api/partner-lists/${listId}/entries/${entryId}/invite`, {})
    return { email, code: res.body.code as string, urlCode: res.body.urlCode as string }
  }

  it('accepts an unused code by its URL code (any case) or its 7-digit code, signed out', async () => {
    const { code, urlCode } = await invitation()
    const visitor = createClient(t.app)
    for (const given of [urlCode, urlCode.toUpperCase(), code]) {
      const res = await visitor.get(`/api/invites/${given}`, freshIp())
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ valid: true, code })
    }
  })

  it("refuses an unknown code with 'Invalid or expired invite code' and a malformed one with 'Invalid invite code'", async () => {
    const visitor = createClient(t.app)
    const unknown = await visitor.get('/api/invites/nosuchcode', freshIp())
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.message).toBe('Invalid or expired invite code')
    const malformed = await visitor.get(`/api/invites/${encodeURIComponent('bad code!')}`, freshIp())
    expect(malformed.status).toBe(400)
    expect(malformed.body.error.message).toBe('Invalid invite code')
  })

  it('refuses a code once it was used to sign up', async () => {
    const { email, urlCode } = await invitation()
    const visitor = createClient(t.app)
    const signedUp = await visitor.post(
      '/api/auth/sign-up',
      signUpBody({ email, signupCode: urlCode }),
      freshIp(),
    )
    expect(signedUp.status).toBe(201)
    const [code] = await t.db.select().from(signupCodes).where(eq(signupCodes.urlCode, urlCode))
    expect(code!.userId).not.toBeNull()
    expect(code!.usedAt).toBeInstanceOf(Date)

    const res = await visitor.get(`/api/invites/${urlCode}`, freshIp())
    expect(res.status).toBe(404)
    expect(res.body.error.message).toBe('Invalid or expired invite code')
    // And it cannot make a second account.
    const again = await visitor.post(
      '/api/auth/sign-up',
      signUpBody({ email: unique(), signupCode: urlCode }),
      freshIp(),
    )
    expect(again.status).toBe(400)
  })

  it('limits checks per address', async () => {
    const visitor = createClient(t.app)
    const ip = freshIp()
    for (let i = 0; i < 30; i++) expect((await visitor.get('/api/invites/nosuchcode', ip)).status).toBe(404)
    const refused = await visitor.get('/api/invites/nosuchcode', ip)
    expect(refused.status).toBe(429)
    expect((await visitor.get('/api/invites/nosuchcode', freshIp())).status).toBe(404)
  })
})
