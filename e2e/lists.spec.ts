import { type Browser, expect, test } from '@playwright/test'
import { openLive } from './support/live'
import { appOrigin, befriend, createPlayDate, createPlayer, signInContext } from './support/players'

// A list read a page at a time: when the next page fails to load, the rows already shown stay,
// the list says so under them, and 'Load more' tries again. The PlayDates are made through the
// API; the failure is the network's, for a while.

async function signedIn(browser: Browser, firstName: string) {
  const context = await browser.newContext({ baseURL: appOrigin })
  await signInContext(context, await createPlayer({ firstName }))
  return context
}

test('a page of PlayDates that fails to load keeps the ones shown, and the next try loads it @phone-only', async ({
  browser,
}) => {
  const [ann, ben] = await Promise.all([signedIn(browser, 'Ann'), signedIn(browser, 'Ben')])
  await befriend(ann, ben)
  for (let n = 1; n <= 11; n++) await createPlayDate(ann, ben, `Morning doubles ${n}`)

  const page = await ann.newPage()
  await openLive(page, '/playdates')
  const panel = page.getByRole('tabpanel', { name: 'My PlayDates' })
  // Each card is headed by its team.
  const cards = panel.getByRole('heading', { level: 2 })
  await expect(cards).toHaveCount(10)
  await expect(panel.getByText('Showing 10 of 11')).toBeVisible()

  // The second page cannot be fetched (the app's own tries again included) until the network
  // is back.
  let offline = true
  await page.route(
    (url) => url.pathname === '/api/play-dates' && url.searchParams.get('page') === '2',
    (route) => (offline ? route.abort('failed') : route.fallback()),
  )
  await panel.getByRole('button', { name: 'Load more' }).click()
  await expect(panel.getByRole('alert')).toHaveText('Error loading more. Please try again.', {
    timeout: 20_000,
  })
  await expect(cards).toHaveCount(10)
  await expect(cards.first()).toBeVisible()

  offline = false
  await panel.getByRole('button', { name: 'Load more' }).click()
  await expect(cards).toHaveCount(11)
  await expect(panel.getByRole('alert')).toHaveCount(0)
  await expect(panel.getByRole('button', { name: 'Load more' })).toHaveCount(0)
  await Promise.all([ann.close(), ben.close()])
})

test('a page of notifications that fails to load is told once, under the list, not in a toast as well', async ({
  browser,
}) => {
  const [ann, ben] = await Promise.all([signedIn(browser, 'Ann'), signedIn(browser, 'Ben')])
  await befriend(ann, ben)
  // Each PlayDate Ann makes with Ben tells Ben: with Ann's friend request, more than one page of
  // notifications (20).
  for (let n = 1; n <= 21; n++) await createPlayDate(ann, ben, `Evening doubles ${n}`)

  const page = await ben.newPage()
  await openLive(page, '/notifications')
  const dismissButtons = page.getByRole('button', { name: /^Dismiss .+: / })
  await expect(dismissButtons).toHaveCount(20)

  let offline = true
  await page.route(
    (url) => url.pathname === '/api/notifications' && url.searchParams.has('cursor'),
    (route) => (offline ? route.abort('failed') : route.fallback()),
  )
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Error loading more. Please try again.',
    {
      timeout: 20_000,
    },
  )
  await expect(dismissButtons).toHaveCount(20)
  // A loading toast would be asked for by the effect of the render that showed the list's message,
  // which runs before the app handles the next click, and toasts show in the order asked for: once
  // the toast of a later click is shown, the loading one cannot come any more.
  await dismissButtons.first().click()
  const toaster = page.locator('[data-sonner-toaster]')
  await expect(toaster.getByText('Notification dismissed')).toBeVisible()
  // Read once, not waited for: a toast shown leaves by itself a few seconds later.
  expect(await toaster.getByText('Error loading notifications').count()).toBe(0)

  offline = false
  await page.getByRole('button', { name: 'Load more' }).click()
  // The 21 PlayDates and Ann's friend request, but the one dismissed.
  await expect(dismissButtons).toHaveCount(21)
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0)
  await Promise.all([ann.close(), ben.close()])
})
