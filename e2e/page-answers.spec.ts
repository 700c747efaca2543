import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { befriend, createPlayDate, createPlayer, signInContext } from './support/players'

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
