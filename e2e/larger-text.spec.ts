import { expect, type Locator, type Page, test } from '@playwright/test'
import { arizonaTime, dateOf, earnGameApplied } from './support/full-game'
import { violationsInBothThemes } from './support/axe'
import { signedInPhoneContext } from './support/devices'
import {
  expectFitsScreen,
  largerText,
  openAvailableFilters,
  datesCut,
  lineCount,
  overlaps,
  placeholdersCut,
  selectsCut,
  sidewaysScrollers,
  smallTargets,
  wordsBrokenInside,
} from './support/layout'
import { addVenue, appOrigin, createPlayer, currentUserId, headers, signInAdmin } from './support/players'

// A phone with its text made larger, as many players at the courts have it: at 150% and 200% on a
// 375 px phone nothing runs off the screen, nothing is squeezed to a sliver, and every tab keeps
// a 44 px target (docs/decisions/0224-a-phone-with-larger-text.md, 0225-twice-the-text-size.md,
// 0228-the-top-bar-and-titles-with-larger-text.md, 0236-the-supr-builder-with-larger-text.md).

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
// page's title breaks between words, never inside one; every select shows its choice whole.
async function expectScreenFits(page: Page) {
  await expectFitsScreen(page)
  await expectTabBarFits(page)
  expect(await wordsBrokenInside(page.getByRole('heading', { level: 1 }))).toEqual([])
  expect(await selectsCut(page.locator('body'))).toEqual([])
}

// Each option of a select, chosen in turn, shown whole in its box under its label, no word broken
// inside that would fit its line; the select a 44 px target on the screen, and its first choice chosen again at the end.
async function expectEveryChoiceWhole(select: Locator) {
  const first = await select.inputValue()
  const scope = select.locator('xpath=ancestor::*[.//label][1]')
  for (const option of await select.locator('option').all()) {
    await select.selectOption({ label: (await option.textContent())! })
    await expect.poll(() => selectsCut(scope)).toEqual([])
    expect(await wordsBrokenInside(scope, { unlessWider: true })).toEqual([])
    expect(await smallTargets(scope, WIDTH)).toEqual([])
  }
  await select.selectOption(first)
}

