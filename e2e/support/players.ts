import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  request as playwrightRequest,
} from '@playwright/test'

// Helpers for journeys: players are made through the real API (sign-up, the confirmation
// link from the development mailbox), so a journey spends its time on what it tests.

export interface Player {
  email: string
  password: string
  firstName: string
  lastName: string
}

let counter = 0
export const uniqueEmail = (name: string) =>
  `${name.toLowerCase()}-${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 5)}@example.com`

// State changes need the app's own Origin (the server refuses cross-site requests).
export const appOrigin = `http://localhost:${process.env.E2E_PORT ?? 3100}`
export const headers = { origin: appOrigin }

// The newest link containing `path` in the development mailbox for the address.
export async function linkFromMailbox(request: APIRequestContext, email: string, path: string) {
  let link: string | undefined
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)
      const messages = (await res.json()) as Array<{ links: string[] }>
      link = messages.flatMap((m) => m.links).find((l) => l.includes(path))
      return link
    })
    .toBeTruthy()
  return link!
}

// A confirmed player, made in a request context of its own (confirming signs in, and that
// session must not replace the caller's).
export async function createPlayer(
  overrides: Partial<Player> & {
    gender?: 'male' | 'female'
    duprRating?: number
    // Signs up with "I don't have a DUPR rating yet": the self rating counts instead.
    noDuprRating?: boolean
    selfRating?: number
    birthdate?: string
    zipCode?: string
    signupCode?: string
  } = {},
): Promise<Player> {
  const firstName = overrides.firstName ?? 'Pat'
  const player: Player = {
    firstName,
    lastName: overrides.lastName ?? `Player${Math.random().toString(36).slice(2, 7)}`,
    email: overrides.email ?? uniqueEmail(firstName),
    password: overrides.password ?? 'pickle-pass-1',
  }
  const request = await playwrightRequest.newContext({ baseURL: appOrigin })
  const signUp = await request.post('/api/auth/sign-up', {
    headers,
    data: {
      ...player,
      gender: overrides.gender ?? 'female',
      ...(overrides.noDuprRating ? { noDuprRating: true } : { duprRating: overrides.duprRating ?? 3.5 }),
      selfRating: overrides.selfRating ?? 3.5,
      birthdate: overrides.birthdate ?? '1990-06-15',
      zipCode: overrides.zipCode ?? '85004',
      consent: true,
      ...(overrides.signupCode ? { signupCode: overrides.signupCode } : {}),
    },
  })
  expect(signUp.status(), await signUp.text()).toBe(201)
  const link = await linkFromMailbox(request, player.email, '/email-confirmation')
  const token = new URL(link).searchParams.get('token')
  const confirmed = await request.post('/api/auth/confirm-email', { headers, data: { token } })
  expect(confirmed.status(), await confirmed.text()).toBe(200)
  // Sign-up takes the home area (where Available and the wizard open) from the ZIP code; the
  // journeys' players start without one, so their lists show every state: a journey that wants
  // one sets it.
  const cleared = await request.put('/api/profiles/me/home', {
    headers,
    data: { homeState: null, homeRegion: null },
  })
  expect(cleared.status(), await cleared.text()).toBe(200)
  await request.dispose()
  return player
}

// Signs the browser context in through the API: its pages share the session cookie.
export async function signInContext(context: BrowserContext, player: Player) {
  const res = await context.request.post('/api/auth/sign-in', {
    headers,
    data: { email: player.email, password: player.password },
  })
  expect(res.status(), await res.text()).toBe(200)
}

export async function currentUserId(context: BrowserContext) {
  const res = await context.request.get('/api/auth/session')
  const body = (await res.json()) as { user: { id: string } | null }
  if (!body.user) throw new Error('this browser context is not signed in')
  return body.user.id
}

// Two signed-in contexts become friends through the connections API.
export async function befriend(a: BrowserContext, b: BrowserContext) {
  const receiverId = await currentUserId(b)
  const sent = await a.request.post('/api/connections/friend-requests', { headers, data: { receiverId } })
  expect(sent.status(), await sent.text()).toBe(201)
  const { id } = (await sent.json()) as { id: string }
  const accepted = await b.request.post(`/api/connections/${id}/accept`, { headers })
  expect(accepted.status(), await accepted.text()).toBe(200)
}

