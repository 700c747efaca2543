import { expect, type Page, test } from '@playwright/test'
import { currentUserId, signInAdmin } from './support/players'
import { deviceContext } from './support/devices'
import { journeyClock, matchedPlayDate, rosaSamTaraUma } from './support/full-game'

// After the game: Rosa and Sam play Tara and Uma twice on the same day. The first game both teams
// report alike (Tara confirms Rosa's report with one tap) and it counts on their profiles; the
// second they report differently, and an admin decides it from the Disputes tab. The first game
// shows on Rosa's and Tara's profiles and on Tara's card of it.

const resultOf = (page: Page) => page.getByRole('region', { name: 'Result' })

async function reportPlayed(page: Page, games: Array<[number, number]>) {
  const result = resultOf(page)
  await result.getByRole('radio', { name: 'We played' }).check()
  for (const [index, [us, them]] of games.entries()) {
    if (index > 0) await result.getByRole('button', { name: 'Add a game' }).click()
    const game = result.getByRole('group', { name: `Game ${index + 1}` })
    await game.getByLabel('Your team').fill(String(us))
    await game.getByLabel('Them').fill(String(them))
  }
  await result.getByRole('button', { name: 'Report result' }).click()
}

test('teams report a game, confirm it or dispute it, and an admin decides @phone-only @clock', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const { rosa, sam, tara, uma, contexts } = await rosaSamTaraUma(browser)
  // A week from today.
  const first = await matchedPlayDate(contexts, {
    description: 'Morning doubles, game one',
    days: 7,
    startTime: '08:00',
  })
  const second = await matchedPlayDate(contexts, {
    description: 'Late morning rematch',
    days: 7,
    startTime: '11:00',
  })
  const [r, s, t, u] = [rosa.page, sam.page, tara.page, uma.page]

  // Before the start there is nothing to report yet.
  await r.goto(`/playdates/${first.id}`)
  await expect(resultOf(r)).toContainText('You can report the result once the game starts')

  // The server's clock passes both starts.
  const clock = journeyClock(r.request)
  await clock.moveTo(new Date(Date.parse(second.startsAt) + 30 * 60_000))
  try {
    // Game one: Rosa reports, Tara confirms with one tap.
    await r.reload()
    await reportPlayed(r, [
      [11, 7],
      [11, 5],
    ])
    await expect(r.getByText('Result reported. The other team can confirm it')).toBeVisible()
    await expect(resultOf(r)).toContainText('You won 11-7, 11-5')
    await expect(resultOf(r)).toContainText('Waiting for the other team to confirm')

    await t.goto(`/playdates/${first.id}`)
    await expect(resultOf(t)).toContainText('Reported by Rosa Reyes')
    // Under "The other team", the report says whose win it was.
    await expect(resultOf(t)).toContainText('You lost 7-11, 5-11')
    await resultOf(t).getByRole('button', { name: 'Confirm result' }).click()
    await expect(resultOf(t)).toContainText('Result confirmed')
    await expect(resultOf(t).getByRole('button', { name: 'Undo' })).toBeVisible()
    // It becomes final a minute later, when its job runs (docs/decisions/0159).
    await clock.forward(1)
    await t.reload()
    await expect(resultOf(t)).toContainText('Both teams agreed')
    await expect(resultOf(t)).toContainText('The other team pays your team $60')

    await r.reload()
    await expect(resultOf(r)).toContainText('Won 11-7, 11-5')
    await expect(resultOf(r)).toContainText('Your team pays the other team $60')
    await resultOf(r).getByRole('button', { name: 'Mark as paid' }).click()
    await expect(resultOf(r)).toContainText('Paid · marked by Rosa Reyes')

    // The game counts on both teams' public profiles.
    await t.goto(`/profile/${await currentUserId(rosa.context)}`)
    await expect(t.getByRole('region', { name: 'Reliability' })).toContainText('Played 1 · 0 no-shows')
    await r.goto(`/profile/${await currentUserId(tara.context)}`)
    await expect(r.getByRole('region', { name: 'Reliability' })).toContainText('Played 1 · 0 no-shows')
    // And on Tara's card of the game in History: her team, the team she played and its record,
    // player by player.
    await t.goto('/playdates?tab=history')
    // (On a wide screen the card's link also carries the list's tab: ?tab=history.)
    const card = t.getByRole('article').filter({ has: t.locator(`a[href^="/playdates/${first.id}"]`) })
    await expect(card.getByRole('link', { name: 'Tara Tran & Uma Ueda' })).toBeVisible()
    await expect(card).toContainText('vs Rosa Reyes & Sam Soto')
    // The chip goes with her team on top: Rosa's team posted a Pay PlayDate, so Tara's earned.
    await expect(card).toContainText('Type: Earn')
    await expect(card).toContainText('Opponents: Played 1 & 1 · 0 no-shows')
    await expect(card).toContainText(
      'Opponents, over the last 12 months: Rosa Reyes: Played 1 · 0 no-shows; Sam Soto: Played 1 · 0 no-shows',
    )
    // Rosa's card of it names the team she played, with its record.
    await r.goto('/playdates?tab=history')
    const rosasCard = r.getByRole('article').filter({ has: r.locator(`a[href^="/playdates/${first.id}"]`) })
    await expect(rosasCard).toContainText('vs Tara Tran & Uma Ueda')
    await expect(rosasCard).toContainText('Type: Pay')
    await expect(rosasCard).toContainText('Opponents: Played 1 & 1 · 0 no-shows')

    // Game two: the teams say different things.
    await r.goto(`/playdates/${second.id}`)
    await reportPlayed(r, [[11, 7]])
    await expect(resultOf(r)).toContainText('Waiting for the other team to confirm')
    await t.goto(`/playdates/${second.id}`)
    await resultOf(t).getByRole('button', { name: 'Report something else' }).click()
    await reportPlayed(t, [[11, 9]])
    await expect(t.getByText('Result reported. The reports differ: an admin will decide')).toBeVisible()
    await expect(t.getByText('Status: Disputed')).toBeVisible()
    await expect(resultOf(t)).toContainText('An admin will decide')
    await r.reload()
    await expect(r.getByText('Status: Disputed')).toBeVisible()

    // An admin reads both reports and decides.
    const adminContext = await deviceContext(browser)
    await signInAdmin(adminContext)
    const admin = await adminContext.newPage()
    await admin.goto('/admin')
    await admin.getByRole('tab', { name: 'Disputes' }).click()
    const dispute = admin
      .getByRole('article')
      .filter({ has: admin.locator(`a[href="/playdates/${second.id}"]`) })
    await expect(dispute).toContainText('Reported by Rosa Reyes')
    await expect(dispute).toContainText('Reported by Tara Tran')
    await dispute.getByRole('button', { name: /^Decide/ }).click()
    const dialog = admin.getByRole('dialog', { name: 'Decide the result' })
    await dialog.getByRole('radio', { name: 'They played' }).check()
    const game = dialog.getByRole('group', { name: 'Game 1' })
    await game.getByLabel('Creator team').fill('11')
    await game.getByLabel('Responding team').fill('7')
    await dialog.getByRole('button', { name: 'Decide result' }).click()
    await expect(admin.getByText('Result decided')).toBeVisible()
    await expect(dispute).toHaveCount(0)
    await adminContext.close()

    // All four see the decision, each from their own side.
    for (const [page, line] of [
      [r, 'Won 11-7'],
      [s, 'Won 11-7'],
      [t, 'Lost 7-11'],
      [u, 'Lost 7-11'],
    ] as const) {
      await page.goto(`/playdates/${second.id}`)
      await expect(resultOf(page)).toContainText(line)
      await expect(resultOf(page)).toContainText('Decided by an admin')
    }
  } finally {
    await clock.restore()
  }
  for (const context of contexts) await context.close()
})
