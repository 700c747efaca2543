import { type Browser, expect, type Locator, test } from '@playwright/test'
import { violationsInBothThemes } from './support/axe'
import {
  expectFitsScreen,
  largerText,
  lineCount,
  openAvailableFilters,
  phraseLineCount,
} from './support/layout'
import {
  befriend,
  createPlayDate,
  createPlayer,
  currentUserId,
  headers,
  signInContext,
} from './support/players'

// What a player reads at the courts, on a 390 px phone: a PlayDate's page leads with when, where,
// who and the price, then what is theirs to do, and the applications and the teams after; each
// name leads to the player's profile. Available folds its filters into one line, so the first
// games show on the first screen.

async function playerNamed(
  browser: Browser,
  firstName: string,
  lastName: string,
  ratings: { noDuprRating?: boolean; selfRating?: number } = {},
) {
  const { viewport, isMobile, hasTouch, baseURL } = test.info().project.use
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch })
  await signInContext(context, await createPlayer({ firstName, lastName, ...ratings }))
  const home = await context.request.put('/api/profiles/me/home', {
    headers,
    data: { homeState: 'AZ', homeRegion: 'east_valley' },
  })
  expect(home.status(), await home.text()).toBe(200)
  return context
}

const top = async (locator: Locator) => (await locator.boundingBox())!.y

