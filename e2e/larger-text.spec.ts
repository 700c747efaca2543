import { expect, type Page, test } from '@playwright/test'
import { earnGameApplied } from './support/full-game'
import { expectFitsScreen, largerText, lineCount } from './support/layout'

// A phone with its text made larger, as many players at the courts have it: at 150% and 200% on a
// 375 px phone nothing runs off the screen, nothing is squeezed to a sliver, and every tab keeps
// a 44 px target (docs/decisions/0224-a-phone-with-larger-text.md).

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

const WIDTH = 375

// Each of the five tabs under the thumb: whole on the screen, its label within its own tab, at
// least 44 px, and the bar no taller than the room the page leaves it.
async function expectTabBarFits(page: Page) {
  const bar = page.getByRole('navigation', { name: 'Quick navigation' })
  const links = await bar.getByRole('link').all()
  expect(links).toHaveLength(5)
  for (const link of links) {
    const box = (await link.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(WIDTH)
    expect(box.height).toBeGreaterThanOrEqual(44)
    expect(box.width).toBeGreaterThanOrEqual(44)
    const label = (await link.locator('span').last().boundingBox())!
    expect(label.x).toBeGreaterThanOrEqual(box.x - 0.5)
    expect(label.x + label.width).toBeLessThanOrEqual(box.x + box.width + 0.5)
  }
  const room = await page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom))
  expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(room + 0.5)
}

// Everything on the screen's width, and the tab bar (fixed, so outside the page's width) too.
async function expectScreenFits(page: Page) {
  await expectFitsScreen(page)
  await expectTabBarFits(page)
}

test('with the phone text at 150% and 200%, the main screens fit a 375 px phone, tabs and cards whole @phone-only', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const tag = Math.random().toString(36).slice(2, 6)
  const { ivy, id, accept } = await earnGameApplied(browser, `Large${tag}`)

  const page = await ivy.context.newPage()
  await page.setViewportSize({ width: WIDTH, height: 812 })
  const card = page.getByRole('article').filter({ hasText: `Ivy Large${tag} & Jon Large${tag}` })

  for (const scale of [1.5, 2]) {
    await page.goto('/playdates')
    await expect(card.getByText('1 pending request')).toBeVisible()
    await largerText(page, scale)
    await expectScreenFits(page)

    // The three PlayDates tabs: each whole on the screen, its name not cut, a 44 px target.
    for (const name of ['My PlayDates', 'Available', 'History']) {
      const tab = page.getByRole('tab', { name })
      const box = (await tab.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(WIDTH)
      expect(box.height).toBeGreaterThanOrEqual(44)
      expect(box.width).toBeGreaterThanOrEqual(44)
      expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    }

    // "Your team earns" reads as words beside or above the request count, not a letter a line.
    const payer = card.getByText('Your team earns', { exact: true })
    expect(await lineCount(payer)).toBeLessThanOrEqual(2)
    expect(await lineCount(card.getByText('1 pending request'))).toBeLessThanOrEqual(2)
    // The team's names break between words, not inside one.
    const heading = card.getByRole('heading')
    const headingBox = (await heading.boundingBox())!
    expect(headingBox.x + headingBox.width).toBeLessThanOrEqual(WIDTH)
    expect(await heading.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    expect(await lineCount(heading)).toBeLessThanOrEqual(4)
  }

  // The screens a player uses at the courts, at 150%.
  const screens = [
    '/dashboard',
    '/playdates?tab=mine',
    '/playdates?tab=available',
    '/playdates?tab=history',
    `/playdates/${id}`,
    '/connections',
    '/profile',
    '/create-playdate',
  ]
  for (const path of screens) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    await largerText(page, 1.5)
    await expectScreenFits(page)
  }

  // Matched: the card's Chat and the PlayDate's team chat fit too.
  await accept()
  await page.goto('/playdates')
  const chat = card.getByRole('link', { name: `Chat with Kim Large${tag} & Lee Large${tag}` })
  await expect(chat).toBeVisible()
  await largerText(page, 1.5)
  await expectScreenFits(page)
  expect((await chat.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  await chat.click()
  await expect(page).toHaveURL(new RegExp(`/playdates/${id}#team-chat$`))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await largerText(page, 1.5)
  await expectScreenFits(page)
})
