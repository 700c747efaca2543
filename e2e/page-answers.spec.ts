import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import {
  befriend,
  createPlayDate,
  createPlayer,
  currentUserId,
  headers,
  matchedFoursome,
  signInAdmin,
  signInContext,
} from './support/players'
import { wizardToRegionStep } from './support/wizard'

// A page asks for its data at once: not once its scripts have loaded and rendered, nor once the
// live stream or the network looks ready (docs/decisions/0149-a-page-asks-for-its-data-at-once.md).
// Each journey slows the piece the page could wait on, by holding its requests, and never sleeps.

async function signedIn(browser: Browser, firstName: string) {
  const { viewport, isMobile, hasTouch, baseURL } = test.info().project.use
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch })
  await signInContext(context, await createPlayer({ firstName }))
  return context
}

const isPlayDateRead = (id: string) => (url: URL) => url.pathname === `/api/play-dates/${id}`

// Holds every script the page asks for from here on, taps, and waits until each read is asked
// for: a page that asked only once its own chunk had loaded and rendered would never ask. Then
// lets the scripts go.
async function askedWhileScriptsHeld(page: Page, reads: ((url: URL) => boolean)[], tap: () => Promise<void>) {
  let releaseScripts = () => {}
  const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve))
  let heldScripts = 0
  await page.route('**/assets/*.js', async (route) => {
    heldScripts += 1
    await scriptsReleased
    await route.fallback()
  })
  const asked: URL[] = []
  page.on('request', (request) => asked.push(new URL(request.url())))
  await tap()
  // Every read asked for: a failure names the places in `reads` of those that were not.
  await expect
    .poll(() => reads.flatMap((isRead, place) => (asked.some(isRead) ? [] : [place])), { timeout: 20_000 })
    .toEqual([])
  // The page's chunk is asked for too, and held: the answers did not wait for it. The app asks
  // for the answers first and the chunk an instant later, so its request may reach this test
  // after theirs.
  await expect.poll(() => heldScripts).toBeGreaterThan(0)
  releaseScripts()
}

const isRead = (pathname: string) => (url: URL) => url.pathname === pathname

// The first card of My PlayDates, once the list shows it.
async function firstCard(page: Page) {
  const card = page
    .getByRole('tabpanel', { name: 'My PlayDates' })
    .getByRole('heading', { level: 2 })
    .first()
    .getByRole('link')
  await expect(card).toBeVisible()
  return card
}

async function annWithPlayDate(browser: Browser): Promise<{ ann: BrowserContext; id: string }> {
  const [ann, ben] = await Promise.all([signedIn(browser, 'Ann'), signedIn(browser, 'Ben')])
  await befriend(ann, ben)
  const id = await createPlayDate(ann, ben, 'Morning doubles at Kiwanis')
  await ben.close()
  return { ann, id }
}

test('a PlayDate opened from My PlayDates is asked for with the tap, while its page is still loading @phone', async ({
  browser,
}) => {
  const { ann, id } = await annWithPlayDate(browser)
  const page = await ann.newPage()
  await page.goto('/playdates')
  const card = await firstCard(page)

  await askedWhileScriptsHeld(page, [isPlayDateRead(id)], () => card.click())

  await expect(page.getByRole('main').getByText('When', { exact: true })).toBeVisible()
  await ann.close()
})

// A player in a matched PlayDate reads its chat on its page: the chat is asked for with the same
// tap, once the PlayDate says the player is in it, while the page's scripts are still held.
test('a matched PlayDate’s chat is asked for with the tap that opens it @phone-only', async ({ browser }) => {
  const { players, id } = await matchedFoursome(browser, 'Doubles with a chat at Kiwanis')
  const [ann] = players
  const page = await ann.newPage()
  await page.goto('/playdates')
  const card = await firstCard(page)

  await askedWhileScriptsHeld(page, [isPlayDateRead(id), isRead(`/api/play-dates/${id}/messages`)], () =>
    card.click(),
  )

  await expect(page.getByRole('region', { name: 'Message thread' })).toBeVisible()
  await Promise.all(players.map((player) => player.close()))
})