test('a PlayDate’s page leads with when, where, who and the price, and its names lead to profiles @phone-only', async ({
  browser,
}) => {
  const tag = Math.random().toString(36).slice(2, 6)
  const [ann, ben, cat, dan] = await Promise.all([
    playerNamed(browser, 'Ann', `Lead${tag}`),
    // Ben has no DUPR rating yet: his self rating counts in his team's Team DUPR.
    playerNamed(browser, 'Ben', `Lead${tag}`, { noDuprRating: true, selfRating: 3.0 }),
    playerNamed(browser, 'Cat', `Lead${tag}`),
    playerNamed(browser, 'Dan', `Lead${tag}`),
  ])
  await Promise.all([befriend(ann, ben), befriend(cat, dan)])
  const id = await createPlayDate(ann, ben, 'Drills, then games to 11.', {
    place: 'Kiwanis Park, courts 3 and 4',
  })
  const applied = await cat.request.post(`/api/play-dates/${id}/requests`, {
    headers,
    data: { partnerId: await currentUserId(dan) },
  })
  expect(applied.status(), await applied.text()).toBe(201)

  // Ann, the creator: the details first, then the applications to answer, then both teams.
  const page = await ann.newPage()
  await page.goto(`/playdates/${id}`)
  const main = page.getByRole('main')
  const details = main.getByRole('heading', { name: 'Details' })
  await expect(details).toBeVisible()
  const facts = details.locator('..')
  await expect(facts.getByText('When', { exact: true })).toBeVisible()
  await expect(facts.getByText('Kiwanis Park, courts 3 and 4')).toBeVisible()
  await expect(facts.getByText('$30/hour')).toBeVisible()
  const who = facts.getByText('Who', { exact: true }).locator('..')
  await expect(who).toContainText(`Ann Lead${tag} & Ben Lead${tag}`)
  await expect(who).toContainText('vs. 2 open spots')
  // Everything the page leads with is on its first screen.
  await expect(facts.getByText('Price', { exact: true })).toBeInViewport()
  const applications = main.getByRole('heading', { name: 'Applications' })
  const creatorTeam = main.getByRole('heading', { name: 'Creator Team' })
  expect(await top(details)).toBeLessThan(await top(applications))
  expect(await top(applications)).toBeLessThan(await top(creatorTeam))
  expect(await top(creatorTeam)).toBeLessThan(
    await top(main.getByRole('heading', { name: 'Responding Team' })),
  )
  // The creator team's Team DUPR says it counts Ben's self rating: (3.50 + 3.00) / 2.
  const teamDupr = creatorTeam.locator('..').getByText('Team DUPR', { exact: true }).locator('..')
  await expect(teamDupr).toContainText('3.25')
  await expect(teamDupr).toContainText('Counts a self rating')
  expect(await violationsInBothThemes(page)).toEqual([])

  // "Add to calendar" stays a link to the file (a long press offers it, it needs no script), and a
  // tap says the file is on its way in words true where it opens (an iPhone) and where it downloads.
  const calendar = facts.getByRole('link', { name: 'Add to calendar' })
  await expect(calendar).toHaveAttribute('href', `/api/play-dates/${id}/calendar`)
  const [download] = await Promise.all([page.waitForEvent('download'), calendar.click()])
  expect(download.suggestedFilename()).toMatch(/\.ics$/)
  const alerts = page.getByRole('region', { name: /Alerts/ })
  await expect(alerts.getByText('Your calendar file is on its way')).toBeVisible()
  await expect(
    alerts.getByText('If it does not open by itself, open it from your downloads to add the game.'),
  ).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/playdates/${id}$`))

  // Each name leads to the player's profile: from the applications, and from Who.
  await expect(applications.locator('..').getByRole('link', { name: `Cat Lead${tag}` })).toHaveAttribute(
    'href',
    `/profile/${await currentUserId(cat)}`,
  )
  await who.getByRole('link', { name: `Ben Lead${tag}` }).click()
  await expect(page).toHaveURL(new RegExp(`/profile/${await currentUserId(ben)}$`))
  await expect(page.getByRole('heading', { name: `Ben Lead${tag}` })).toBeVisible()

  // On her list, where a line is short (375 px, the phone's text larger), the card's Team DUPR
  // breaks after its dot: "Team DUPR 3.25 ·" and "counts a self rating" each whole.
  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/playdates')
  await largerText(page)
  const rating = page.getByRole('article').locator('p', { hasText: 'counts a self rating' })
  await expect(rating).toHaveText('Team DUPR 3.25 · counts a self rating')
  for (const part of ['Team DUPR 3.25', 'counts a self rating'])
    expect(await phraseLineCount(rating, part)).toBe(1)
  await page.setViewportSize({ width: 390, height: 844 })

  // Cat, who applied: her application, with its Withdraw, comes before the details and the teams
  // (docs/decisions/0203-a-new-players-first-game-on-a-phone.md).
  const catPage = await cat.newPage()
  await catPage.goto(`/playdates/${id}`)
  const yours = catPage.getByRole('heading', { name: 'Your Application' })
  await expect(yours).toBeVisible()
  expect(await top(yours)).toBeLessThan(await top(catPage.getByRole('heading', { name: 'Details' })))
  expect(await top(yours)).toBeLessThan(await top(catPage.getByRole('heading', { name: 'Creator Team' })))
  for (const context of [ann, ben, cat, dan]) await context.close()
})

test('on a phone Available’s filters fold into one line that opens them, and the games come first @phone-only', async ({
  browser,
}) => {
  const tag = Math.random().toString(36).slice(2, 6)
  const [ann, ben, eve] = await Promise.all([
    playerNamed(browser, 'Ann', `Fold${tag}`),
    playerNamed(browser, 'Ben', `Fold${tag}`),
    playerNamed(browser, 'Eve', `Fold${tag}`),
  ])
  await befriend(ann, ben)
  await createPlayDate(ann, ben, 'Morning doubles.')

  const page = await eve.newPage()
  await page.goto('/playdates?tab=available')
  const fold = page.getByRole('button', { name: /Filters$/ })
  await expect(fold).toHaveAccessibleName('East Valley · Filters')
  await expect(fold).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByRole('group', { name: 'When' })).toBeHidden()
  await expect(page.getByRole('article').first()).toBeInViewport()
  expect(await violationsInBothThemes(page)).toEqual([])

  await fold.click()
  await expect(fold).toHaveAttribute('aria-expanded', 'true')
  await page.getByRole('button', { name: 'This weekend' }).click()
  await expect(page).toHaveURL(/when=weekend/)
  await expect(fold).toHaveAccessibleName('This weekend · East Valley · Filters')
  expect(await violationsInBothThemes(page)).toEqual([])

  // Choosing dates: a date not chosen yet is what to do next, not an error; an end before the
  // start is one.
  await page.getByRole('button', { name: 'Choose dates' }).click()
  const from = page.getByLabel('From')
  const to = page.getByLabel('To', { exact: true })
  if (!(await from.inputValue())) await from.fill('2030-06-10')
  await expect(page.getByText('Choose an end date')).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Choose an end date' })).toHaveCount(0)
  await expect(to).not.toHaveAttribute('aria-invalid', 'true')
  const start = await from.inputValue()
  const dayBefore = new Date(Date.parse(`${start}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
  await to.fill(dayBefore)
  await expect(
    page.getByRole('alert').filter({ hasText: 'The end date cannot be before the start date' }),
  ).toBeVisible()
  await expect(to).toHaveAttribute('aria-invalid', 'true')
  await page.getByRole('button', { name: 'This weekend' }).click()
  await expect(page).toHaveURL(/when=weekend/)
  await page.getByRole('button', { name: 'Done' }).click()
  await expect(fold).toHaveAttribute('aria-expanded', 'false')
  await expect(fold).toBeFocused()
  await expect(page.getByRole('group', { name: 'When' })).toBeHidden()

  // The filtered list is a link: it opens folded, saying what it shows.
  await page.reload()
  await expect(fold).toHaveAccessibleName('This weekend · East Valley · Filters')
  for (const context of [ann, ben, eve]) await context.close()
})

