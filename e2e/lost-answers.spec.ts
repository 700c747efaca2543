import { type Browser, expect, test } from '@playwright/test'
import { appOrigin, befriend, createPlayer, signInContext } from './support/players'

// At the courts an answer can be lost on the way back: the server did the work, the phone never
// heard. The player tries again, and gets what the first try made, not a second one.

async function signedIn(browser: Browser, firstName: string, lastName: string) {
  const context = await browser.newContext({ baseURL: appOrigin })
  await signInContext(context, await createPlayer({ firstName, lastName }))
  return context
}

test('a PlayDate whose answer was lost is created once when the player tries again @phone-only', async ({
  browser,
}) => {
  const [gia, hal] = await Promise.all([signedIn(browser, 'Gia', 'Gomez'), signedIn(browser, 'Hal', 'Hart')])
  await befriend(gia, hal)
  const page = await gia.newPage()

  await page.goto('/create-playdate')
  await page.getByRole('radio', { name: 'Earn Teaching' }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('radio', { name: /Florida/ }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  // Each click waits for its step: a loaded machine can still show the step before, whose
  // button has the same name.
  await expect(page.getByRole('heading', { level: 1, name: 'Select Region' })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: /Statewide/ })).toBeChecked()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: /Hal Hart/ }).click()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('spinbutton', { name: 'Amount to Earn (per hour)' })).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('textbox', { name: 'Description' }).fill('Sunday drills at Flamingo Park')

  // The first try reaches the server, and its answer never comes back.
  let lost = 0
  await page.route(
    (url) => url.pathname === '/api/play-dates',
    async (route) => {
      if (route.request().method() !== 'POST' || lost > 0) return route.fallback()
      lost++
      const answer = await route.fetch()
      expect(answer.status()).toBe(201)
      await route.abort('failed')
    },
  )
  const create = page.getByRole('button', { name: 'Create PlayDate' })
  await create.click()
  await expect(
    page.locator('[data-sonner-toaster]').getByText('Network request failed: Failed to fetch'),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/create-playdate\/details/)

  await create.click()
  await expect(page.locator('[data-sonner-toaster]').getByText('PlayDate created successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/playdates\/[0-9a-f-]{36}$/)
  await page.goto('/playdates')
  const panel = page.getByRole('tabpanel', { name: 'My PlayDates' })
  await expect(panel.getByText('Showing 1 of 1')).toBeVisible()
  await expect(panel.getByRole('heading', { level: 2, name: 'Gia Gomez & Hal Hart' })).toHaveCount(1)
  const mine = await gia.request.get('/api/play-dates?tab=mine')
  const body = (await mine.json()) as { items: Array<{ description: string }> }
  expect(body.items.filter((p) => p.description === 'Sunday drills at Flamingo Park')).toHaveLength(1)
  expect(lost).toBe(1)
  await Promise.all([gia.close(), hal.close()])
})
