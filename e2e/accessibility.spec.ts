import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import {
  appOrigin,
  befriend,
  createPlayDate,
  createPlayer,
  currentUserId,
  signInAdmin,
  signInContext,
} from './support/players'
import { axeOn } from './support/axe'

// Every page of the app, scanned with axe-core against WCAG 2.2 A and AA in real Chromium
// (signed-out and admin pages on a desktop and on a 390 px phone, a player's pages and a toast on
// the phone): labels, names, roles, contrast, landmarks, headings. A page passes with no violation
// at all, in the light theme and in the dark one (docs/decisions/0099-dark-mode.md).

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

// The rules whose answer depends on the colours; the others read the same page in both themes.
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

async function violationsIn(page: Page, where: string, rules?: string[]) {
  const axe = axeOn(page)
  const results = await (rules ? axe.withRules(rules) : axe.withTags(WCAG)).analyze()
  return results.violations.map(
    (v) => `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
}

// On a phone, every control a finger has to hit is at least 44 × 44 px: buttons, links, tabs,
// selects, text fields, and the label of a checkbox or radio (the box alone is smaller, the label
// takes the tap). A link inside a sentence is exempt, as WCAG 2.5.8 exempts inline targets.
async function smallTargetsIn(page: Page, where: string) {
  const small = await page.evaluate(() => {
    const selector = [
      'a[href]',
      'button',
      'select',
      'summary',
      '[role="button"]',
      '[role="tab"]',
      'textarea',
      'input:not([type="hidden"])',
    ].join(',')
    const found: string[] = []
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      let target: HTMLElement = element
      if (element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type)) {
        const label =
          element.closest('label') ??
          (element.id ? document.querySelector(`label[for="${element.id}"]`) : null)
        if (label instanceof HTMLElement) target = label
      }
      // A stretched link (an ::after over its whole card) is as large as the card it covers.
      const after = getComputedStyle(element, '::after')
      if (element instanceof HTMLAnchorElement && after.position === 'absolute' && after.content !== 'none')
        target = (element.offsetParent as HTMLElement | null) ?? element
      const box = target.getBoundingClientRect()
      const style = getComputedStyle(target)
      // Visually hidden until focused (the skip link): nothing to tap.
      if (style.clipPath !== 'none' || (style.clip !== 'auto' && style.clip !== '')) continue
      // Not on screen: hidden, clipped to a pixel (a skip link until it has focus), or inside a
      // closed part of the page.
      if (box.width < 2 || box.height < 2 || style.visibility === 'hidden' || target.closest('[inert]'))
        continue
      if (element instanceof HTMLAnchorElement) {
        const block = element.parentElement
        const text = block?.textContent?.replace(/\s+/g, ' ').trim() ?? ''
        const own = element.textContent?.replace(/\s+/g, ' ').trim() ?? ''
        if (block && getComputedStyle(element).display === 'inline' && text.length > own.length) continue
      }
      if (box.width < 43.5 || box.height < 43.5) {
        const name = (target.getAttribute('aria-label') ?? target.textContent ?? '')
          .replace(/\s+/g, ' ')
          .trim()
        found.push(
          `${target.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        )
      }
    }
    return found
  })
  return small.map((target) => `${where}: touch target under 44 px: ${target}`)
}

// The page as it is, in both themes: every rule in the light one, then the colour rules in the
// dark one. Appearance is on System, so the page follows the device's setting at once, with no
// reload. Reduced motion turns the colour transitions off: axe reads the colours they end on.
// The player whose pages are scanned, signed in on `page`, a friend of theirs and a third player,
// each signed in in a context of their own; `close` closes those two.
async function threePlayers(page: Page, browser: Browser) {
  const me = await createPlayer({ firstName: 'Axel' })
  const partner = await createPlayer({ firstName: 'Bea' })
  const stranger = await createPlayer({ firstName: 'Cyd' })
  const partnerContext: BrowserContext = await browser.newContext({ baseURL: appOrigin })
  const strangerContext: BrowserContext = await browser.newContext({ baseURL: appOrigin })
  const close = async () => {
    await partnerContext.close()
    await strangerContext.close()
  }
  try {
    await signInContext(page.context(), me)
    await signInContext(partnerContext, partner)
    await signInContext(strangerContext, stranger)
    await befriend(page.context(), partnerContext)
  } catch (error) {
    await close()
    throw error
  }
  return { partner, partnerContext, strangerContext, close }
}

