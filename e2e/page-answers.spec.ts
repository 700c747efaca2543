import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import {
  befriend,
  createPlayDate,
  createPlayer,
  currentUserId,
  headers,
  signInContext,
} from './support/players'

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

  // Every script asked for from here on waits until the PlayDate has been asked for: a page that
  // asked only once its own chunk had loaded and rendered would never ask.
  let releaseScripts = () => {}
  const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve))
  let heldScripts = 0
  await page.route('**/assets/*.js', async (route) => {
    heldScripts += 1
    await scriptsReleased
    await route.fallback()
  })
  const asked = page.waitForRequest((request) => isPlayDateRead(id)(new URL(request.url())), {
    timeout: 20_000,
  })
  await card.click()
  await asked
  // The page's chunk was still held when the PlayDate was asked for.
  expect(heldScripts).toBeGreaterThan(0)
  releaseScripts()

  await expect(page.getByRole('main').getByText('When', { exact: true })).toBeVisible()
  await ann.close()
})

// The pages of the quick navigation ask for their first answers with the tap too, while their
// chunks are still on their way.
for (const { tab, path, read, from = '/playdates', heading = 'PlayDates' } of [
  { tab: 'Player Connections', path: '/connections', read: '/api/connections' },
  { tab: /^Notifications/, path: '/notifications', read: '/api/notifications' },
  { tab: 'Profile', path: '/profile', read: '/api/profiles/me' },
  { tab: 'PlayDates', path: '/playdates', read: '/api/play-dates', from: '/dashboard', heading: 'Dashboard' },
]) {
  test(`${path} is asked for with the tap on its tab, while its page is still loading @phone-only`, async ({
    browser,
  }) => {
    const context = await signedIn(browser, 'Dee')
    const page = await context.newPage()
    await page.goto(from)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()

    let releaseScripts = () => {}
    const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve))
    let heldScripts = 0
    await page.route('**/assets/*.js', async (route) => {
      heldScripts += 1
      await scriptsReleased
      await route.fallback()
    })
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === read, {
      timeout: 20_000,
    })
    await page.getByRole('navigation', { name: 'Quick navigation' }).getByRole('link', { name: tab }).click()
    await asked
    expect(heldScripts).toBeGreaterThan(0)
    releaseScripts()
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await context.close()
  })
}

// Each tab of a browser held a live stream open, and with it one of the six connections Chromium
// opens to a server: from the sixth tab on, a page's requests waited, unsent, for a tab to close.
// The tabs now share one stream, and each still hears every event.
test('seven tabs of one browser each show their PlayDate, and each hears a live event @phone', async ({
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
