import { expect, type Page } from '@playwright/test'

// The Create PlayDate wizard up to its region step: a Pay game, in the state it starts on.
export async function wizardToRegionStep(page: Page) {
  await page.goto('/create-playdate')
  await page.getByRole('radio', { name: 'Pay to Challenge' }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Select State' })).toBeVisible()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Select Region' })).toBeVisible()
}