// A venue search says what it searches by, whole on the screen and read with the field: a
// placeholder cut at its box ("Name, city or") tells a player less than that.
async function expectVenueSearchSaysHow(field: Locator) {
  await expect(field).toBeVisible()
  const scope = field.locator('xpath=ancestor::*[.//label][1]')
  expect(await placeholdersCut(scope)).toEqual([])
  await expect(field).toHaveAccessibleDescription(/name, city or street/i)
  const how = scope.getByText(/name, city or street/i)
  await expectWhole(how, { target: false })
  expect(await wordsBrokenInside(how)).toEqual([])
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

test('a state without regions takes the filters\' whole row, "Massachusetts" whole at 100% and 150% @phone-only', async ({
  browser,
}) => {
  const context = await signedInPhoneContext(browser, await createPlayer())
  const page = await context.newPage()
  await page.setViewportSize({ width: WIDTH, height: 812 })
  for (const scale of [1, 1.5]) {
    await page.goto('/playdates?tab=available')
    await largerText(page, scale)
    await openAvailableFilters(page)
    const state = page.getByLabel('State', { exact: true })
    await state.selectOption({ label: 'Massachusetts' })
    await expect.poll(() => selectsCut(page.getByRole('main'))).toEqual([])
    expect(await wordsBrokenInside(state.locator('..'))).toEqual([])
  }
  await context.close()
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
  // A venue in the East Valley whose name and city are wider than a select at 200%.
  const longVenue = `Kiwanis Park Recreation Center ${tag}, Tempe`
  const venueAdmin = await browser.newContext({ baseURL: appOrigin })
  await signInAdmin(venueAdmin)
  await addVenue(venueAdmin.request, { name: `Kiwanis Park Recreation Center ${tag}`, courts: 8 })
  await venueAdmin.close()

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
  // Available's filters open: the longest state's name and the longest word of one, then a state's
  // regions, whole.
  await openHuge(page, '/playdates?tab=available')
  await openAvailableFilters(page)
  await expectScreenFits(page)
  const stateFilter = page.getByLabel('State', { exact: true })
  for (const state of ['District of Columbia', 'Massachusetts', 'Arizona']) {
    await stateFilter.selectOption({ label: state })
    await expect.poll(() => selectsCut(page.getByRole('main'))).toEqual([])
    expect(await wordsBrokenInside(stateFilter.locator('..'))).toEqual([])
    await expectScreenFits(page)
  }
  await expectWhole(stateFilter)
  await expectEveryChoiceWhole(page.getByLabel('Region', { exact: true }))
  await expectWhole(page.getByRole('button', { name: 'Games I can join alone' }))
  // Dates of the player's own choosing: From and To under each other, each date whole (side by
  // side, each showed "12/").
  await page.getByRole('button', { name: 'Choose dates' }).tap()
  const from = page.getByLabel('From', { exact: true })
  const to = page.getByLabel('To', { exact: true })
  await from.fill(dateOf(arizonaTime(12, 10)))
  await to.fill(dateOf(arizonaTime(30, 10)))
  await expect.poll(() => datesCut(page.getByRole('main'))).toEqual([])
  expect((await to.boundingBox())!.y).toBeGreaterThan((await from.boundingBox())!.y)
  await expectScreenFits(page)

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
  // The home state and the quiet hours' time zone, whichever is chosen.
  await expectEveryChoiceWhole(page.getByLabel('Home state'))
  await expectEveryChoiceWhole(page.getByLabel('Time zone'))
  // The venues the player plays at: the search says what it searches by.
  await expectVenueSearchSaysHow(page.getByLabel('Find a venue'))

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
  await expectVenueSearchSaysHow(page.getByLabel('Search venues'))
  // Every time zone and every venue, the long one too, whole in its box; the zone's select takes
  // the focus by Tab with its ring shown.
  const zone = page.getByLabel('Time zone')
  const venue = page.getByLabel('Venue', { exact: true })
  await expect(venue.locator('option', { hasText: longVenue })).toBeAttached()
  await expectEveryChoiceWhole(zone)
  await expectEveryChoiceWhole(venue)
  await page.getByLabel('How long').focus()
  await page.keyboard.press('Tab')
  await expect(zone).toBeFocused()
  expect(await focusRingShown(zone)).toBe(true)
  await venue.selectOption({ label: 'Other place…' })
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

test('with the phone text at 200%, the SUPR Builder fits a 375 and a 390 px phone: players stacked, the sort and the total whole @phone-only', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  // A captain, a player linked to a profile of their own, and names that wrap only between words.
  const jordan = await createPlayer({ firstName: 'Jordan', lastName: 'Linkworthy', gender: 'male' })
  const captain = await createPlayer({
    firstName: 'Maya',
    lastName: 'Castellanos',
    duprRating: 4.5,
    birthdate: '1970-06-01',
  })
  const context = await signedInPhoneContext(browser, captain)
  const linked = await browser.newContext({ baseURL: appOrigin })
  await linked.request.post('/api/auth/sign-in', {
    headers,
    data: { email: jordan.email, password: jordan.password },
  })
  const profileId = await currentUserId(linked)
  await linked.close()
  for (const player of [
    {
      firstName: 'Alexandra',
      lastName: 'Montgomery-Whitfield',
      gender: 'female',
      duprRating: 3.9,
      ageGroup: '50_or_over',
    },
    { firstName: 'Jordan', lastName: 'Linkworthy', gender: 'male', duprRating: 4.75, profileId },
    { firstName: 'Bo', lastName: 'Short', gender: 'male', duprRating: 3.5 },
  ]) {
    const added = await context.request.post('/api/players', { headers, data: player })
    expect(added.status(), await added.text()).toBe(201)
  }

  const page = await context.newPage()
  const main = page.getByRole('main')
  const team = page.getByRole('region', { name: 'Your team' })
  const players = page.getByRole('region', { name: 'Your players' })
  const sortBy = page.getByLabel('Sort by')
  for (const width of [375, 390]) {
    await page.setViewportSize({ width, height: 812 })
    await page.goto('/supr-builder')
    await expect(page.getByRole('rowheader', { name: /Bo Short/ })).toBeVisible()
    await largerText(page, 2)

    if (width === 375) {
      // By keyboard: a team of 4, two players chosen with the space bar, the women's reduction on.
      await page.getByRole('radio', { name: '4 players' }).check()
      for (const name of ['Alexandra Montgomery-Whitfield', 'Jordan Linkworthy']) {
        const box = page.getByRole('checkbox', { name: `Select ${name} for the team` })
        await box.focus()
        await page.keyboard.press('Space')
        await expect(box).toBeChecked()
      }
      await page.getByRole('switch', { name: 'Women reduction' }).focus()
      await page.keyboard.press('Enter')
    }
    // Maya 4.00, Alexandra 3.40, Jordan 4.75: 12.15, over the 9.00 cap.
    const total = team.getByRole('status')
    await expect(total).toContainText('12.15')
    await expect(total).toContainText('Too High')

    // Nothing runs off the screen or scrolls sideways, the table neither: its rows stack.
    await expectFitsScreen(page)
    expect(await sidewaysScrollers(main)).toEqual([])
    for (const name of ['Alexandra Montgomery-Whitfield', 'Jordan Linkworthy', 'Bo Short']) {
      const row = page.getByRole('row', { name: new RegExp(name) })
      await expectWhole(row.getByRole('checkbox', { name: `Select ${name} for the team` }).locator('..'))
      await expectWhole(row.getByRole('link', { name: `Edit ${name}` }))
      await expectWhole(row.getByRole('button', { name: `Delete ${name}` }))
    }
    // Each card holds its parts, their words breaking between them, never inside; every target is
    // 44 px; nothing lies over anything.
    for (const region of [page.getByRole('region', { name: 'Settings' }), team, players]) {
      await expectWhole(region, { target: false })
      expect(await wordsBrokenInside(region)).toEqual([])
    }
    expect(await smallTargets(main, width)).toEqual([])
    expect(await overlaps(main)).toEqual([])

    // The team total and its verdict whole on the screen.
    await expectWhole(total, { target: false })
    await expectWhole(total.getByText('Too High'), { target: false })
    expect(await lineCount(total.getByText('Too High'))).toBe(1)

    // Each way to sort shows its words whole, under its label.
    for (const option of await sortBy.locator('option').all()) {
      await sortBy.selectOption({ label: (await option.textContent())! })
      await expect.poll(() => selectsCut(main)).toEqual([])
    }
    const label = (await page.getByText('Sort by', { exact: true }).boundingBox())!
    const control = (await sortBy.boundingBox())!
    expect(control.y - (label.y + label.height)).toBeLessThanOrEqual(16)
    expect(control.y).toBeGreaterThanOrEqual(label.y + label.height - 0.5)
    expect(await overlaps(main)).toEqual([])

    // Within the cap, "Within Limits" is whole on one line too, the summary still whole.
    const jordan = page.getByRole('checkbox', { name: 'Select Jordan Linkworthy for the team' })
    await jordan.focus()
    await page.keyboard.press('Space')
    await expect(jordan).not.toBeChecked()
    await expect(total).toContainText('Within Limits')
    await expectWhole(total, { target: false })
    await expectWhole(total.getByText('Within Limits'), { target: false })
    expect(await lineCount(total.getByText('Within Limits'))).toBe(1)
    expect(await wordsBrokenInside(team)).toEqual([])
    expect(await overlaps(team)).toEqual([])
    await jordan.focus()
    await page.keyboard.press('Space')
    await expect(total).toContainText('Too High')
  }

  // The stacked table, the select over its stand-in: no WCAG A or AA violation, light or dark.
  expect(await violationsInBothThemes(page)).toEqual([])

  // The sort by keyboard: the focus ring on the box, the order before under the arrow key.
  await page.getByLabel('Search players').focus()
  await page.keyboard.press('Tab')
  await expect(sortBy).toBeFocused()
  expect(await focusRingShown(sortBy)).toBe(true)
  const before = await sortBy.inputValue()
  await page.keyboard.press('ArrowUp')
  await expect(sortBy).not.toHaveValue(before)
  await expect.poll(() => selectsCut(main)).toEqual([])

  // Delete asks in a dialog that fits too.
  await page.getByRole('button', { name: 'Delete Bo Short' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expectFitsScreen(page)
  expect(await sidewaysScrollers(dialog)).toEqual([])
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await context.close()
})

// A focused control shows its ring: on itself, or, when it is a transparent control laid over its
// stand-in, on the box around both.
function focusRingShown(locator: Locator) {
  return locator.evaluate((control) => {
    const ringed = (element: Element) => {
      const style = getComputedStyle(element)
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
    }
    if (getComputedStyle(control).opacity !== '0') return ringed(control)
    const around = control.parentElement!
    return ringed(around) || [...around.children].some(ringed)
  })
}
