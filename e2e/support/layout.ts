import { expect, type Page } from '@playwright/test'

// Nothing wider than the screen. Measured against the viewport the test asked for: on a phone
// (isMobile) the browser widens its layout viewport to fit wide content, so window.innerWidth
// grows with the overflow and comparing against it hides exactly what this looks for.
export async function expectFitsScreen(page: Page) {
  const width = page.viewportSize()!.width
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}
