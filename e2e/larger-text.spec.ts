import { expect, type Locator, type Page, test } from '@playwright/test'
import { arizonaTime, dateOf, earnGameApplied } from './support/full-game'
import { expectFitsScreen, largerText, lineCount, wordsBrokenInside } from './support/layout'
import { appOrigin, currentUserId, headers, signInAdmin } from './support/players'

// A phone with its text made larger, as many players at the courts have it: at 150% and 200% on a
// 375 px phone nothing runs off the screen, nothing is squeezed to a sliver, and every tab keeps
// a 44 px target (docs/decisions/0224-a-phone-with-larger-text.md, 0225-twice-the-text-size.md,
// 0228-the-top-bar-and-titles-with-larger-text.md).

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

// The top bar compact: the mark, the bell and the menu on one row, each a 44 px target, the bar
// no taller than that row; the player's name whole at the top of the menu, no word in it broken.
async function expectCompactTopBar(page: Page, name: string) {
  const banner = page.getByRole('banner')
  const menu = banner.getByRole('button', { name: 'Menu' })
  const row = (await menu.boundingBox())!
  for (const part of [
    banner.getByRole('link', { name: 'PickleMatch' }),
    banner.getByRole('link', { name: /^Notifications/ }),
    menu,
  ]) {
    const box = (await part.boundingBox())!
    expect(box.height).toBeGreaterThanOrEqual(44)
    expect(Math.abs(box.y + box.height / 2 - (row.y + row.height / 2))).toBeLessThanOrEqual(2)
    expect(box.x + box.width).toBeLessThanOrEqual(WIDTH)
  }
  expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(row.height * 1.5)
  await menu.click()
  const whole = page.locator('#mobile-menu').getByText(name, { exact: true })
  await expect(whole).toBeVisible()
  const box = (await whole.boundingBox())!
  expect(box.x + box.width).toBeLessThanOrEqual(WIDTH)
  expect(await whole.evaluate((el) => el.scrollWidth <= el.clientWidth + 0.5)).toBe(true)
  expect(await wordsBrokenInside(page.locator('#mobile-menu'))).toEqual([])
  await menu.click()
  await expect(whole).toBeHidden()
}

