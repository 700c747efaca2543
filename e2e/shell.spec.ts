import { expect, test, type Page } from '@playwright/test'
import { violationsInBothThemes } from './support/axe'
import {
  appOrigin,
  createPlayer,
  currentUserId,
  type Player,
  signInAdmin,
  signInContext,
} from './support/players'
import { expectFitsScreen } from './support/layout'

const suffix = 'PickleMatch | Level Up Your Match'

// Uncaught exceptions in the page fail the test.
test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

test.describe('signed out', () => {
  test('the landing page shows the product, the tagline and the cards', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveTitle(`Home | ${suffix}`)
    await expect(page.getByRole('heading', { level: 1, name: 'PickleMatch' })).toBeVisible()
    await expect(page.getByText('Level Up Your Match', { exact: true }).first()).toBeVisible()

    const main = page.getByRole('main')
    for (const card of ['PlayDates', 'Player Connections', 'SUPR Builder', 'Partner Lists', 'AI Referee']) {
      const heading = page.getByRole('heading', { level: 3, name: card, exact: true })
      await expect(main.getByRole('heading', { level: 3, name: card, exact: true })).toBeVisible()
      await expect(main.getByRole('listitem').filter({ has: heading }).getByRole('link')).toHaveText(
        'Sign In or Sign Up Now',
      )
    }
    const easyRating = main
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Easy Rating', exact: true }) })
    await expect(easyRating.getByText('Coming soon')).toBeVisible()
    await expect(easyRating.getByRole('link')).toHaveCount(0)
  })

  test('the Sign In button in the header goes to /signin', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/signin$/)
  })

  test('a card call to action goes to /signin', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: 'Sign In or Sign Up Now' }).first().click()
    await expect(page).toHaveURL(/\/signin$/)
  })

  test('a signed-in page sends a signed-out visitor to the landing page, and signing in comes back', async ({
    page,
  }) => {
    const player = await createPlayer({ firstName: 'Linked' })
    // A link from an email, opened signed out.
    await page.goto('/playdates?tab=history')
    await expect(page).toHaveURL(/\/$/)
    await expect(page).toHaveTitle(`Home | ${suffix}`)
    await expect(page.getByRole('status').filter({ hasText: 'Sign in to continue' })).toHaveText(
      'Sign in to continue to the page you were on.',
    )
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click()
    await page.getByLabel('Email').fill(player.email)
    await page.getByLabel('Password').fill(player.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/playdates\?tab=history$/)
    await expect(page.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true')
    // A new player's History is empty, and says what it will hold.
    await expect(page.getByText('No past PlayDates')).toBeVisible()
    await expect(page.getByText('Your PlayDates move here once they are over, played or not.')).toBeVisible()
  })

  test('an unknown path shows Page Not Found with a way home', async ({ page }) => {
    await page.goto('/no/such/page')
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
    await expect(page).toHaveTitle(`Page Not Found | ${suffix}`)
    await page.getByRole('link', { name: 'Back to Home' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page).toHaveTitle(`Home | ${suffix}`)
  })

  test('Easy Rating is a coming-soon page open to anyone', async ({ page }) => {
    await page.goto('/ratings')
    await expect(page).toHaveTitle(`Easy Rating | ${suffix}`)
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1, name: 'Easy Rating' })).toBeVisible()
    await expect(main.getByText('Coming soon')).toBeVisible()
  })

  // The landing page comes rendered in its HTML (docs/decisions/0106): the app renders the same
  // page over it, and focus stays on the control a visitor had already reached.
  test('a Tab before the app has loaded keeps its place when the app takes over', async ({ page }) => {
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/', { waitUntil: 'commit' })
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    const before = await skip.elementHandle()
    release()
    // The app has rendered when the link is a new element.
    await expect.poll(() => skip.evaluate((link, old) => link !== old, before)).toBe(true)
    await expect(skip).toBeFocused()
  })

  test('the first Tab reaches the skip link, which moves focus to the content', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('main')).toBeFocused()
  })

  test('the landing page’s footer lists help and legal pages @phone', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    for (const name of [
      'About Us',
      'Help/FAQ',
      'Glossary',
      'Road Map',
      'Terms of Service',
      'Privacy Policy',
    ]) {
      await expect(footer.getByRole('link', { name })).toBeVisible()
    }
    await expect(footer.getByRole('heading', { name: 'Legal' })).toBeVisible()
    await expect(footer.getByRole('heading', { name: 'Admin' })).toHaveCount(0)
  })

  test('a page other than the landing page ends in the one-line footer', async ({ page }) => {
    await page.goto('/signin')
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toBeVisible()
    await expect(footer.getByRole('heading')).toHaveCount(0)
  })

  test('the landing page fits a 375 px phone screen @phone-only', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'PickleMatch' })).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'AI Referee' })).toBeAttached()
    await expectFitsScreen(page)
  })
})

