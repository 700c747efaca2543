import { expect, type Page, test } from '@playwright/test'
import { violationsInBothThemes } from './support/axe'
import { journeyClock, matchedPlayDate, rosaSamTaraUma } from './support/full-game'

// After a game, from the dashboard: once the game has started Rosa's "Waiting for you" asks her
// to report it, naming the game, and leads to the report form; Tara confirms Rosa's report from
// her own dashboard, the button naming the game; then both History cards show the result, each
// from the player's side, and what the team paid or earned.

const waiting = (page: Page) => page.locator('section[aria-labelledby="waiting-for-you"]')
const cardOf = (page: Page, id: string) =>
  page.getByRole('article').filter({ has: page.locator(`a[href^="/playdates/${id}"]`) })

test('the dashboard asks for the result of a started game, confirms it by name, and History shows it @phone-only @clock', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { rosa, tara, contexts } = await rosaSamTaraUma(browser)
  const game = await matchedPlayDate(contexts, {
    description: 'Doubles after work',
    days: 5,
    startTime: '08:00',
  })
  const [r, t] = [rosa.page, tara.page]

  // Before the start there is nothing to report.
  await r.goto('/dashboard')
  await expect(waiting(r)).toBeVisible()
  await expect(waiting(r).getByRole('link', { name: /^Report the result/ })).toHaveCount(0)

  // The server's clock passes the start.
  const clock = journeyClock(r.request)
  await clock.moveTo(new Date(Date.parse(game.startsAt) + 60 * 60_000))
  try {
    await r.reload()
    const report = waiting(r).getByRole('link', { name: /^Report the result of .* 8:00 AM MST/ })
    await expect(report).toBeVisible()
    await expect(waiting(r)).toContainText('Result to report')
    expect(await violationsInBothThemes(r)).toEqual([])
    await report.click()
    await expect(r).toHaveURL(new RegExp(`/playdates/${game.id}#game-result$`))
    const result = r.getByRole('region', { name: 'Result' })
    await result.getByRole('radio', { name: 'We played' }).check()
    await result.getByRole('group', { name: 'Game 1' }).getByLabel('Your team').fill('11')
    await result.getByRole('group', { name: 'Game 1' }).getByLabel('Them').fill('7')
    await result.getByRole('button', { name: 'Report result' }).click()
    await expect(result).toContainText('Waiting for the other team to confirm')
    // Reported: Rosa is no longer asked.
    await r.goto('/dashboard')
    await expect(waiting(r)).toBeVisible()
    await expect(waiting(r).getByRole('link', { name: /^Report the result/ })).toHaveCount(0)

    // Tara confirms from her dashboard; the item and its button name the game.
    await t.goto('/dashboard')
    const confirm = waiting(t).getByRole('button', { name: /^Confirm result of .* 8:00 AM MST/ })
    await expect(confirm).toBeVisible()
    await expect(waiting(t).getByRole('link', { name: /^Report the result/ })).toHaveCount(0)
    await expect(waiting(t)).toContainText(/Game of .* 8:00 AM MST/)
    await confirm.click()
    await expect(t.getByText('Result confirmed')).toBeVisible()
    await expect(confirm).toHaveCount(0)
    // The confirmation becomes final a minute later, when its job runs (docs/decisions/0159).
    await clock.forward(1)

    // History: each card shows the result from its player's side, and the money as past: Rosa's
    // team challenged, and paid; Tara's earned.
    await t.goto('/playdates?tab=history')
    await expect(cardOf(t, game.id)).toContainText('Lost 7-11')
    await expect(cardOf(t, game.id)).toContainText('Your team earned')
    await r.goto('/playdates?tab=history')
    await expect(cardOf(r, game.id)).toContainText('Won 11-7')
    await expect(cardOf(r, game.id)).toContainText('Your team paid')
    expect(await violationsInBothThemes(r)).toEqual([])
  } finally {
    await clock.restore()
  }
  for (const context of contexts) await context.close()
})
