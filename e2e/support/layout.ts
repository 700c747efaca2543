import { expect, type Page } from '@playwright/test'

// Nothing wider than the screen. Measured against the viewport the test asked for: on a phone
// (isMobile) the browser widens its layout viewport to fit wide content, so window.innerWidth
// grows with the overflow and comparing against it hides exactly what this looks for.
export async function expectFitsScreen(page: Page) {
  const width = page.viewportSize()!.width
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

// Available's filters: on a phone they are folded into one line that names them, which opens
// them; from the sm width up they are always open.
export async function openAvailableFilters(page: Page) {
  await expect(page.getByRole('tab', { name: 'Available', selected: true })).toBeVisible()
  const fold = page.getByRole('button', { name: /Filters$/ })
  if (await fold.isVisible()) {
    await fold.click()
    await expect(fold).toHaveAttribute('aria-expanded', 'true')
  }
}
