import { expect, type Page, test } from '@playwright/test'
import { createPlayer, signInContext } from './support/players'

// Light and dark (docs/decisions/0099-dark-mode.md): the device's setting by default, or the
// player's choice in Profile Settings, kept on the device and on screen from the first paint.

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

// What the page shows: the theme on <html>, and how dark the page's background really is
// (relative luminance, 0 black to 1 white).
async function shownTheme(page: Page) {
  return page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.body)
      .backgroundColor.match(/[\d.]+/g)!
      .slice(0, 3)
      .map((channel) => {
        const c = Number(channel) / 255
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      })
    return {
      theme: document.documentElement.dataset.theme,
      colorScheme: getComputedStyle(document.documentElement).colorScheme,
      themeColor: document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')!.content,
      isDark: 0.2126 * r! + 0.7152 * g! + 0.0722 * b! < 0.05,
    }
  })
}

const dark = { theme: 'dark', colorScheme: 'dark', themeColor: '#14532d', isDark: true }
const light = { theme: 'light', colorScheme: 'light', themeColor: '#15803d', isDark: false }

test('with the device in dark mode and Appearance on System, the app is dark from the first paint', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  // The theme is set before the app's code runs: a page whose script never arrives is dark too.
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort())
  await page.goto('/')
  expect(await shownTheme(page)).toEqual(dark)
  await page.unroute(/\/assets\/index-[^/]+\.js$/)

  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'PickleMatch' })).toBeVisible()
  expect(await shownTheme(page)).toEqual(dark)
  // The device's setting changes: the page follows it at once.
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  expect(await shownTheme(page)).toEqual(light)
})

test('Appearance set to Dark in Profile Settings stays dark after a reload and a sign-out', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await signInContext(page.context(), await createPlayer({ firstName: 'Nox' }))
  await page.goto('/profile')
  const appearance = page.getByRole('group', { name: 'Appearance' })
  await expect(appearance.getByRole('radio')).toHaveCount(3)
  await expect(appearance.getByRole('radio', { name: 'System' })).toBeChecked()
  expect(await shownTheme(page)).toEqual(light)

  // By keyboard: the arrow keys move through the choices, each applied at once.
  await appearance.getByRole('radio', { name: 'System' }).focus()
  await page.keyboard.press('ArrowDown')
  await expect(appearance.getByRole('radio', { name: 'Light' })).toBeChecked()
  await page.keyboard.press('ArrowDown')
  await expect(appearance.getByRole('radio', { name: 'Dark' })).toBeChecked()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  expect(await shownTheme(page)).toEqual(dark)

  await page.reload()
  await expect(
    page.getByRole('group', { name: 'Appearance' }).getByRole('radio', { name: 'Dark' }),
  ).toBeChecked()
  expect(await shownTheme(page)).toEqual(dark)

  // The choice belongs to the device: the landing page after signing out is dark too.
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/$/)
  expect(await shownTheme(page)).toEqual(dark)

  // Light wins over a dark device; System follows it again.
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.evaluate(() => localStorage.setItem('picklematch:appearance', 'light'))
  await page.reload()
  expect(await shownTheme(page)).toEqual(light)
  await page.evaluate(() => localStorage.removeItem('picklematch:appearance'))
  await page.reload()
  expect(await shownTheme(page)).toEqual(dark)
})