// An open PlayDate posted through the API by `creator` alone: their side wants a partner
// (docs/decisions/0137-spots-and-solo-teams.md). `fields` replace the defaults (a date, an
// amount, a group); returns its id.
export async function postPlayDate(
  creator: BrowserContext,
  description: string,
  fields: Record<string, unknown> = {},
) {
  const res = await creator.request.post('/api/play-dates', {
    headers,
    data: {
      type: 'challenge',
      state: 'AZ',
      regions: ['east_valley'],
      partnerWanted: true,
      amount: 30,
      description,
      // 8:00 AM a week from today.
      startDate: new Date(Date.now() + 7 * 24 * 60 * 60_000).toISOString().slice(0, 10),
      startTime: '08:00',
      ...fields,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { id: string }).id
}

// An open PlayDate created through the API by `creator` with `partner` (already friends);
// `fields` replace the defaults (a date, an amount, a venue).
export async function createPlayDate(
  creator: BrowserContext,
  partner: BrowserContext,
  description: string,
  fields: Record<string, unknown> = {},
) {
  const partnerId = await currentUserId(partner)
  return postPlayDate(creator, description, { partnerWanted: false, partnerId, ...fields })
}

// A new player with this first name, signed in in a browser context of their own.
export async function signedInContext(browser: Browser, firstName: string) {
  const context = await browser.newContext({ baseURL: appOrigin })
  await signInContext(context, await createPlayer({ firstName }))
  return context
}

// `applicant` applies to the open PlayDate `id` with `applicantPartner` (friends), and its
// `creator` accepts them: the PlayDate is matched.
export async function applyAndAccept(
  creator: BrowserContext,
  applicant: BrowserContext,
  applicantPartner: BrowserContext,
  id: string,
) {
  const applied = await applicant.request.post(`/api/play-dates/${id}/requests`, {
    headers,
    data: { partnerId: await currentUserId(applicantPartner) },
  })
  expect(applied.status(), await applied.text()).toBe(201)
  const { id: requestId } = (await applied.json()) as { id: string }
  const accepted = await creator.request.post(`/api/play-dates/requests/${requestId}/accept`, { headers })
  expect(accepted.status(), await accepted.text()).toBe(200)
}

// Four players (two pairs of friends) matched through the API: the first pair's open PlayDate,
// the second pair's application, accepted. Returns the contexts in that order and the PlayDate.
export async function matchedFoursome(browser: Browser, description: string) {
  const [creator, partner, applicant, applicantPartner] = await Promise.all(
    ['Ann', 'Ben', 'Cat', 'Dan'].map((name) => signedInContext(browser, name)),
  )
  await befriend(creator!, partner!)
  await befriend(applicant!, applicantPartner!)
  const id = await createPlayDate(creator!, partner!, description)
  await applyAndAccept(creator!, applicant!, applicantPartner!, id)
  return { players: [creator!, partner!, applicant!, applicantPartner!] as const, id }
}

// The e2e server makes this address an admin at sign-up (ADMIN_EMAIL in playwright.config.ts).
export const E2E_ADMIN: Player = {
  email: 'admin@e2e.picklematch.test',
  password: 'admin-pass-1',
  firstName: 'Ada',
  lastName: 'Admin',
}

// Signs the context in as the admin, creating the account on first use in a run. Two journeys
// running at once can both find no admin and both sign up: the second sign-up only mails "already
// has one", and either confirmation may come first. Whichever journey makes the account, both sign
// in once it is confirmed.
export async function signInAdmin(context: BrowserContext) {
  const signIn = async () =>
    (
      await context.request.post('/api/auth/sign-in', {
        headers,
        data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
      })
    ).status()
  if ((await signIn()) === 200) return
  try {
    await createPlayer(E2E_ADMIN)
  } catch {
    // Made (or confirmed) by the other journey at the same moment.
  }
  await expect.poll(signIn, { timeout: 15_000 }).toBe(200)
}

// Adds a venue as an admin (`request` signed in as one): an outdoor one in Tempe, in the East Valley,
// unless `venue` says otherwise. Returns its id.
export async function addVenue(
  request: APIRequestContext,
  venue: { name: string } & Record<string, unknown>,
) {
  const res = await request.post('/api/admin/venues', {
    headers,
    data: {
      address: '6111 S All-America Way',
      city: 'Tempe',
      state: 'AZ',
      region: 'east_valley',
      courts: 6,
      setting: 'outdoor',
      ...venue,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { id: string }).id
}

// Moves the server's clock (TEST_CLOCK) by `minutes` and runs the jobs that became due. A
// journey that moves it forward moves it back before it ends, so the journeys after it keep
// real time.
export async function moveClock(request: APIRequestContext, minutes: number) {
  const res = await request.post('/api/test/clock', { headers, data: { advanceMinutes: minutes } })
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as { now: string; jobsRun: number }
}
