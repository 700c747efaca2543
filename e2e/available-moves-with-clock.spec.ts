import { expect, test } from '@playwright/test'
import { arizonaTime, dateOf, journeyClock, phonePlayer } from './support/full-game'
import { headers, moveClock, postPlayDate } from './support/players'

// Lists of games to join left open move with the server's clock (docs/decisions/0229): a PlayDate
// leaves Available and its group's upcoming games at its start, when nobody may join it any more,
// with no reload and on a phone whose clock runs ahead of the server's, and not before the server
// has passed the start.

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

test("a PlayDate leaves Available and its group's page left open at its start by the server clock, on a phone ahead of it @clock @phone-only", async ({
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
  const day = dateOf(start)
  // Fay posts it for her group, which Gus is in.
  const created = await fay.context.request.post('/api/groups', {
    headers,
    data: { name: `Elevens ${tag}`, visibility: 'open' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const groupId = ((await created.json()) as { id: string }).id
  const group = (await (await fay.context.request.get(`/api/groups/${groupId}`)).json()) as {
    invitePath: string
  }
  const joined = await gus.context.request.post(`/api/${group.invitePath.slice(1)}`, { headers })
  expect(joined.status(), await joined.text()).toBe(200)
  await postPlayDate(fay.context, 'Gone at eleven', { startDate: day, startTime: '11:00', groupId })
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
    const groupPage = await gus.context.newPage()
    await groupPage.goto(`/groups/${groupId}`)
    const groupGame = groupPage
      .getByRole('region', { name: 'Upcoming games' })
      .getByRole('article')
      .filter({ hasText: `Fay Leaves${tag}` })
    await expect(groupGame).toBeVisible()

    // Four minutes on for both: the phone's clock has passed the start, the server's has not, and
    // the game is still there to join.
    await clock.forward(4)
    await gus.context.clock.runFor(4 * 60_000)
    await expect(card.getByText('Status: Available')).toBeVisible()
    await expect(groupGame).toBeVisible()
    // Two minutes more: the server's clock has passed it too, and the list, never reloaded, no
    // longer offers it.
    await clock.forward(2)
    await gus.context.clock.runFor(2 * 60_000)
    await expect(card).toHaveCount(0)
    await expect(groupPage.getByText('No games coming up.')).toBeVisible()
  } finally {
    await clock.restore()
  }
  await Promise.all([fay, gus].map((phone) => phone.context.close()))
})