// The pages of the quick navigation ask for their first answers with the tap too, while their
// chunks are still on their way: the page's first answer and what its parts read as they show
// (the dashboard's friends' activity, the tabs' counts, Profile Settings' cards).
for (const { tab, path, reads, from = '/playdates', heading = 'PlayDates' } of [
  { tab: 'Dashboard', path: '/dashboard', reads: ['/api/home', '/api/connections/activity'] },
  {
    tab: 'Player Connections',
    path: '/connections',
    reads: ['/api/connections', '/api/connections/summary'],
  },
  { tab: /^Notifications/, path: '/notifications', reads: ['/api/notifications'] },
  {
    tab: 'Profile',
    path: '/profile',
    reads: [
      '/api/profiles/me',
      '/api/profiles/me/privacy',
      '/api/profiles/me/location',
      '/api/profiles/me/sub-availability',
      '/api/venues',
      '/api/notification-preferences',
      '/api/push/config',
      '/api/notification-preferences/quiet-hours',
      '/api/calendar-feed',
    ],
  },
  {
    tab: 'PlayDates',
    path: '/playdates',
    reads: ['/api/play-dates'],
    from: '/dashboard',
    heading: 'Dashboard',
  },
]) {
  test(`${path} is asked for with the tap on its tab, while its page is still loading @phone-only`, async ({
    browser,
  }) => {
    const context = await signedIn(browser, 'Dee')
    const page = await context.newPage()
    await page.goto(from)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()

    const tabs = page.getByRole('navigation', { name: 'Quick navigation' })
    await askedWhileScriptsHeld(page, reads.map(isRead), () => tabs.getByRole('link', { name: tab }).click())
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await context.close()
  })
}

// Available and the pages off the navigation bar ask for their first answers with the tap as well
// (app/more-page-answers.ts), each from where a player finds it.
const livesInEastValley = async (context: BrowserContext) => {
  const res = await context.request.put('/api/profiles/me/home', {
    headers,
    data: { homeState: 'AZ', homeRegion: 'east_valley' },
  })
  expect(res.status(), await res.text()).toBe(200)
}

const openDashboard = async (page: Page) => {
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
}

test('Available is asked for with the tap, for the week its link names and the player’s home area @phone-only', async ({
  browser,
}) => {
  const context = await signedIn(browser, 'Eve')
  await livesInEastValley(context)
  const page = await context.newPage()
  await openDashboard(page)
  const isAvailableRead = (url: URL) =>
    url.pathname === '/api/play-dates' &&
    url.searchParams.get('tab') === 'available' &&
    url.searchParams.get('when') === 'week' &&
    url.searchParams.get('state') === 'AZ' &&
    url.searchParams.get('region') === 'east_valley'
  const find = page.getByRole('region', { name: 'Your next games' }).getByRole('link', { name: 'Find one' })
  // Whether distances are offered comes from the player's home location, asked for with it.
  await askedWhileScriptsHeld(page, [isAvailableRead, isRead('/api/profiles/me/location')], () =>
    find.click(),
  )
  await expect(page.getByRole('tab', { name: 'Available', selected: true })).toBeVisible()
  await context.close()
})

for (const { widget, reads } of [
  { widget: 'SUPR Builder', reads: ['/api/players'] },
  { widget: 'Partner Lists', reads: ['/api/partner-lists', '/api/partner-lists/friends'] },
  { widget: 'Groups', reads: ['/api/groups'] },
]) {
  test(`${widget} is asked for with the tap on its card on the dashboard @phone-only`, async ({
    browser,
  }) => {
    const context = await signedIn(browser, 'Fay')
    const page = await context.newPage()
    await openDashboard(page)
    const card = page.getByRole('link', { name: widget, exact: true })
    await askedWhileScriptsHeld(page, reads.map(isRead), () => card.click())
    await expect(page.getByRole('heading', { level: 1, name: widget })).toBeVisible()
    await context.close()
  })
}

test('the wizard’s partner step is asked for with the tap on Continue @phone-only', async ({ browser }) => {
  const context = await signedIn(browser, 'Gus')
  await livesInEastValley(context)
  const page = await context.newPage()
  await wizardToRegionStep(page)
  const next = page.getByRole('button', { name: 'Continue' })
  await askedWhileScriptsHeld(page, [isRead('/api/play-dates/partner-options')], () => next.click())
  await expect(page).toHaveURL(/\/create-playdate\/details/)
  await context.close()
})