// Everything on the screen's width, and the tab bar (fixed, so outside the page's width) too; the
// page's title breaks between words, never inside one.
async function expectScreenFits(page: Page) {
  await expectFitsScreen(page)
  await expectTabBarFits(page)
  expect(await wordsBrokenInside(page.getByRole('heading', { level: 1 }))).toEqual([])
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
    await expectCompactTopBar(page, `Ivy Large${tag}`)

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

// A control or line whole: on the screen's width, its words not running out of it, and a control
// at least 44 px tall.
async function expectWhole(locator: Locator, { target = true } = {}) {
  await expect(locator).toBeVisible()
  const box = (await locator.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(WIDTH)
  if (target) expect(box.height).toBeGreaterThanOrEqual(44)
  expect(await locator.evaluate((el) => el.scrollWidth <= el.clientWidth + 0.5)).toBe(true)
}

// Opens `path` at twice the text size and checks that nothing is wider than the screen.
async function openHuge(page: Page, path: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await largerText(page, 2)
  await expectScreenFits(page)
}

test('with the phone text at 200%, every main screen fits a 375 px phone, its buttons and names whole @phone-only', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const tag = Math.random().toString(36).slice(2, 6)
  const { ivy, kim, id, accept } = await earnGameApplied(browser, `Huge${tag}`)
  // A friend request waiting for Ivy, so Received Requests carries its count.
  const sent = await kim.context.request.post('/api/connections/friend-requests', {
    headers,
    data: { receiverId: await currentUserId(ivy.context) },
  })
  expect(sent.status(), await sent.text()).toBe(201)
  const page = await ivy.context.newPage()
  await page.setViewportSize({ width: WIDTH, height: 812 })
  const kimTeam = `Kim Huge${tag} & Lee Huge${tag}`

  // The top bar: one row, the player's name whole in the menu.
  await openHuge(page, '/dashboard')
  await expectCompactTopBar(page, `Ivy Huge${tag}`)
  // The application waiting on the dashboard: the team's record and both answers on the screen.
  const application = page.getByRole('listitem').filter({ hasText: 'Application to your PlayDate' })
  await expectWhole(application.locator('p').filter({ hasText: 'no-shows' }), { target: false })
  await expectWhole(page.getByRole('button', { name: `Decline ${kimTeam}` }))
  await expectWhole(page.getByRole('button', { name: `Accept ${kimTeam}` }))

  for (const path of ['/playdates?tab=mine', '/playdates?tab=available', '/playdates?tab=history']) {
    await openHuge(page, path)
  }

  // The PlayDate's page on the creator's side: its actions and the answers whole.
  await openHuge(page, `/playdates/${id}`)
  await expectWhole(page.getByRole('link', { name: 'Answer 1 application' }))
  await expectWhole(page.getByRole('button', { name: `Decline ${kimTeam}` }))
  await expectWhole(page.getByRole('button', { name: `Accept ${kimTeam}` }))
  await expectWhole(page.getByRole('button', { name: 'Cancel PlayDate' }))

  // The application said in Notifications, with its answers.
  await openHuge(page, '/notifications')
  await expectWhole(page.getByRole('button', { name: /^Accept Kim Huge\w+'s application$/ }))

  // Connections: the tabs whole, the count with its tab; Remove and the answers to a request.
  await openHuge(page, '/connections')
  const received = page.getByRole('tab', { name: 'Received Requests 1 pending' })
  await expectWhole(received)
  await expectWhole(page.getByRole('button', { name: `Remove Jon Huge${tag}` }))
  await received.click()
  await expectScreenFits(page)
  await expectWhole(page.getByRole('button', { name: `Accept Kim Huge${tag}` }))

  // Profile Settings: the photo, home area and quiet hours buttons, every Push switch.
  await openHuge(page, '/profile')
  await expectWhole(page.locator('label').filter({ hasText: 'Change photo' }))
  await expectWhole(page.getByRole('button', { name: 'Save home area' }))
  await expectWhole(page.getByRole('button', { name: 'Save quiet hours' }))
  const pushes = await page
    .locator('label')
    .filter({ hasText: /^Push$/ })
    .all()
  expect(pushes.length).toBeGreaterThan(0)
  for (const push of pushes) await expectWhole(push)

  for (const path of ['/partner-lists', '/supr-builder', '/training', '/ai-referee']) {
    await openHuge(page, path)
  }

  // The wizard, step by step: the choices' words beside or under their icons, a letter a line
  // nowhere; the date and the time whole, one under the other.
  await openHuge(page, '/create-playdate')
  await page.getByRole('radio', { name: 'Pay to Challenge' }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('radio', { name: /Arizona/ }).check()
  await expectScreenFits(page)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('checkbox', { name: /East Valley/ }).check()
  await expectScreenFits(page)
  await page.getByRole('button', { name: 'Continue' }).click()
  const partner = page.getByRole('button', { name: new RegExp(`Jon Huge${tag}`) })
  await expectWhole(partner)
  expect(await wordsBrokenInside(partner)).toEqual([])
  const wanted = page.getByRole('button', { name: /^Partner wanted/ })
  await expectWhole(wanted)
  expect(await wordsBrokenInside(wanted)).toEqual([])
  await expectScreenFits(page)
  await partner.click()
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Amount to Pay (per hour)').fill('30')
  const date = page.getByLabel('Date', { exact: true })
  const time = page.getByLabel('Start time')
  await date.fill(dateOf(arizonaTime(3, 8)))
  await time.fill('08:00')
  await page.getByLabel('Venue', { exact: true }).selectOption({ label: 'Other place…' })
  await page.getByRole('textbox', { name: 'Where you will play' }).fill('Court 3')
  await expectScreenFits(page)
  const [dateBox, timeBox] = [(await date.boundingBox())!, (await time.boundingBox())!]
  expect(timeBox.y).toBeGreaterThan(dateBox.y + dateBox.height)
  for (const box of [dateBox, timeBox]) expect(box.width).toBeGreaterThanOrEqual(WIDTH / 2)
  await page.getByRole('button', { name: 'Next' }).click()
  await expectWhole(page.getByRole('button', { name: 'Create PlayDate' }))
  await expectScreenFits(page)

  // A group of Ivy's that Kim joined: its page, its chat, a member's actions and a weekly series.
  const created = await ivy.context.request.post('/api/groups', {
    headers,
    data: { name: `Tuesday Night Dinkers ${tag}`, visibility: 'open' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id: groupId } = (await created.json()) as { id: string }
  const { invitePath } = (await (await ivy.context.request.get(`/api/groups/${groupId}`)).json()) as {
    invitePath: string
  }
  const kimGroups = await kim.context.newPage()
  await kimGroups.goto(invitePath)
  await kimGroups.getByRole('button', { name: 'Join group' }).click()
  await expect(kimGroups.getByText(`Welcome to Tuesday Night Dinkers ${tag}`)).toBeVisible()
  await kimGroups.close()
  await openHuge(page, '/groups')
  await openHuge(page, `/groups/${groupId}`)
  await expectWhole(page.getByRole('button', { name: /^Make organiser/ }))
  const message = page.getByRole('textbox', { name: 'Message' })
  await expectWhole(message)
  expect((await message.boundingBox())!.width).toBeGreaterThanOrEqual(WIDTH / 2)
  const start = page.getByRole('button', { name: 'Start a weekly series' })
  await expectWhole(start)
  await start.click()
  const series = page.getByRole('dialog', { name: 'Start a weekly series' })
  await expect(series).toBeVisible()
  const seriesBox = (await series.boundingBox())!
  expect(seriesBox.x).toBeGreaterThanOrEqual(0)
  expect(seriesBox.x + seriesBox.width).toBeLessThanOrEqual(WIDTH)
  expect(await series.evaluate((el) => el.scrollWidth <= el.clientWidth + 0.5)).toBe(true)
  expect(await wordsBrokenInside(series.getByRole('heading'))).toEqual([])
  for (const field of [series.getByLabel('Start time'), series.getByLabel('Price per hour')]) {
    expect((await field.boundingBox())!.width).toBeGreaterThanOrEqual(WIDTH / 2)
  }
  await series.getByRole('button', { name: 'Close' }).click()

  // The other side of the PlayDate: the applying team's captain.
  const kimPage = await kim.context.newPage()
  await kimPage.setViewportSize({ width: WIDTH, height: 812 })
  await openHuge(kimPage, `/playdates/${id}`)

  // Matched: the team chat.
  await accept()
  await openHuge(page, `/playdates/${id}#team-chat`)
  await openHuge(kimPage, `/playdates/${id}#team-chat`)

  // The admin's screens.
  const admin = await browser.newContext({
    baseURL: appOrigin,
    viewport: { width: WIDTH, height: 812 },
    isMobile: true,
    hasTouch: true,
  })
  await signInAdmin(admin)
  const adminPage = await admin.newPage()
  for (const tab of ['', '?tab=users', '?tab=venues', '?tab=disputes', '?tab=groups', '?tab=play-dates']) {
    await openHuge(adminPage, `/admin${tab}`)
  }
  await openHuge(adminPage, '/admin/signup-codes')
  await expectWhole(adminPage.getByRole('button', { name: 'Create Code' }))
  await admin.close()
})
