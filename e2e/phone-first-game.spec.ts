import { type APIRequestContext, type Browser, expect, test } from '@playwright/test'
import { arizonaTime, dateOf, journeyClock, matchedGame, phonePlayer } from './support/full-game'
import { headers, moveClock, postPlayDate } from './support/players'

// A new player's first game on a phone, where the last review found it hurt
// (docs/decisions/0203-a-new-players-first-game-on-a-phone.md).

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

test('on a 375 px phone "DUPR 2.55–3.55" stays whole on the card, the PlayDate page and the apply page @phone-only', async ({
  browser,
}) => {
  const tag = Math.random().toString(36).slice(2, 6)
  const [fay, sol] = await Promise.all([
    phonePlayer(browser, 'Fay', `Range${tag}`),
    phonePlayer(browser, 'Sol', `Range${tag}`),
  ])
  // On a day of its own, 20 to 80 days ahead, so Available filtered to that day shows it among few
  // whatever the other journeys posted.
  const day = new Date(Date.now() + (20 + Math.floor(Math.random() * 60)) * 24 * 60 * 60_000)
    .toISOString()
    .slice(0, 10)
  const id = await postPlayDate(fay!.context, 'New in town, join alone', {
    minDupr: 2.55,
    maxDupr: 3.55,
    startDate: day,
  })

  const page = await sol!.context.newPage()
  await page.setViewportSize({ width: 375, height: 812 })
  const range = () => page.getByText('DUPR 2.55–3.55', { exact: true })

  await page.goto(`/playdates?tab=available&state=AZ&region=east_valley&when=range&from=${day}&to=${day}`)
  const card = page.getByRole('article').filter({ hasText: `Fay Range${tag}` })
  await expect(card).toContainText('DUPR 2.55–3.55 may join alone')
  await expect(card.getByText('DUPR 2.55–3.55', { exact: true })).toHaveCSS('white-space', 'nowrap')

  await page.goto(`/playdates/${id}`)
  await expect(page.getByText('3 spots left · partner wanted · DUPR 2.55–3.55 may join alone')).toBeVisible()
  await expect(range()).toHaveCSS('white-space', 'nowrap')

  await page.goto(`/playdates/${id}/apply`)
  await expect(page.getByText('3 spots left · partner wanted · DUPR 2.55–3.55 may join alone')).toBeVisible()
  await expect(range()).toHaveCSS('white-space', 'nowrap')
})

