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
// counts as a word. `unlessWider`: a word wider than the line it is in on its own (a long state's
// name in a select's box at 200%) may break; only those that would fit a line count.
export function wordsBrokenInside(locator: Locator, { unlessWider = false } = {}) {
  return locator.evaluate((element, unlessWider) => {
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
        const boxes = [...range.getClientRects()].filter((box) => box.width > 0)
        const tops = boxes.map((box) => box.top)
        if (Math.max(...tops) - Math.min(...tops) <= 2) continue
        if (unlessWider) {
          const line = text.parentElement!
          const style = getComputedStyle(line)
          const room = line.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
          if (boxes.reduce((width, box) => width + box.width, 0) > room) continue
        }
        broken.push(word[0])
      }
    }
    return broken
  }, unlessWider)
}

// The parts of an element that scroll or cut sideways: content wider than its box where the box
// hides it or scrolls it (a table in a frame that scrolls). Text only a screen reader gets (sr-only:
// a 1 px box) is not on screen.
export function sidewaysScrollers(locator: Locator) {
  return locator.evaluate((root) => {
    const found: string[] = []
    for (const element of [root, ...root.querySelectorAll('*')]) {
      if (element.clientWidth <= 1) continue
      if (getComputedStyle(element).overflowX === 'visible') continue
      if (element.scrollWidth > element.clientWidth + 1)
        found.push(`<${element.tagName.toLowerCase()}> ${element.scrollWidth} in ${element.clientWidth}`)
    }
    return found
  })
}

// The selects whose choice is not shown whole: a select draws one line, cut at its box, so each of
// its options is measured against that line, as it would be drawn once chosen. A select drawn over
// by a stand-in (a transparent select over the words of its choice) counts as whole when the
// stand-in shows the chosen option's words, on its box and not cut; a journey chooses each option
// in turn to see them all.
export function selectsCut(locator: Locator) {
  return locator.evaluate((root) => {
    const cut: string[] = []
    const context = document.createElement('canvas').getContext('2d')!
    for (const select of root.querySelectorAll('select')) {
      const box = select.getBoundingClientRect()
      if (box.width === 0) continue
      const chosen = select.selectedOptions[0]?.text ?? ''
      const style = getComputedStyle(select)
      if (style.opacity !== '0') {
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
        // The browser's arrow takes some 1.25em at the end of the box, inside its padding or not.
        const room =
          select.clientWidth -
          parseFloat(style.paddingLeft) -
          Math.max(parseFloat(style.paddingRight), 1.25 * parseFloat(style.fontSize))
        for (const option of select.options) {
          if (context.measureText(option.text).width > room) cut.push(option.text)
        }
        continue
      }
      const standIn = [...(select.parentElement?.querySelectorAll('*') ?? [])].find(
        (element) => !select.contains(element) && element.textContent?.trim() === chosen,
      )
      const shown = standIn?.getBoundingClientRect()
      const whole =
        standIn &&
        shown &&
        shown.left >= box.left - 0.5 &&
        shown.right <= box.right + 0.5 &&
        standIn.scrollWidth <= standIn.clientWidth + 0.5 &&
        standIn.scrollHeight <= standIn.clientHeight + 0.5
      if (!whole) cut.push(chosen)
    }
    return cut
  })
}

// The date fields whose date is not shown whole: a date field draws its date on one line, cut at
// its box, with the calendar's button at its end (some 1.25em, as a select's arrow). Each chosen
// date is measured as the browser writes it in the page's language; an empty field is left out.
export function datesCut(locator: Locator) {
  return locator.evaluate((root) => {
    const cut: string[] = []
    const context = document.createElement('canvas').getContext('2d')!
    const format = new Intl.DateTimeFormat(navigator.language, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    })
    for (const input of root.querySelectorAll<HTMLInputElement>('input[type="date"]')) {
      if (!input.value || input.getBoundingClientRect().width === 0) continue
      const style = getComputedStyle(input)
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      const shown = format.format(new Date(`${input.value}T00:00:00Z`))
      const room =
        input.clientWidth -
        parseFloat(style.paddingLeft) -
        Math.max(parseFloat(style.paddingRight), 1.25 * parseFloat(style.fontSize))
      if (context.measureText(shown).width > room)
        cut.push(`${input.labels?.[0]?.textContent ?? input.id}: ${shown}`)
    }
    return cut
  })
}

// The targets a finger or the keyboard reaches in an element: links, buttons, fields, selects, and
// the labels of check boxes and radios (the tap lands on the label). Each at least 44 px tall and
// wide and whole on the screen's width; returns those that are not.
export function smallTargets(locator: Locator, width: number) {
  return locator.evaluate((root, width) => {
    const small: string[] = []
    const controls = root.querySelectorAll(
      'a[href], button, select, textarea, input:not([type="checkbox"]):not([type="radio"]), label:has(input[type="checkbox"]), label:has(input[type="radio"])',
    )
    for (const control of controls) {
      const box = control.getBoundingClientRect()
      // Folded away, or only a screen reader's (a skip link until it has the focus).
      if (box.width <= 1 || box.height <= 1) continue
      if (box.height < 44 || box.width < 44 || box.left < -0.5 || box.right > width + 0.5) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim()
        small.push(`${name}: ${Math.round(box.width)} × ${Math.round(box.height)} at ${Math.round(box.left)}`)
      }
    }
    return small
  }, width)
}

// Words and targets that overlap one another in an element: each line of text on screen and each
// control's box, where neither holds the other. Words only a screen reader gets, and words hidden
// from it (an icon's, a stand-in's), are left out, and so is a transparent control laid over its
// words; lines may touch by a few pixels (a tight line height).
export function overlaps(locator: Locator) {
  return locator.evaluate((root) => {
    const items: Array<{ name: string; box: DOMRect; node: Node }> = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || !node.textContent?.trim()) continue
      if ((parent.getBoundingClientRect().width ?? 0) <= 1 || parent.closest('[aria-hidden="true"]')) continue
      if (parent.closest('select')) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      for (const box of range.getClientRects()) {
        if (box.width > 0) items.push({ name: `"${node.textContent.trim()}"`, box, node })
      }
    }
    for (const control of root.querySelectorAll('a[href], button, select, input, textarea')) {
      const box = control.getBoundingClientRect()
      // A transparent control laid over what it stands for (a radio over its choice's words).
      if (getComputedStyle(control).opacity === '0') continue
      if (box.width > 1 && box.height > 1)
        items.push({
          name: `<${control.tagName.toLowerCase()}> ${control.textContent?.trim() ?? ''}`,
          box,
          node: control,
        })
    }
    const found: string[] = []
    for (const [index, a] of items.entries()) {
      for (const b of items.slice(index + 1)) {
        if (a.node === b.node || a.node.contains(b.node) || b.node.contains(a.node)) continue
        const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left)
        const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top)
        if (across > 2 && down > 4) found.push(`${a.name} and ${b.name}`)
      }
    }
    return found
  })
}

// The fields whose placeholder is cut at their box: a text field draws its placeholder on one line,
// so a hint longer than the box shows only its start ("Name, city or"). Measured as `selectsCut`
// measures an option.
export function placeholdersCut(locator: Locator) {
  return locator.evaluate((root) => {
    const cut: string[] = []
    const context = document.createElement('canvas').getContext('2d')!
    for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input[placeholder], textarea[placeholder]',
    )) {
      if (field.getBoundingClientRect().width === 0 || !field.placeholder) continue
      const style = getComputedStyle(field)
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      if (context.measureText(field.placeholder).width > room) cut.push(field.placeholder)
    }
    return cut
  })
}
