import { expect, test } from '@playwright/test'
import { arizonaTime, journeyClock, phonePlayer } from './support/full-game'
import { moveClock, postPlayDate } from './support/players'

// Available left open moves with the server's clock (docs/decisions/0229): a PlayDate leaves it
// at its start, when nobody may join it any more, with no reload and on a phone whose clock runs
// ahead of the server's, without leaving it before the server has passed the start.

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

test('a PlayDate leaves Available left open at its start by the server clock, on a phone ahead of it @clock @phone-only', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const tag = Math.random().toString(36).slice(2, 6)
  const [fay, gus] = await Promise.all([
    phonePlayer(browser, 'Fay', `Leaves${tag}`),
    phonePlayer(browser, 'Gus', `Leaves${tag}`),
  ])
  const start = arizonaTime(4, 11)
  const day = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`
  await postPlayDate(fay.context, 'Gone at eleven', { startDate: day, startTime: '11:00' })
  const clock = journeyClock(request)
  try {
    // Four to five minutes before its start. Gus's phone runs two minutes ahead of the server;
    // Available, filtered to the game's day, is open on it with the game there to apply to.
    await clock.moveTo(new Date(start.getTime() - 5 * 60_000))
    const serverNow = new Date((await moveClock(request, 0)).now).getTime()
    await gus.context.clock.install({ time: new Date(serverNow + 2 * 60_000) })
    const list = await gus.context.newPage()
    await list.goto(`/playdates?tab=available&state=AZ&region=east_valley&when=range&from=${day}&to=${day}`)
    const card = list.getByRole('article').filter({ hasText: `Fay Leaves${tag}` })
    await expect(card.getByText('Status: Available')).toBeVisible()

    // Four minutes on for both: the phone's clock has passed the start, the server's has not, and
    // the game is still there to join.
    await clock.forward(4)
    await gus.context.clock.runFor(4 * 60_000)
    await expect(card.getByText('Status: Available')).toBeVisible()
    // Two minutes more: the server's clock has passed it too, and the list, never reloaded, no
    // longer offers it.
    await clock.forward(2)
    await gus.context.clock.runFor(2 * 60_000)
    await expect(card).toHaveCount(0)
  } finally {
    await clock.restore()
  }
  await Promise.all([fay, gus].map((phone) => phone.context.close()))
})