// The shell's behaviour for a signed-in player: real accounts, signed in through the API.
let jane: Player
test.beforeAll(async () => {
  jane = await createPlayer({ firstName: 'Jane', lastName: 'Doe' })
})

async function signInAs(page: Page, player?: Player) {
  if (player) await signInContext(page.context(), player)
  else await signInAdmin(page.context())
}

test.describe('signed in', () => {
  test('the landing page sends a signed-in player to the dashboard', async ({ page }) => {
    await signInAs(page, jane)
    await page.goto('/')
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page).toHaveTitle(`Dashboard | ${suffix}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  })

  test('the dashboard shows the navigation, the welcome line and the widgets', async ({ page }) => {
    // A Jane of her own: the friend request below must not leave the shared Jane with an unread badge.
    await signInAs(page, await createPlayer({ firstName: 'Jane', lastName: 'Doe' }))
    // Someone asks Jane to be friends: one unread notification.
    const asker = await page.context().browser()!.newContext()
    await signInContext(asker, await createPlayer({ firstName: 'Asker' }))
    const sent = await asker.request.post('/api/connections/friend-requests', {
      headers: { origin: appOrigin },
      data: { receiverId: await currentUserId(page.context()) },
    })
    expect(sent.status()).toBe(201)
    await asker.close()
    await page.goto('/dashboard')
    await expect(page.getByText('Welcome, Jane Doe')).toBeVisible()

    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', { name: 'PlayDates' })).not.toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', { name: 'Notifications (1 unread)' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0)

    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: 'PlayDates' })).toHaveAttribute('href', '/playdates')
    await expect(main.getByRole('link', { name: 'Player Connections' })).toHaveAttribute(
      'href',
      '/connections',
    )
    await expect(main.getByRole('link', { name: 'SUPR Builder' })).toHaveAttribute('href', '/supr-builder')
    await expect(main.getByRole('link', { name: 'Partner Lists' })).toHaveAttribute('href', '/partner-lists')
    await expect(main.getByRole('link', { name: 'AI Referee' })).toHaveAttribute('href', '/ai-referee')
    await expect(main.getByRole('heading', { name: 'Easy Rating' })).toBeVisible()
    await expect(main.getByRole('link', { name: 'Easy Rating' })).toHaveCount(0)
  })

  test("the dashboard shows the player's face by its title, and its cards' links are 44 px targets @phone-only", async ({
    page,
  }) => {
    await signInAs(page, await createPlayer({ firstName: 'Fay', lastName: 'Lin' }))
    await page.goto('/dashboard')
    const title = page.getByRole('heading', { level: 1, name: 'Dashboard' })
    await expect(title).toBeVisible()
    // No photo yet: her initials, on her own colour.
    await expect(title).toContainText('FL')
    await expect(title).toHaveAccessibleName('Dashboard')
    const main = page.getByRole('main')
    for (const name of ['PlayDates', 'Player Connections', 'SUPR Builder', 'AI Referee']) {
      const box = (await main.getByRole('link', { name, exact: true }).boundingBox())!
      expect(box.height, name).toBeGreaterThanOrEqual(44)
    }
    expect(await violationsInBothThemes(page)).toEqual([])
  })

  test('Pickle Widgets lists all five widgets', async ({ page }) => {
    await signInAs(page, jane)
    await page.goto('/dashboard')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pickle Widgets' }).click()
    await expect(page).toHaveURL(/\/widgets$/)
    await expect(page).toHaveTitle(`Pickle Widgets | ${suffix}`)
    const titles = page.getByRole('main').getByRole('heading', { level: 2 })
    await expect(titles).toHaveText([
      'SUPR Builder',
      'Partner Lists',
      'Easy Rating',
      'Train with Friends',
      'AI Referee',
    ])
  })

  test('a page that fails to load shows an error inside the layout', async ({ page }) => {
    await signInAs(page, jane)
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await page.route(/\/assets\/widgets-[^/]+\.js$/, (route) => route.abort())
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pickle Widgets' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
  })

  test('an admin reaches the admin pages from the header’s Admin Dashboard button', async ({ page }) => {
    await signInAs(page)
    await page.goto('/dashboard')
    await page.getByRole('banner').getByRole('link', { name: 'Admin Dashboard' }).click()
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
    await page.getByRole('tab', { name: 'Signup Codes' }).click()
    await expect(page).toHaveURL(/\/admin\/signup-codes$/)
    // The footer stays one line for an admin too: the header is the way in.
    await expect(page.getByRole('contentinfo').getByRole('heading')).toHaveCount(0)
  })

  test('a signed-in page ends in one line: About, Terms, Privacy and Help @phone', async ({ page }) => {
    await signInAs(page, jane)
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    // The page's first view comes in its HTML (decision 0118); the app then renders it again.
    // Measure the app's: its first section is there once it has.
    await expect(page.getByRole('region', { name: 'Your next games' })).toBeVisible()
    const footer = page.getByRole('contentinfo')
    await expect(footer).toContainText('© PickleMatch')
    await expect(footer.getByRole('link')).toHaveText(['About', 'Terms', 'Privacy', 'Help'])
    // Each link's name is its page's full name, starting with the word it shows.
    const links = ['About Us', 'Terms of Service', 'Privacy Policy', 'Help/FAQ']
    for (const name of links) {
      const box = (await footer.getByRole('link', { name }).boundingBox())!
      expect(box.height, name).toBeGreaterThanOrEqual(44)
      expect(box.width, name).toBeGreaterThanOrEqual(44)
    }
    await expect(footer.getByRole('heading')).toHaveCount(0)
    // One line, at 375 px too: the product's name and every link side by side.
    const line = (await footer.boundingBox())!
    expect(line.height).toBeLessThan(60)
    await expectFitsScreen(page)
    // The links show their focus, and lead to their pages.
    await footer.getByRole('link', { name: 'Terms of Service' }).focus()
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveCSS('outline-style', 'solid')
    await footer.getByRole('link', { name: 'Terms of Service' }).click()
    await expect(page).toHaveURL(/\/terms$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible()
  })

  test('Share copies the link and says Copied! for two seconds', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await signInAs(page, jane)
    await page.addInitScript(() => {
      // Desktop Chromium may offer a share sheet; this journey covers the copy fallback.
      Object.defineProperty(navigator, 'share', { value: undefined })
    })
    await page.goto('/dashboard')
    await page.getByRole('button', { name: 'Share' }).click()
    await expect(page.getByText('Link copied to clipboard!')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL('/', page.url()).href)
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible({ timeout: 4000 })
  })

  test('Sign Out returns to the landing page even when the server fails', async ({ page }) => {
    await signInAs(page, jane)
    await page.route('**/api/auth/sign-out', (route) => route.fulfill({ status: 500, body: '' }))
    await page.goto('/widgets')
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible()
  })

  test('a session that ends on the server signs the player out of the shell', async ({ page }) => {
    await signInAs(page, jane)
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    // The session ends on the server (signed out elsewhere): the next call answers 401.
    await page.context().request.post('/api/auth/sign-out', { headers: { origin: appOrigin } })
    // The next call that answers 401 signs the shell out: the one this click makes, or one the
    // page was already making (then the link is gone before the click lands).
    const widgets = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Pickle Widgets' })
    await Promise.race([widgets.click().catch(() => undefined), page.waitForURL(/\/$/)])
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { level: 1, name: 'PickleMatch' })).toBeVisible()
    // The session ended by itself: signing in again leads back to the page the player was on.
    await expect(page.getByText('Sign in to continue to the page you were on.')).toBeVisible()
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click()
    await page.getByLabel('Email').fill(jane.email)
    await page.getByLabel('Password').fill(jane.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/(dashboard|widgets)$/)
  })

  test('the phone menu lists the pages and the widget tools, and closes on Escape @phone-only', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await signInAs(page, jane)
    await page.goto('/dashboard')
    const toggle = page.getByRole('button', { name: 'Menu' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')

    const menu = page.locator('#mobile-menu')
    await expect(menu.getByRole('link')).toHaveText([
      'Dashboard',
      'PlayDates',
      'Player Connections',
      'Pickle Widgets',
      'SUPR Builder',
      /Easy Rating/,
      'Train with Friends',
      'AI Referee',
      'Notifications',
      'Profile',
    ])
    await expect(menu.getByRole('button')).toHaveText(['Share', 'Sign Out'])

    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(menu).toBeHidden()
    await expect(toggle).toBeFocused()

    await toggle.click()
    await menu.getByRole('link', { name: 'Pickle Widgets' }).click()
    await expect(page).toHaveURL(/\/widgets$/)
    await expect(menu).toBeHidden()
    await expectFitsScreen(page)
  })
  test('on a phone, the five places a player goes most are tabs under the thumb @phone-only', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await signInAs(page, jane)
    await page.goto('/dashboard')
    const tabs = page.getByRole('navigation', { name: 'Quick navigation' })
    // The labels seen (the first part of a tab hidden from screen readers), read without the soft
    // hyphens a label breaks at when the text is larger (0224). Each tab is named whole.
    await expect
      .poll(() =>
        tabs
          .getByRole('link')
          .evaluateAll((links) =>
            links.map((l) =>
              [...l.children]
                .find((child) => child.getAttribute('aria-hidden') === 'true')!
                .textContent!.replaceAll('\u00AD', ''),
            ),
          ),
      )
      .toEqual(['Dashboard', 'PlayDates', 'Connections', 'Notifications', 'Profile'])
    const names = [
      'Dashboard',
      'PlayDates',
      'Player Connections',
      /^Notifications( \(\d+ unread\))?$/,
      'Profile',
    ]
    for (const [index, name] of names.entries()) {
      await expect(tabs.getByRole('link').nth(index)).toHaveAccessibleName(name)
    }
    await expect(tabs.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
    for (const link of await tabs.getByRole('link').all()) {
      const box = (await link.boundingBox())!
      expect(box.height).toBeGreaterThanOrEqual(44)
      expect(box.width).toBeGreaterThanOrEqual(44)
      // One line each: no label breaks inside a word.
      expect(
        await link.evaluate(
          (el) =>
            [...el.children].find((child) => child.getAttribute('aria-hidden') === 'true')!.getClientRects()
              .length,
        ),
      ).toBe(1)
    }
    await tabs.getByRole('link', { name: 'Player Connections' }).click()
    await expect(page).toHaveURL(/\/connections$/)
    await expect(tabs.getByRole('link', { name: 'Player Connections' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    // The page ends above the tabs: the footer's last line can be scrolled clear of them (asked
    // again until the page has loaded and the scroll has settled).
    await expect(page.getByRole('heading', { level: 1, name: 'Player Connections' })).toBeVisible()
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        const footer = (await page.getByRole('contentinfo').boundingBox())!
        const bar = (await tabs.boundingBox())!
        return footer.y + footer.height - bar.y
      })
      .toBeLessThanOrEqual(1)
    await expectFitsScreen(page)

    // From lg up the top bar shows them all, and the tabs are gone.
    await page.setViewportSize({ width: 1280, height: 800 })
    await expect(tabs).toBeHidden()
  })
})