test('Signup Codes are asked for with the tap on their card in the Admin Dashboard @phone-only', async ({
  browser,
}) => {
  const { viewport, isMobile, hasTouch, baseURL } = test.info().project.use
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch })
  await signInAdmin(context)
  const page = await context.newPage()
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
  const manage = page.getByRole('button', { name: 'Manage Signup Codes' })
  await askedWhileScriptsHeld(page, [isRead('/api/admin/signup-codes')], () => manage.click())
  await expect(page.getByRole('heading', { level: 1, name: 'Signup Codes' })).toBeVisible()
  await context.close()
})

test('a player’s profile is asked for with the tap on their name on a PlayDate’s page @phone-only', async ({
  browser,
}) => {
  const { ann, id } = await annWithPlayDate(browser)
  const page = await ann.newPage()
  await page.goto(`/playdates/${id}`)
  const who = page.getByRole('main').getByText('Who', { exact: true }).locator('..')
  const name = who.getByRole('link').nth(1)
  await expect(name).toBeVisible()
  const profile = (await name.getAttribute('href'))!
  const profileId = profile.split('/').at(-1)!
  await askedWhileScriptsHeld(page, [isRead(`/api/profiles/${profileId}`)], () => name.click())
  await expect(page).toHaveURL(new RegExp(`${profile}$`))
  await ann.close()
})

// A partner invitation opens from its email's link, signed out: the invitation is asked about as
// the app loads, while the page's own script is still held.
test('a partner invitation is asked about as its page loads, before the page’s script has come @phone-only', async ({
  browser,
}) => {
  const { viewport, isMobile, hasTouch, baseURL } = test.info().project.use
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch })
  const page = await context.newPage()
  let releasePage = () => {}
  const pageReleased = new Promise<void>((resolve) => (releasePage = resolve))
  await page.route('**/assets/invite-*.js', async (route) => {
    await pageReleased
    await route.fallback()
  })
  const asked = page.waitForRequest((request) => isRead('/api/invites/NOSUCH7')(new URL(request.url())), {
    timeout: 20_000,
  })
  await page.goto('/invite/NOSUCH7', { waitUntil: 'commit' })
  await asked
  releasePage()
  await expect(page.getByRole('heading', { level: 1, name: 'Partner Invitation' })).toBeVisible()
  await context.close()
})

// A browser that says it is offline looks for the views kept from the last visit first, and their
// module comes with the signed-in shell's chunk. The guess can be wrong: with that chunk slow to
// come, the page still asks for its data.
test('a page asks for its data when the browser wrongly says it is offline and the kept views are slow to load @phone-only', async ({
  browser,
}) => {
  const context = await signedIn(browser, 'Hal')
  await context.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'onLine', { get: () => false }),
  )
  const page = await context.newPage()
  let releaseShell = () => {}
  const shellReleased = new Promise<void>((resolve) => (releaseShell = resolve))
  await page.route('**/assets/signed-in-*.js', async (route) => {
    await shellReleased
    await route.fallback()
  })
  const asked = page.waitForRequest((request) => isRead('/api/notifications')(new URL(request.url())), {
    timeout: 20_000,
  })
  await page.goto('/notifications', { waitUntil: 'commit' })
  await asked
  releaseShell()
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
  await context.close()
})

// Each tab of a browser held a live stream open, and with it one of the six connections Chromium
// opens to a server: from the sixth tab on, a page's requests waited, unsent, for a tab to close.
// The tabs now share one stream, and each still hears every event.
test('seven tabs of one browser each show their PlayDate, and each hears a live event @phone-only', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const { ann, id } = await annWithPlayDate(browser)
  const tabs: Page[] = []
  for (let tab = 1; tab <= 7; tab++) {
    const page = await ann.newPage()
    const streamOpened = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/events',
      {
        timeout: 30_000,
      },
    )
    await page.goto(`/playdates/${id}`)
    await expect(page.getByRole('main').getByText('When', { exact: true })).toBeVisible()
    await streamOpened
    tabs.push(page)
  }

  // Ben's acceptance of Ann's friend request is her one unread notification so far.
  const bell = (page: Page, unread: number) =>
    page.getByRole('link', { name: new RegExp(`^Notifications\\W+${unread} unread`) }).first()
  await expect(bell(tabs[6]!, 1)).toBeVisible()
  const cat = await signedIn(browser, 'Cat')
  const sent = await cat.request.post('/api/connections/friend-requests', {
    headers,
    data: { receiverId: await currentUserId(ann) },
  })
  expect(sent.status(), await sent.text()).toBe(201)
  for (const page of tabs) await expect(bell(page, 2)).toBeVisible()
  await Promise.all([ann.close(), cat.close()])
})
