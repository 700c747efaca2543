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

// The phone's text made larger, as its accessibility setting makes it for many players: the page's
// rem grows by `scale`, and with it every line's text, while the screen stays as wide. Until the
// page is left.
export async function largerText(page: Page, scale = 1.5) {
  await page.addStyleTag({ content: `html { font-size: ${scale * 100}%; }` })
}

// How many lines an element's text takes on screen: its words' boxes, grouped by the line they sit
// on (icons, padding and screen-reader-only text aside).
export const lineCount = (locator: Locator) => linesOf(locator, null)

// How many lines a phrase of an element's text takes on screen ("each pays $12.50 per hour" in
// "Split equally: each pays $12.50 per hour"), however the element is made up inside.
export const phraseLineCount = (locator: Locator, phrase: string) => linesOf(locator, phrase)

// Both, in the page: the boxes of the element's text (or of the phrase, when there is one), then
// the lines they make.
function linesOf(locator: Locator, phrase: string | null) {
  return locator.evaluate((element, phrase) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    const nodes: Text[] = []
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text)
    const boxes: DOMRect[] = []
    if (phrase === null) {
      for (const node of nodes) {
        // Text only a screen reader gets (sr-only: a 1 px box) takes no line on screen.
        if ((node.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        boxes.push(...range.getClientRects())
      }
    } else {
      const text = nodes.map((node) => node.data).join('')
      const start = text.indexOf(phrase)
      if (start < 0) throw new Error(`"${phrase}" is not in "${text}"`)
      const end = start + phrase.length
      const range = document.createRange()
      let offset = 0
      let started = false
      for (const node of nodes) {
        if (!started && start < offset + node.length) {
          range.setStart(node, start - offset)
          started = true
        }
        if (started && end <= offset + node.length) {
          range.setEnd(node, end - offset)
          break
        }
        offset += node.length
      }
      boxes.push(...range.getClientRects())
    }
    const shown = boxes.filter((box) => box.width > 0).sort((a, b) => a.top - b.top)
    let lines = 0
    let bottom = Number.NEGATIVE_INFINITY
    for (const box of shown) {
      if (box.top >= bottom - 2) lines += 1
      bottom = Math.max(bottom, box.bottom)
    }
    return lines
  }, phrase)
}

// The words of an element's text that break inside, over two lines, where a reader expects a
// word whole ("Connection / s"). A hyphen, soft or not, is a place a word may break: each part
// counts as a word.
export function wordsBrokenInside(locator: Locator) {
  return locator.evaluate((element) => {
    const broken: string[] = []
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text
      // Text only a screen reader gets (sr-only: a 1 px box) is not on screen.
      if ((text.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue
      for (const word of text.data.matchAll(/[^\s\u00AD-]+/g)) {
        const range = document.createRange()
        range.setStart(text, word.index)
        range.setEnd(text, word.index + word[0].length)
        const tops = [...range.getClientRects()].filter((box) => box.width > 0).map((box) => box.top)
        if (Math.max(...tops) - Math.min(...tops) > 2) broken.push(word[0])
      }
    }
    return broken
  })
}
