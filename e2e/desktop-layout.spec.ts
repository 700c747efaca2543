import { expect, type Locator, test } from '@playwright/test'
import { appOrigin, createPlayDate, matchedFoursome } from './support/players'

// On a wide screen the PlayDates list and the PlayDate chosen from it sit side by side, and a
// matched PlayDate's chat is a column beside its details
// (docs/decisions/0105-desktop-list-and-detail.md). The players, their match and the other
// PlayDates are made through the API; choosing, reading and chatting happen in the page.

const headers = { origin: appOrigin }

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not on screen')
  return found
}

test('on a wide screen a PlayDate opens beside the list, with its chat beside its details', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { players, id } = await matchedFoursome(browser, 'Evening doubles at Kiwanis, courts 3 and 4')
  const [ann, ben, cat] = players
  // More of Ann's PlayDates, so the list scrolls before it reaches the matched one.
  for (let n = 1; n <= 4; n++) await createPlayDate(ann, ben, `Morning drills ${n}`)
  const hello = await cat.request.post(`/api/play-dates/${id}/messages`, {
    headers,
    data: { content: 'Cat here: courts 3 and 4 are booked.' },
  })
  expect(hello.status(), await hello.text()).toBe(201)

  const page = await ann.newPage()
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/playdates')
  const pane = page.getByRole('region', { name: 'Selected PlayDate' })
  await expect(pane).toContainText('Choose a PlayDate to see it here')
  // The tab goes into the URL, and stays there when a PlayDate is chosen.
  await page.getByRole('tab', { name: 'History' }).click()
  await page.getByRole('tab', { name: 'My PlayDates' }).click()
  await expect(page).toHaveURL(/\/playdates\?tab=mine$/)

  const matchedCard = page.getByRole('article').filter({ hasText: 'Matched' })
  const cardLink = matchedCard.getByRole('link', { name: /Ann .* & Ben / })
  await expect(page.getByRole('article')).toHaveCount(5)
  await cardLink.scrollIntoViewIfNeeded()
  const listColumn = page.getByRole('tablist', { name: 'PlayDates' }).locator('xpath=../..')
  const listScroll = await listColumn.evaluate((element) => element.scrollTop)
  expect(listScroll).toBeGreaterThan(0)

  // Chosen with the keyboard: the PlayDate shows beside the list, and focus moves to it.
  await cardLink.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/playdates/${id}\\?tab=mine$`))
  const heading = page.getByRole('heading', { level: 1, name: 'Looking to Pay Higher Level Players' })
  await expect(heading).toBeVisible()
  await expect(pane).toBeFocused()
  expect(await pane.evaluate((element) => element.matches(':focus-visible'))).toBe(true)
  await expect(cardLink).toHaveAttribute('aria-current', 'page')
  // The list stayed where it was scrolled to.
  expect(await listColumn.evaluate((element) => element.scrollTop)).toBe(listScroll)
  await expect(matchedCard).toBeInViewport()

  const sideBySide = async () => {
    const card = await box(matchedCard)
    const title = await box(heading)
    const thread = await box(page.getByRole('region', { name: 'Message thread' }))
    const teams = await box(page.getByRole('heading', { name: 'Creator Team' }))
    // List, details and chat: three columns, left to right, each in view at once.
    expect(card.x + card.width).toBeLessThanOrEqual(title.x)
    expect(teams.x + teams.width).toBeLessThanOrEqual(thread.x)
    expect(title.y).toBeLessThan(card.y + card.height)
    expect(thread.height).toBeGreaterThan(200)
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeInViewport()
  }
  await sideBySide()
  // Beside the chat there is nothing for 'Open chat' or 'Back' to do.
  await expect(page.getByRole('link', { name: 'Open chat' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0)

  // A message sent from the side-by-side view.
  const log = page.getByRole('log', { name: 'Messages' })
  await expect(log).toContainText('Cat here: courts 3 and 4 are booked.')
  const input = page.getByRole('textbox', { name: 'Message' })
  await input.fill('Ann: great, see you there.')
  await input.press('Enter')
  await expect(input).toHaveValue('')
  await expect(log).toContainText('Ann: great, see you there.')

  // A reload, and a narrower desktop, show the same view.
  await page.reload()
  await expect(heading).toBeVisible()
  await expect(page.getByRole('tab', { name: 'My PlayDates' })).toHaveAttribute('aria-selected', 'true')
  await expect(log).toContainText('Ann: great, see you there.')
  await expect(cardLink).toHaveAttribute('aria-current', 'page')
  await sideBySide()
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 800 })
    await matchedCard.scrollIntoViewIfNeeded()
    await sideBySide()
  }

  // Back: the list again, with nothing chosen.
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goBack()
  await expect(page).toHaveURL(/\/playdates\?tab=mine$/)
  await expect(pane).toContainText('Choose a PlayDate to see it here')
  await expect(page.getByRole('article')).toHaveCount(5)

  // On a phone's width the list and the PlayDate stay two pages.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(page.getByText('Choose a PlayDate to see it here')).toHaveCount(0)
  await cardLink.click()
  await expect(heading).toBeVisible()
  await expect(page.getByRole('tablist', { name: 'PlayDates' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible()
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByRole('tablist', { name: 'PlayDates' })).toBeVisible()

  await Promise.all(players.map((context) => context.close()))
})
