import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

// The page's WCAG A and AA violations, in the light theme and the dark one.
export async function violationsInBothThemes(page: Page) {
  const found: string[] = []
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze()
    found.push(...results.violations.map((v) => `${colorScheme}: ${v.id} ${v.help}`))
  }
  await page.emulateMedia({ colorScheme: 'light' })
  return found
}
