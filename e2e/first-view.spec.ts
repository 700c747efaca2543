import { type Browser, type BrowserContext, expect, test } from '@playwright/test'
import { appOrigin, matchedFoursome, signedInContext } from './support/players'

// A PlayDate's link (a notification, a push, a message) opens on the PlayDate's header before the
// app's scripts have run, and the page then takes its place without moving it
// (docs/decisions/0123-play-date-first-view.md). Only players who may see the PlayDate get it.

const HEADING = 'Looking to Pay Higher Level Players'

// A browser with `player`'s session, `width` wide, with or without its scripts.
async function browserOf(
  browser: Browser,
  player: BrowserContext,
  width: number,
  javaScriptEnabled: boolean,
) {
  return browser.newContext({
    baseURL: appOrigin,
    storageState: await player.storageState(),
    viewport: { width, height: 844 },
    javaScriptEnabled,
  })
}

test("a PlayDate's link shows its header before the app has loaded, then the PlayDate in its place", async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const { players, id } = await matchedFoursome(browser, 'Saturday doubles at Kiwanis')
  const [ann] = players

  const beforeScripts = await browserOf(browser, ann, 390, false)
  const first = await beforeScripts.newPage()
  await first.goto(`/playdates/${id}`)
  const firstHeading = first.getByRole('heading', { level: 1, name: HEADING })
  await expect(firstHeading).toBeVisible()
  await expect(first.getByRole('button', { name: 'Back' })).toBeVisible()
  const where = await firstHeading.boundingBox()

  const withScripts = await browserOf(browser, ann, 390, true)
  const page = await withScripts.newPage()
  await page.goto(`/playdates/${id}`)
  await expect(page.getByText('Status: Matched')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Creator Team' })).toBeVisible()
  expect(await page.getByRole('heading', { level: 1, name: HEADING }).boundingBox()).toEqual(where)

  // On a wide screen the PlayDate opens beside the list, which the app lays out: no header first.
  const wide = await browserOf(browser, ann, 1280, false)
  const widePage = await wide.newPage()
  await widePage.goto(`/playdates/${id}`)
  await expect(widePage.getByRole('heading', { level: 1, name: HEADING })).toBeHidden()

  // A matched game that has not started is open to every signed-in player, who may join its
  // waitlist (docs/decisions/0152): its header shows first for a player not in it too.
  const eve = await signedInContext(browser, 'Eve')
  const stranger = await browserOf(browser, eve, 390, false)
  const strangerPage = await stranger.newPage()
  await strangerPage.goto(`/playdates/${id}`)
  await expect(strangerPage.getByRole('heading', { level: 1, name: HEADING })).toBeVisible()
  for (const context of [beforeScripts, withScripts, wide, stranger, eve, ...players]) await context.close()
})

test('the PlayDates list shows its header before the app has loaded, then the list under it', async ({
  browser,
}) => {
  const ann = await signedInContext(browser, 'Ann')
  const beforeScripts = await browserOf(browser, ann, 390, false)
  const first = await beforeScripts.newPage()
  await first.goto('/playdates')
  const firstHeading = first.getByRole('heading', { level: 1, name: 'PlayDates' })
  await expect(firstHeading).toBeVisible()
  await expect(first.getByRole('link', { name: 'Create PlayDate' })).toBeVisible()
  const where = await firstHeading.boundingBox()

  const withScripts = await browserOf(browser, ann, 390, true)
  const page = await withScripts.newPage()
  await page.goto('/playdates')
  await expect(page.getByRole('tab', { name: 'My PlayDates' })).toBeVisible()
  expect(await page.getByRole('heading', { level: 1, name: 'PlayDates' }).boundingBox()).toEqual(where)

  // Side by side on a wide screen, laid out by the app: nothing before it.
  const wide = await browserOf(browser, ann, 1280, false)
  const widePage = await wide.newPage()
  await widePage.goto('/playdates')
  await expect(widePage.getByRole('heading', { level: 1, name: 'PlayDates' })).toBeHidden()
  for (const context of [beforeScripts, withScripts, wide, ann]) await context.close()
})