test('on a 375 and a 390 px phone the tabs and the folded filters each take one line, with 44 px targets and a visible focus @phone-only', async ({
  browser,
}) => {
  const eve = await playerNamed(browser, 'Eve', `Line${Math.random().toString(36).slice(2, 6)}`)
  const page = await eve.newPage()
  const fold = page.getByRole('button', { name: /Filters$/ })
  const tabs = page.getByRole('tab')
  for (const width of [375, 390]) {
    await page.setViewportSize({ width, height: 800 })
    // A player's first looks: their home area, then "Games I can join alone" in the longest region
    // name near Phoenix, then a date, then a longer place.
    for (const [filters, summary] of [
      ['', 'East Valley'],
      ['&state=AZ&region=central_phoenix&alone=true', 'Central Phoenix · Join alone'],
      ['&state=AZ&region=central_phoenix&when=weekend', 'This weekend · Central Phoenix'],
      ['&state=AZ&region=lake_havasu&when=week', 'Next 7 days · Lake Havasu City'],
    ] as const) {
      await page.goto(`/playdates?tab=available${filters}`)
      await expect(fold).toHaveAccessibleName(`${summary} · Filters`)
      expect(await lineCount(fold), `"${summary}" at ${width} px`).toBe(1)
      expect((await fold.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    }
    await expect(tabs).toHaveText(['My PlayDates', 'Available', 'History'])
    for (const tab of await tabs.all()) {
      expect(await lineCount(tab), `${await tab.textContent()} at ${width} px`).toBe(1)
      expect((await tab.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    }
    await expectFitsScreen(page)
  }

  // The keyboard's focus shows: on a tab, and on the folded line after it.
  await page.getByRole('tab', { name: 'Available' }).focus()
  await page.keyboard.press('ArrowLeft')
  const mine = page.getByRole('tab', { name: 'My PlayDates' })
  await expect(mine).toBeFocused()
  await expect(mine).toHaveCSS('outline-style', 'solid')
  await page.keyboard.press('ArrowRight')
  const available = page.getByRole('tab', { name: 'Available', selected: true })
  await expect(available).toBeFocused()
  // Two keys quicker than the page redraws (one task): Left, then Right, comes back to Available.
  await available.evaluate(() => {
    for (const key of ['ArrowLeft', 'ArrowRight']) {
      document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))
    }
  })
  await expect(available).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(fold).toBeFocused()
  await expect(fold).toHaveCSS('outline-style', 'solid')
  await eve.close()
})

test('on a wide screen Available keeps its filters open', async ({ browser }) => {
  const eve = await playerNamed(browser, 'Eve', `Wide${Math.random().toString(36).slice(2, 6)}`)
  const page = await eve.newPage()
  await page.goto('/playdates?tab=available')
  await openAvailableFilters(page)
  await expect(page.getByRole('button', { name: /Filters$/ })).toBeHidden()
  await expect(page.getByRole('group', { name: 'When' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Games I can join alone' })).toBeVisible()
  await eve.close()
})
