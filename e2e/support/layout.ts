import { expect, type Locator, type Page } from '@playwright/test'

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

// How many lines an element's text takes on screen: its words' boxes, grouped by the line they sit
// on (icons, padding and screen-reader-only text aside).
export async function lineCount(locator: Locator) {
  return locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    const boxes: DOMRect[] = []
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // Text only a screen reader gets (sr-only: a 1 px box) takes no line on screen.
      if ((node.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      boxes.push(...[...range.getClientRects()].filter((box) => box.width > 0))
    }
    boxes.sort((a, b) => a.top - b.top)
    let lines = 0
    let bottom = Number.NEGATIVE_INFINITY
    for (const box of boxes) {
      if (box.top >= bottom - 2) lines += 1
      bottom = Math.max(bottom, box.bottom)
    }
    return lines
  })
}
