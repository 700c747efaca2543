import { expect, type Page, test } from '@playwright/test'
import { violationsInBothThemes } from './support/axe'
import { arizonaTime, dateOf, journeyClock, phonePlayer } from './support/full-game'
import { expectFitsScreen, phraseLineCount } from './support/layout'
import { addVenue, postPlayDate, signInAdmin } from './support/players'

// A group's weekly series (docs/decisions/0169-recurring-series.md), on a phone: a group is made, a
// member joins by its link, an organiser starts a weekly series, the job posts its next two games,
// and the member applies to one of them while it is still the group's alone.

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/series-${name}.png`, fullPage: true })

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

test('an organiser starts a weekly series, the job posts its next two games, and a member applies to one @clock @phone-only', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000)
  const tag = Math.random().toString(36).slice(2, 6)
  const venue = `Red Mountain Pickleball Park ${tag}`
  const admin = await browser.newContext({ baseURL })
  await signInAdmin(admin)
  await addVenue(admin.request, { name: venue, address: '7745 E Brown Rd', city: 'Mesa', courts: 20 })
  await admin.close()
  const [olga, mia] = await Promise.all([
    phonePlayer(browser, 'Olga', `Host${tag}`),
    phonePlayer(browser, 'Mia', `Plays${tag}`),
  ])

  // Olga makes the group, its home the new venue.
  const page = await olga.context.newPage()
  await page.goto('/groups')
  await page.getByRole('button', { name: 'Create Group' }).click()
  const form = page.getByRole('form', { name: 'Create Group' })
  await form.getByLabel('Group name').fill(`Weekly Dinkers ${tag}`)
  await form.getByLabel('Home venue').fill(venue)
  await form.getByRole('button', { name: new RegExp(`Choose ${venue}`) }).click()
  // The chosen venue's city goes under its name, no line starting with a dot.
  await expect(form.getByText('Mesa, AZ', { exact: true })).toBeVisible()
  await form.getByRole('button', { name: 'Create Group' }).click()
  await expect(page.getByRole('heading', { name: `Weekly Dinkers ${tag}`, level: 1 })).toBeVisible()
  const link = (await page.getByText(/\/groups\/join\//).textContent())!.trim()

  // Mia joins by the link.
  const miaPage = await mia.context.newPage()
  await miaPage.goto(link)
  await miaPage.getByRole('button', { name: 'Join group' }).click()
  await expect(miaPage.getByText(`Welcome to Weekly Dinkers ${tag}`)).toBeVisible()

  // Olga starts a series on the weekday three days from today in Arizona, so the next 14 days
  // hold two of its dates whatever the day and hour the journey runs.
  const gameDay = weekdayNames[arizonaTime(3, 18).getDay()]!
  await page.reload()
  const weekly = page.getByRole('region', { name: 'Weekly games' })
  await weekly.getByRole('button', { name: 'Start a weekly series' }).click()
  const seriesForm = page.getByRole('form', { name: 'Start a weekly series' })
  await expect(seriesForm.getByText(venue)).toBeVisible()
  await seriesForm.getByLabel('Day', { exact: true }).selectOption({ label: gameDay })
  await seriesForm.getByLabel('Start time').fill('18:00')
  await seriesForm.getByLabel('Price per hour').fill('0')
  await seriesForm.getByLabel('Description (optional)').fill('Round robin, all levels.')
  await expect(seriesForm.getByRole('radio', { name: /Members first/ })).toBeChecked()
  await expectFitsScreen(page)
  await shot(page, 'form')
  await seriesForm.getByRole('button', { name: 'Start series' }).click()
  await expect(page.getByText('Weekly series started')).toBeVisible()
  const card = weekly.getByRole('listitem').filter({ hasText: `Every ${gameDay} · 6:00 PM MST · 2 h · Free` })
  await expect(card).toBeVisible()
  // At 375 px the series' summary breaks only after a dot: each part stays whole ("2 h").
  await page.setViewportSize({ width: 375, height: 812 })
  await expectFitsScreen(page)
  const summary = card.getByRole('heading', { level: 3 })
  for (const part of [`Every ${gameDay}`, '6:00 PM MST', '2 h', 'Free']) {
    expect(await phraseLineCount(summary, part), part).toBe(1)
  }
  expect(await phraseLineCount(card, 'Members first, then everyone')).toBe(1)
  await page.setViewportSize({ width: 390, height: 844 })

  // The job runs (the server's clock moves a minute): the next two dates are posted as games.
  const clock = journeyClock(request)
  try {
    await clock.moveTo(new Date(Date.now() + 60_000))
    await page.reload()
    await expect(card.getByRole('link', { name: /Open the game on/ })).toHaveCount(2)
    await expect(card.getByRole('button', { name: /^Skip / })).toHaveCount(4)
    await expectFitsScreen(page)
    expect(await violationsInBothThemes(page)).toEqual([])
    await shot(page, 'organiser')

    // Mia sees the series and its dates, and applies to the first game alone.
    await miaPage.reload()
    const miaCard = miaPage.getByRole('region', { name: 'Weekly games' }).getByRole('listitem').first()
    await expect(miaCard).toContainText(`Every ${gameDay} · 6:00 PM MST · 2 h · Free`)
    await expect(miaCard.getByRole('button', { name: /Skip/ })).toHaveCount(0)
    await expectFitsScreen(miaPage)
    await shot(miaPage, 'member')
    await miaCard
      .getByRole('link', { name: /Open the game on/ })
      .first()
      .click()
    await expect(miaPage.getByText('Round robin, all levels.')).toBeVisible()
    // A game that costs nothing says so: no team pays or earns.
    await expect(miaPage.getByRole('heading', { level: 1, name: 'Free game' })).toBeVisible()
    await expect(miaPage.getByText('Type: Free')).toBeVisible()
    await expect(miaPage.getByText('Looking to Pay Higher Level Players')).toHaveCount(0)
    // The page's HTML opens with that heading before its script runs (the build's Free first view).
    expect(await (await miaPage.request.get(miaPage.url())).text()).toMatch(/<h1[^>]*>Free game<\/h1>/)
    await miaPage.getByRole('link', { name: 'Apply to this PlayDate' }).click()
    await expect(miaPage.getByRole('heading', { level: 2, name: 'Free game' })).toBeVisible()
    await expect(miaPage.getByText(/pays this to/)).toHaveCount(0)
    await miaPage.getByRole('button', { name: /Join alone/ }).click()
    await miaPage.getByRole('button', { name: 'Submit Application' }).click()
    await expect(miaPage.getByText('Application submitted successfully')).toBeVisible()
    await shot(miaPage, 'applied')

    // Olga skips a date not posted yet, and opens the change form with the series' values.
    await card
      .getByRole('button', { name: /^Skip / })
      .first()
      .click()
    await expect(card.getByText('Skipped: no game this week')).toBeVisible()
    await expect(card.getByRole('button', { name: /^Put back / })).toHaveCount(1)
    await card.getByRole('button', { name: 'Change series' }).click()
    const changeForm = page.getByRole('form', { name: 'Change series' })
    await expect(changeForm.getByLabel('Start time')).toHaveValue('18:00')
    await expect(changeForm.getByLabel('Description (optional)')).toHaveValue('Round robin, all levels.')
    await expectFitsScreen(page)
    expect(await violationsInBothThemes(page)).toEqual([])
    await changeForm.getByRole('button', { name: 'Cancel' }).click()
    await shot(page, 'skipped')

    // A game Olga posted for the group a day ago (the server's clock moved back) is open to
    // everyone now: its page still names the group to Mia, a member, with a link to the group's
    // page; to Sam, in no group, it is any game (docs/decisions/0168).
    const groupId = new URL(page.url()).pathname.split('/').pop()!
    const sam = await phonePlayer(browser, 'Sam', `Away${tag}`)
    await clock.moveTo(new Date(Date.now() - 25 * 60 * 60_000))
    const gameId = await postPlayDate(olga.context, 'One more game this week', {
      amount: 20,
      startDate: dateOf(arizonaTime(3, 18)),
      startTime: '18:00',
      groupId,
      groupAudience: 'members_first',
    })
    await clock.restore()
    const gamePath = `/playdates/${gameId}`
    await miaPage.goto(gamePath)
    await expect(miaPage.getByText('One more game this week')).toBeVisible()
    await expect(miaPage.getByText('Group game', { exact: true })).toBeVisible()
    await expect(miaPage.getByText('Members first', { exact: true })).toHaveCount(0)
    await shot(miaPage, 'open-game-member')
    const samPage = await sam.context.newPage()
    await samPage.goto(gamePath)
    await expect(samPage.getByText('One more game this week')).toBeVisible()
    await expect(samPage.getByText('Group game', { exact: true })).toHaveCount(0)
    await expect(samPage.getByText(`Weekly Dinkers ${tag}`)).toHaveCount(0)
    await miaPage.getByRole('link', { name: `Weekly Dinkers ${tag}` }).click()
    await expect(miaPage.getByRole('heading', { name: `Weekly Dinkers ${tag}`, level: 1 })).toBeVisible()
    await sam.context.close()
  } finally {
    await clock.restore()
  }
})
