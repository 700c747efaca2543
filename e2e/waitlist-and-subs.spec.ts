import { expect, type Page, test } from '@playwright/test'
import { violationsInBothThemes } from './support/axe'
import { expectFitsScreen } from './support/layout'
import { arizonaTime, journeyClock, mailOf, matchedGame, phonePlayer } from './support/full-game'
import { befriend, currentUserId, headers } from './support/players'

// Every player can play (issue 52): a full game's waitlist takes the spot of a player who drops
// out, and when no one waits, a sub is found, the night's offers waiting for the morning by email
// (docs/decisions/0152-waitlist-drop-outs-and-subs.md, 0138-offer-timings-and-waves.md).

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/waitlist-${name}.png`, fullPage: true })
// "Sat, Mar 7 · 9:00 AM MST at Red Mountain Pickleball Park", as every notice names the game.
const gameLabel = (time: string) =>
  new RegExp(`[A-Z][a-z]{2}, [A-Z][a-z]{2} \\d{1,2} · ${time} MST at Red Mountain Pickleball Park`)

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

test('a player drops out 20 hours before: the first on the waitlist lets the offer time out, the next takes it @clock @phone-only', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  const tag = Math.random().toString(36).slice(2, 6)
  const [ann, ben, cal, dee, xia, wes] = await Promise.all(
    ['Ann', 'Ben', 'Cal', 'Dee', 'Xia', 'Wes'].map((name) => phonePlayer(browser, name, `Wait${tag}`)),
  )
  const start = arizonaTime(3, 10)
  const id = await matchedGame([ann!.context, ben!.context, cal!.context, dee!.context], start)

  // The game is full: Xia joins its waitlist from its page; Wes by the same call.
  const xiaPage = await xia!.context.newPage()
  await xiaPage.goto(`/playdates/${id}`)
  await xiaPage.getByRole('link', { name: 'Join the waitlist' }).click()
  await xiaPage.getByRole('button', { name: /Join alone/ }).click()
  await xiaPage.getByRole('button', { name: 'Join the waitlist' }).click()
  await expect(xiaPage.getByText("You're #1 on the waitlist").first()).toBeVisible()
  const joined = await wes!.context.request.post(`/api/play-dates/${id}/requests`, {
    headers,
    data: { alone: true },
  })
  expect(await joined.json()).toMatchObject({ status: 'waitlisted', position: 2 })

  // The creator sees the line and may reorder it.
  const annPage = await ann!.context.newPage()
  await annPage.goto(`/playdates/${id}`)
  await expect(annPage.getByText('Full · 2 on the waitlist')).toBeVisible()
  await expect(annPage.getByRole('button', { name: `Move Wes Wait${tag} up` })).toBeEnabled()
  await expectFitsScreen(annPage)
  expect(await violationsInBothThemes(annPage)).toEqual([])
  await shot(annPage, 'creator')

  // 20 hours before the start Dee drops out.
  const clock = journeyClock(request)
  await clock.moveTo(new Date(start.getTime() - 20 * 60 * 60_000))
  const deePage = await dee!.context.newPage()
  await deePage.goto(`/playdates/${id}`)
  await expect(deePage.getByText(/counts as a late cancel on your profile/)).toBeVisible()
  await deePage.getByRole('button', { name: 'Drop out', exact: true }).click()
  await deePage.getByRole('dialog').getByRole('button', { name: 'Drop out' }).click()
  await expect(deePage.getByText('You dropped out. Your spot is offered to others.')).toBeVisible()

  // Xia, first in line, is offered the spot for 30 minutes, in the app, naming the game.
  await xiaPage.goto('/notifications')
  const offer = xiaPage.getByRole('listitem').filter({ hasText: 'A spot opened for you' })
  await expect(offer).toContainText(gameLabel('10:00 AM'))
  await expect(offer.getByRole('button', { name: 'Take the spot', exact: true })).toBeVisible()
  await xiaPage.goto(`/playdates/${id}`)
  await expect(xiaPage.getByRole('heading', { name: 'A spot opened for you' })).toBeVisible()
  await expectFitsScreen(xiaPage)
  expect(await violationsInBothThemes(xiaPage)).toEqual([])
  await shot(xiaPage, 'offer')

  // She lets it time out: Wes, next in line, gets it and takes it in one tap.
  await clock.moveTo(new Date(start.getTime() - 20 * 60 * 60_000 + 31 * 60_000))
  await xiaPage.reload()
  await expect(xiaPage.getByRole('heading', { name: 'A spot opened for you' })).toHaveCount(0)
  await expect(xiaPage.getByText("You're #1 on the waitlist")).toBeVisible()
  const wesPage = await wes!.context.newPage()
  await wesPage.goto(`/playdates/${id}`)
  await wesPage.getByRole('button', { name: 'Take the spot', exact: true }).click()
  await expect(wesPage.getByText('The spot is yours')).toBeVisible()
  const responding = wesPage.getByRole('heading', { name: 'Responding Team' }).locator('..')
  await expect(responding).toContainText(`Wes Wait${tag}`)
  await expect(wesPage.getByRole('link', { name: 'Open chat' })).toBeVisible()
  await expectFitsScreen(wesPage)
  await shot(wesPage, 'taken')

  // Everyone in the game is told, naming the game; Dee's late cancel is marked replaced.
  await annPage.goto('/notifications')
  await expect(annPage.getByRole('listitem').filter({ hasText: 'took the open spot' })).toContainText(
    gameLabel('10:00 AM'),
  )
  await annPage.goto(`/profile/${await currentUserId(dee!.context)}`)
  await expect(annPage.getByText('1 late cancel, replaced')).toBeVisible()
  await clock.restore()
  await Promise.all([ann, ben, cal, dee, xia, wes].map((p) => p!.context.close()))
})

test('a game loses a player at 10:30 PM before its 9:00 AM start: the sub wave goes out in the app at once, by email at 8:00 AM @clock @phone-only', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  const tag = Math.random().toString(36).slice(2, 6)
  const [ann, ben, cal, dee, fay] = await Promise.all(
    ['Ann', 'Ben', 'Cal', 'Dee', 'Fay'].map((name) => phonePlayer(browser, name, `Night${tag}`)),
  )
  const start = arizonaTime(2, 9)
  const id = await matchedGame([ann!.context, ben!.context, cal!.context, dee!.context], start)
  await befriend(cal!.context, fay!.context)

  const clock = journeyClock(request)
  // What the day's notices sent leaves now; then 10:30 PM the evening before, in Arizona.
  await clock.moveTo(new Date(start.getTime() - 10.5 * 60 * 60_000))
  const left = await dee!.context.request.post(`/api/play-dates/${id}/leave`, { headers, data: {} })
  expect(left.status(), await left.text()).toBe(200)
  await clock.moveTo(new Date(start.getTime() - 10.5 * 60 * 60_000 + 60_000))

  // Fay, Cal's friend, is asked at once in the app; her email waits for the morning.
  const fayPage = await fay!.context.newPage()
  await fayPage.goto('/notifications')
  const asked = fayPage.getByRole('listitem').filter({ hasText: 'Sub wanted' })
  await expect(asked).toContainText(gameLabel('9:00 AM'))
  await expect(asked.getByRole('button', { name: 'Take the spot', exact: true })).toBeVisible()
  await expectFitsScreen(fayPage)
  await shot(fayPage, 'sub-notification')
  expect(await mailOf(request, fay!.player, 'Sub wanted')).toEqual([])

  // The players left see the search under way.
  const calPage = await cal!.context.newPage()
  await calPage.goto(`/playdates/${id}`)
  await expect(calPage.getByText(/Asking for a sub/)).toBeVisible()
  await shot(calPage, 'searching')

  // 8:00 AM: the email leaves, naming the game; Fay takes the spot from the notification.
  await clock.moveTo(new Date(start.getTime() - 60 * 60_000))
  await expect
    .poll(async () => (await mailOf(request, fay!.player, 'Sub wanted')).map((m) => m.subject))
    .toEqual([expect.stringMatching(new RegExp(`^Sub wanted: ${gameLabel('9:00 AM').source}$`))])
  await fayPage.reload()
  await fayPage
    .getByRole('listitem')
    .filter({ hasText: 'Sub wanted' })
    .getByRole('button', { name: 'Take the spot', exact: true })
    .click()
  await expect(fayPage.getByText('The spot is yours')).toBeVisible()
  await calPage.goto('/notifications')
  await expect(calPage.getByRole('listitem').filter({ hasText: 'took the open spot' })).toContainText(
    gameLabel('9:00 AM'),
  )
  await clock.restore()
  await Promise.all([ann, ben, cal, dee, fay].map((p) => p!.context.close()))
})
