import { expect, test } from '@playwright/test'
import { phoneContext } from './support/devices'
import { arizonaTime, dateOf, installPhoneClock, journeyClock, phonePlayer } from './support/full-game'
import { createPlayer, headers, moveClock, postPlayDate, signInContext } from './support/players'

// Lists of games to join left open move with the server's clock (docs/decisions/0229): a PlayDate
// leaves Available and its group's upcoming games at its start, when nobody may join it any more,
// with no reload and on a phone whose clock runs ahead of the server's, and not before the server
// has passed the start. And what "today" means moves on at midnight, in the zone the days are read
// in, with no reload either.

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
    await installPhoneClock(gus.context, new Date(serverNow + 2 * 60_000))
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

test('today moves on at midnight in Arizona on phones left open: a game’s day, Available filtered to today, the dates to choose and the dashboard @clock @phone-only', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const tag = Math.random().toString(36).slice(2, 6)
  const ann = await phonePlayer(browser, 'Ann', `Midnight${tag}`)
  // Ben lives in Arizona and looks at every state, on a phone that keeps New York's time: the
  // days are his home state's, not the phone's.
  const benPlayer = await createPlayer({ firstName: 'Ben', lastName: `Midnight${tag}` })
  const ben = await phoneContext(browser, { timezoneId: 'America/New_York' })
  await signInContext(ben, benPlayer)
  const home = await ben.request.put('/api/profiles/me/home', {
    headers,
    data: { homeState: 'AZ', homeRegion: 'east_valley' },
  })
  expect(home.status(), await home.text()).toBe(200)
  // Ann's game is tomorrow morning in Arizona.
  const midnight = arizonaTime(1, 0)
  const morning = arizonaTime(1, 9)
  await postPlayDate(ann.context, 'The morning after', { startDate: dateOf(morning), startTime: '09:00' })
  const clock = journeyClock(request)
  try {
    // Three minutes or less before midnight in Arizona, on the server and on both phones.
    await clock.moveTo(new Date(midnight.getTime() - 3 * 60_000))
    const serverNow = new Date((await moveClock(request, 0)).now)
    await Promise.all([installPhoneClock(ann.context, serverNow), installPhoneClock(ben, serverNow)])

    const dashboard = await ann.context.newPage()
    await dashboard.goto('/dashboard')
    const nextGame = dashboard
      .getByRole('region', { name: 'Your next games' })
      .getByRole('listitem')
      .filter({ hasText: `Ann Midnight${tag}` })
    await expect(nextGame.getByText('9:00 AM MST')).toBeVisible()
    await expect(nextGame.getByText('tomorrow')).toBeVisible()

    const list = await ben.newPage()
    await list.goto('/playdates?tab=available&state=all&when=today')
    await expect(list.getByText(/^Showing \d+ of|^No PlayDates match/)).toBeVisible()
    const card = list.getByRole('article').filter({ hasText: `Ann Midnight${tag}` })
    await expect(card).toHaveCount(0)

    // Past midnight, neither page reloaded.
    await clock.forward(3)
    await Promise.all([ann.context.clock.runFor(3 * 60_000), ben.clock.runFor(3 * 60_000)])
    await expect(nextGame.getByText('today')).toBeVisible()
    await expect(card.getByText('9:00 AM MST')).toBeVisible()
    await expect(card.getByText('today')).toBeVisible()
    // Dates to choose start on Arizona's new day (by then still the old one in California).
    await list.getByRole('button', { name: /Filters/ }).click()
    await list.getByRole('button', { name: 'Choose dates' }).click()
    await expect(list.getByLabel('From')).toHaveValue(dateOf(morning))
    await expect(list.getByLabel('From')).toHaveAttribute('min', dateOf(morning))
  } finally {
    await clock.restore()
  }
  await Promise.all([ann.context.close(), ben.close()])
})