async function violationsOf(page: Page, where: string) {
  const found: string[] = []
  if (page.viewportSize()!.width <= 400) found.push(...(await smallTargetsIn(page, where)))
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
    const rules = colorScheme === 'dark' ? COLOUR_RULES : undefined
    found.push(...(await violationsIn(page, `${where} (${colorScheme})`, rules)))
  }
  return found
}

// Opens a page and waits until it shows its content, not a loading state.
async function open(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('h1').first()).toBeVisible()
  await expect(page.getByText('Loading...')).toHaveCount(0)
  await page.waitForLoadState('networkidle')
}

async function scan(page: Page, paths: string[]) {
  const found: string[] = []
  for (const path of paths) {
    await open(page, path)
    found.push(...(await violationsOf(page, path)))
  }
  return found
}

test.describe('accessibility @phone', () => {
  test('public pages have no WCAG A or AA violation', async ({ page }, testInfo) => {
    // Nine pages on the phone, each waited on until the network is idle; the first also waits for
    // the service worker to download the app shell (docs/decisions/0095-offline-last-seen-data.md).
    // On a desktop, one page of each layout (the landing page; a form in its card, as Sign Up and
    // Forgot Password; the invitation; an article, as the terms and privacy; the glossary with its
    // search), under the desktop's header (docs/decisions/0165).
    test.setTimeout(120_000)
    const everyPage = [
      '/',
      '/signin',
      '/signup',
      '/forgot-password',
      '/invite',
      '/about',
      '/glossary',
      '/terms',
      '/privacy',
    ]
    const found = await scan(
      page,
      testInfo.project.name === 'phone' ? everyPage : ['/', '/signin', '/invite', '/about', '/glossary'],
    )
    expect(found).toEqual([])
  })

  // The toast looks the same on a desktop: the phone's run reads its colours.
  test('a toast has no WCAG A or AA violation', { tag: '@phone-only' }, async ({ page }) => {
    const player = await createPlayer()
    // Without motion the toast is where it stays from the start: a press aimed at it as it slides
    // in can land beside it, and the toast leaves while axe reads.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/signin')
    await page.getByLabel('Email').fill(player.email)
    await page.getByLabel('Password').fill(player.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    const toaster = page.locator('[data-sonner-toaster]')
    const toast = toaster.getByText('Signed in successfully!')
    await expect(toast).toBeVisible()
    // A press held on the toast keeps it on screen (sonner pauses its timer until the press ends)
    // while axe reads it. A pointer over it pauses the timer too, but not for the whole read on a
    // busy machine.
    await toast.hover()
    await page.mouse.down()
    const found: string[] = []
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
      await expect(toaster).toHaveAttribute('data-sonner-theme', colorScheme)
      const results = await axeOn(page).include('[data-sonner-toaster]').withTags(WCAG).analyze()
      found.push(...results.violations.map((v) => `${colorScheme}: ${v.id}: ${v.help}`))
    }
    await page.mouse.up()
    expect(found).toEqual([])
  })

  test('a player’s pages have no WCAG A or AA violation', async ({ page, browser }, testInfo) => {
    // On the phone only, the layout players use at the courts: the desktop run of every page would
    // add a minute and a half to the journeys for the header's links alone.
    test.skip(testInfo.project.name !== 'phone', 'scanned on the phone')
    test.setTimeout(180_000)
    const { partnerContext, strangerContext, close } = await threePlayers(page, browser)
    try {
      // A friend request waiting, so the notifications and requests lists are not empty.
      const sent = await strangerContext.request.post('/api/connections/friend-requests', {
        headers: { origin: appOrigin },
        data: { receiverId: await currentUserId(page.context()) },
      })
      expect(sent.status()).toBe(201)
      const playDateId = await createPlayDate(page.context(), partnerContext, 'Doubles at Pecos Park')
      const list = await page.request.post('/api/partner-lists', {
        headers: { origin: appOrigin },
        data: { name: 'Spring Open' },
      })
      expect(list.status()).toBe(201)
      const listId = ((await list.json()) as { id: string }).id
      const partnerId = await currentUserId(partnerContext)

      const found = await scan(page, [
        '/dashboard',
        '/playdates',
        `/playdates/${playDateId}`,
        '/create-playdate',
        '/connections',
        '/notifications',
        '/profile',
        `/profile/${partnerId}`,
        '/supr-builder',
        '/add-player',
        '/partner-lists',
        `/partner-lists/${listId}`,
        '/ai-referee',
        '/widgets',
        '/ratings',
        '/training',
      ])
      expect(found).toEqual([])
    } finally {
      await close()
    }
  })

  // Apart from the pages above, so that each has the time it needs on a slow machine.
  test('the apply page, each step of the wizard and the PlayDates tabs have no WCAG A or AA violation', async ({
    page,
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'scanned on the phone')
    test.setTimeout(180_000)
    const { partner, strangerContext, close } = await threePlayers(page, browser)
    try {
      const found: string[] = []
      // Another team's PlayDate, to apply to with a friend.
      const rival = await createPlayer({ firstName: 'Dot' })
      const rivalContext = await browser.newContext({ baseURL: appOrigin })
      try {
        await signInContext(rivalContext, rival)
        await befriend(rivalContext, strangerContext)
        const theirs = await createPlayDate(rivalContext, strangerContext, 'Evening games at Kiwanis')
        await open(page, `/playdates/${theirs}/apply`)
        found.push(...(await violationsOf(page, `/playdates/${theirs}/apply`)))
      } finally {
        await rivalContext.close()
      }

      // Each step of the Create PlayDate wizard.
      await open(page, '/create-playdate')
      await page.getByRole('radio', { name: 'Earn Teaching' }).check()
      await page.getByRole('button', { name: 'Continue' }).click()
      await expect(page.getByRole('radio', { name: /Arizona/ })).toBeVisible()
      found.push(...(await violationsOf(page, 'Create PlayDate: state')))
      await page.getByRole('radio', { name: /Arizona/ }).check()
      await page.getByRole('button', { name: 'Continue' }).click()
      await expect(page.getByRole('checkbox', { name: 'East Valley' })).toBeVisible()
      found.push(...(await violationsOf(page, 'Create PlayDate: region')))
      await page.getByRole('checkbox', { name: 'East Valley' }).check()
      await page.getByRole('button', { name: 'Continue' }).click()
      await expect(page.getByText('Available Friends: 1')).toBeVisible()
      found.push(...(await violationsOf(page, 'Create PlayDate: partner')))
      await page.getByRole('button', { name: new RegExp(partner.firstName) }).click()
      await page.getByRole('button', { name: 'Next' }).click()
      await expect(page.getByRole('spinbutton', { name: 'Amount to Earn (per hour)' })).toBeVisible()
      found.push(...(await violationsOf(page, 'Create PlayDate: amount')))
      await page.getByRole('button', { name: 'Next' }).click()
      await expect(page.getByRole('textbox', { name: 'Description' })).toBeVisible()
      found.push(...(await violationsOf(page, 'Create PlayDate: description')))

      // The PlayDates tabs other than the first.
      await open(page, '/playdates')
      for (const tab of ['Available', 'History']) {
        await page.getByRole('tab', { name: tab }).click()
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
        await page.waitForLoadState('networkidle')
        found.push(...(await violationsOf(page, `/playdates (${tab})`)))
      }
      expect(found).toEqual([])
    } finally {
      await close()
    }
  })

  test('the admin pages have no WCAG A or AA violation', async ({ page }) => {
    await signInAdmin(page.context())
    expect(await scan(page, ['/admin', '/admin/signup-codes'])).toEqual([])
  })
})
