import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

// axe-core on the page, run in the page itself (`axe.run`, the builder's legacy mode). Its
// default runs axe in each frame and then opens a blank page of the context to put the frames'
// results together: about half a second to a second more per scan, for frames the app does not
// have. The page must have none (a cross-origin frame would go unscanned in this mode), so a
// frame fails the scan instead of being left out.
export function axeOn(page: Page) {
  expect(
    page.frames().map((frame) => frame.url()),
    'axe scans the page itself: a frame needs the default mode',
  ).toHaveLength(1)
  return new AxeBuilder({ page }).setLegacyMode()
}

// The page's WCAG A and AA violations, in the light theme and the dark one.
export async function violationsInBothThemes(page: Page) {
  const found: string[] = []
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
    const results = await axeOn(page)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze()
    found.push(...results.violations.map((v) => `${colorScheme}: ${v.id} ${v.help}`))
  }
  await page.emulateMedia({ colorScheme: 'light' })
  return found
}