test('after applying alone the wait comes before the details; the creator is sent to the applications first @phone-only', async ({
  browser,
}) => {
  const tag = Math.random().toString(36).slice(2, 6)
  const [fay, sol] = await Promise.all([
    phonePlayer(browser, 'Fay', `Wait${tag}`),
    phonePlayer(browser, 'Sol', `Wait${tag}`),
  ])
  const id = await postPlayDate(fay!.context, 'Morning doubles, join alone')

  const page = await sol!.context.newPage()
  await page.goto(`/playdates/${id}/apply`)
  await page.getByText('Join alone', { exact: true }).tap()
  await page.getByRole('button', { name: 'Submit Application' }).tap()
  await expect(page).toHaveURL(new RegExp(`/playdates/${id}$`))
  // On the first screen: what the player waits for, and Withdraw, above the game's details.
  const waiting = page.getByRole('heading', { name: 'Your Application' })
  await expect(waiting).toBeInViewport()
  await expect(page.getByText('Waiting for the creator team to answer.')).toBeInViewport()
  await expect(page.getByRole('button', { name: 'Withdraw' })).toBeInViewport()
  const details = await page.getByRole('heading', { name: 'Details' }).boundingBox()
  expect((await waiting.boundingBox())!.y).toBeLessThan(details!.y)

  // The creator's first screen sends them to the application, under the details.
  const creator = await fay!.context.newPage()
  await creator.goto(`/playdates/${id}`)
  const answer = creator.getByRole('link', { name: 'Answer 1 application' })
  await expect(answer).toBeInViewport()
  expect((await answer.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  await answer.tap()
  const asPartner = creator.getByRole('button', { name: `Accept Sol Wait${tag} as your partner` })
  await expect(asPartner).toBeInViewport()
  await asPartner.tap()
  const confirm = creator.getByRole('dialog').getByRole('button', { name: /Accept/ })
  if (await confirm.isVisible()) await confirm.tap()
  await expect(creator.getByRole('link', { name: /^Answer \d application/ })).toHaveCount(0)
})

// Ann and Ben's game with Cal and Dee, each on a phone, at 9:00 in Arizona two days from now, and
// the server's clock to move through it.
async function gameInTwoDays(browser: Browser, request: APIRequestContext) {
  const tag = Math.random().toString(36).slice(2, 6)
  const [ann, ben, cal, dee] = await Promise.all(
    ['Ann', 'Ben', 'Cal', 'Dee'].map((name) => phonePlayer(browser, name, `Day${tag}`)),
  )
  const start = arizonaTime(2, 9)
  const id = await matchedGame([ann!.context, ben!.context, cal!.context, dee!.context], start)
  return { tag, ann: ann!, ben: ben!, cal: cal!, dee: dee!, start, id, clock: journeyClock(request) }
}

test('the reminder names the players once; after the game the result comes before the details @clock @phone-only', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const { tag, ann, ben, cal, dee, start, id, clock } = await gameInTwoDays(browser, request)
  try {
    // An hour before: the reminder's game line says when and where, its message who, each once.
    await clock.moveTo(new Date(start.getTime() - 60 * 60_000))
    const cal1 = await cal.context.newPage()
    await cal1.goto('/notifications')
    const reminder = cal1.getByRole('listitem').filter({ hasText: 'PlayDate in 2 hours' })
    await expect(
      reminder.getByText(`Ann Day${tag} & Ben Day${tag} vs Cal Day${tag} & Dee Day${tag}`, { exact: true }),
    ).toBeVisible()
    await expect(
      reminder.getByText(
        /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2} · 9:00 AM MST at Red Mountain Pickleball Park$/,
      ),
    ).toHaveCount(1)
    // Her list, read while the server's clock is still before the start, on a phone whose clock
    // reads two hours after it: the game's result is not settled, not only "Matched".
    const early = await ann.context.newPage()
    await early.clock.install({ time: new Date(start.getTime() + 2 * 60 * 60_000) })
    await early.goto('/playdates?tab=mine')
    const earlyCard = early.getByRole('article').filter({ hasText: `Cal Day${tag}` })
    await expect(earlyCard.getByText('Result not settled yet')).toBeVisible()
    await expect(earlyCard).toContainText('Matched')
    await early.close()

    // After the game Ann's page opens on the result to report, above the details.
    await clock.moveTo(new Date(start.getTime() + 2 * 60 * 60_000))
    const a = await ann.context.newPage()
    await a.goto(`/playdates/${id}`)
    const result = a.getByRole('region', { name: 'Result' })
    await expect(result.getByRole('radio', { name: 'We played' })).toBeInViewport()
    const details = await a.getByRole('heading', { name: 'Details' }).boundingBox()
    expect((await result.boundingBox())!.y).toBeLessThan(details!.y)
    await result.getByRole('radio', { name: 'We played' }).check()
    const game = result.getByRole('group', { name: 'Game 1' })
    await game.getByLabel('Your team').fill('11')
    await game.getByLabel('Them').fill('7')
    await result.getByRole('button', { name: 'Report result' }).tap()
    await expect(result).toContainText('Waiting for the other team to confirm')
    // Now her list says whose move it is: the other team's, with nothing for her to open.
    const list = await ann.context.newPage()
    await list.clock.install({ time: new Date(start.getTime() + 2 * 60 * 60_000) })
    await list.goto('/playdates?tab=mine')
    const card = list.getByRole('article').filter({ hasText: `Cal Day${tag}` })
    await expect(card.getByText('Waiting for the other team to confirm')).toBeVisible()
    await expect(card.getByRole('link', { name: /^Result to/ })).toHaveCount(0)
    await expect(card).toContainText('Matched')

    // Cal's first screen has the report and the button to confirm it.
    await cal1.goto(`/playdates/${id}`)
    await expect(cal1.getByRole('region', { name: 'Result' })).toContainText('You lost 7-11')
    await expect(cal1.getByRole('button', { name: 'Confirm result' })).toBeInViewport()
    // His list has the result to confirm, one tap from it.
    const calList = await cal.context.newPage()
    await calList.clock.install({ time: new Date(start.getTime() + 2 * 60 * 60_000) })
    await calList.goto('/playdates?tab=mine')
    const calCard = calList.getByRole('article').filter({ hasText: `Ann Day${tag}` })
    const toConfirm = calCard.getByRole('link', {
      name: `Result to confirm for your game with Ann Day${tag} & Ben Day${tag}`,
    })
    await expect(toConfirm).toBeVisible()
    expect((await toConfirm.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await toConfirm.tap()
    await expect(calList).toHaveURL(new RegExp(`/playdates/${id}(\\?[^#]*)?#game-result$`))
    await expect(calList.getByRole('button', { name: 'Confirm result' })).toBeInViewport()
  } finally {
    await clock.restore()
  }
  await Promise.all([ann, ben, cal, dee].map((p) => p.context.close()))
})

test('a week after a game nobody reported it leaves My PlayDates for History, on a list left open too, which says so @clock @phone-only', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const { tag, ann, ben, cal, dee, start, id, clock } = await gameInTwoDays(browser, request)
  const day = 24 * 60 * 60_000
  // A player's list at a moment, read by the server and their phone at that moment.
  const listAt = async (player: typeof ann, at: Date, tab: 'mine' | 'history', other: string) => {
    await clock.moveTo(at)
    const page = await player.context.newPage()
    await page.clock.install({ time: at })
    await page.goto(`/playdates?tab=${tab}`)
    return { page, card: page.getByRole('article').filter({ hasText: `${other} Day${tag}` }) }
  }
  // Ann's calendar feed, read as her calendar app reads it: the first line of the game's entry.
  const feedUrl = new URL(
    ((await (await ann.context.request.post('/api/calendar-feed', { headers })).json()) as { url: string })
      .url,
  )
  const feedPrice = async () => {
    const text = (await (await request.get(feedUrl.pathname)).text()).replace(/\r\n[ \t]/g, '')
    return /^DESCRIPTION:(Your team[^\\\r]*)/m.exec(text)?.[1]
  }
  try {
    // Six days after the game nobody has reported it: it is still Ann's to report.
    const early = await listAt(ann, new Date(start.getTime() + 6 * day), 'mine', 'Cal')
    expect(await feedPrice()).toBe('Your team pays $30/hour · 2 h · $60')
    await expect(
      early.card.getByRole('link', {
        name: `Result to report for your game with Cal Day${tag} & Dee Day${tag}`,
      }),
    ).toBeVisible()
    await early.page.close()

    // Her list is open as the week to report ends: with no reload, the game leaves My PlayDates.
    const list = await listAt(ann, new Date(start.getTime() + 7 * day - 60_000), 'mine', 'Cal')
    await expect(list.card.getByRole('link', { name: /^Result to report/ })).toBeVisible()
    await clock.moveTo(new Date(start.getTime() + 7 * day + 60_000))
    await list.page.clock.runFor(3 * 60_000)
    await expect(list.page.getByText('No PlayDates yet')).toBeVisible()
    await expect(list.card).toHaveCount(0)
    // Her calendar says what History says: what was agreed, not a payment ahead.
    expect(await feedPrice()).toBe('Your team was to pay $30/hour · 2 h · $60')

    // It is on History, where its badge and its line say no result was reported, and its price
    // what was agreed, not a payment the app knows of.
    await list.page.getByRole('tab', { name: 'History' }).tap()
    await expect(list.card.getByText('No result was reported')).toBeVisible()
    await expect(list.card.getByText('Status: No result')).toBeVisible()
    await expect(list.card).not.toContainText('Matched')
    await expect(list.card).toContainText('Your team was to pay')
    await expect(list.card).not.toContainText('Your team pays')
    await expect(list.card).toContainText(`vs Cal Day${tag} & Dee Day${tag}`)
    await expect(list.card.getByRole('link', { name: /^Chat with/ })).toHaveCount(0)
    // Its page says the same.
    await list.card.getByRole('link', { name: `Ann Day${tag} & Ben Day${tag}` }).tap()
    await expect(list.page).toHaveURL(new RegExp(`/playdates/${id}`))
    await expect(list.page.getByRole('region', { name: 'Result' })).toContainText('No result was reported')
    await expect(list.page.getByText('Status: No result')).toBeVisible()
    await expect(list.page.getByText('Your team was to pay', { exact: true })).toBeVisible()

    // Cal's team answered Ann's PlayDate: his card has his team on top and names the team he
    // played, as Ann's does, and his side of the money.
    const calHistory = await listAt(cal, new Date(start.getTime() + 7 * day + 2 * 60_000), 'history', 'Ann')
    await expect(calHistory.card.getByRole('link', { name: `Cal Day${tag} & Dee Day${tag}` })).toBeVisible()
    await expect(calHistory.card).toContainText(`vs Ann Day${tag} & Ben Day${tag}`)
    await expect(calHistory.card).toContainText('Your team was to earn')
    await expect(calHistory.card.getByText('No result was reported')).toBeVisible()
  } finally {
    await clock.restore()
  }
  await Promise.all([ann, ben, cal, dee].map((p) => p.context.close()))
})

test('an open PlayDate whose start passes leaves My PlayDates for History, which takes it in, and its page says expired with nothing to apply to, all left open, on a phone ahead of the server too @clock @phone-only', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const tag = Math.random().toString(36).slice(2, 6)
  const [fay, gus] = await Promise.all([
    phonePlayer(browser, 'Fay', `Open${tag}`),
    phonePlayer(browser, 'Gus', `Open${tag}`),
  ])
  const start = arizonaTime(3, 10)
  const day = dateOf(start)
  const id = await postPlayDate(fay.context, 'Nobody came', { startDate: day, startTime: '10:00' })
  const clock = journeyClock(request)
  try {
    // Four to five minutes before its start nobody has joined. Fay's phone runs two minutes ahead
    // of the server; her list, her History and the PlayDate's page are open.
    await clock.moveTo(new Date(start.getTime() - 5 * 60_000))
    const serverNow = new Date((await moveClock(request, 0)).now).getTime()
    // One clock for the phone's pages.
    await fay.context.clock.install({ time: new Date(serverNow + 2 * 60_000) })
    const open = async (path: string) => {
      const page = await fay.context.newPage()
      await page.goto(path)
      return page
    }
    const list = await open('/playdates?tab=mine')
    const card = list.getByRole('article').filter({ hasText: `Fay Open${tag}` })
    await expect(card.getByText('Status: Available')).toBeVisible()
    const history = await open('/playdates?tab=history')
    await expect(history.getByText('No past PlayDates')).toBeVisible()
    const detail = await open(`/playdates/${id}`)
    await expect(detail.getByText('Status: Available')).toBeVisible()
    await expect(detail.getByRole('button', { name: 'Cancel PlayDate' })).toBeVisible()
    // Gus, on a phone whose clock keeps the server's time, has its page open, with Apply on it.
    await gus.context.clock.install({ time: new Date(serverNow) })
    const outsider = await gus.context.newPage()
    await outsider.goto(`/playdates/${id}`)
    const apply = outsider.getByRole('link', { name: 'Apply to this PlayDate' })
    await expect(apply).toBeVisible()

    // Four minutes on, for the server and the phone alike: her phone's clock has passed the start,
    // the server's has not yet (a list read now still has the game).
    await clock.forward(4)
    for (const phone of [fay, gus]) await phone.context.clock.runFor(4 * 60_000)
    // Two minutes more: the server's clock has passed it too. With no reload each moves on: the
    // list emptied, History with the game expired, its page expired with nothing to cancel.
    await clock.forward(2)
    for (const phone of [fay, gus]) await phone.context.clock.runFor(2 * 60_000)
    // Gus's page has nothing to apply to any more: it says so and takes him to the lists. Read
    // first: the toast that says so is gone in four seconds, less than Fay's pages take on a
    // loaded machine.
    await expect(outsider.getByText('This PlayDate is no longer available')).toBeVisible()
    await expect(outsider).toHaveURL(/\/playdates$/)
    await expect(apply).toHaveCount(0)
    await list.bringToFront()
    await expect(list.getByText('No PlayDates yet')).toBeVisible()
    await history.bringToFront()
    const expired = history.getByRole('article').filter({ hasText: `Fay Open${tag}` })
    await expect(expired.getByText('Status: Expired')).toBeVisible()
    await expect(expired).toContainText('Your team would have paid')
    await detail.bringToFront()
    await expect(detail.getByText('Status: Expired')).toBeVisible()
    await expect(detail.getByRole('button', { name: 'Cancel PlayDate' })).toHaveCount(0)
    await list.bringToFront()
    await list.getByRole('tab', { name: 'History' }).tap()
    await expect(card.getByText('Status: Expired')).toBeVisible()
  } finally {
    await clock.restore()
  }
  await Promise.all([fay, gus].map((phone) => phone.context.close()))
})
