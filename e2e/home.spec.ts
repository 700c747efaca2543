import { expect, test } from '@playwright/test'
import { expectFitsScreen } from './support/layout'
import {
  befriend,
  createPlayDate,
  createPlayer,
  currentUserId,
  headers,
  type Player,
} from './support/players'
import { signedInDeviceContext } from './support/devices'

// The dashboard's "what's next" (docs/decisions/0090-home-whats-next.md): Rosa sees her next game
// with its time and place; Tara applies with Uma, the application shows up on Rosa's dashboard
// while she looks at it, she accepts it there, and the game shows as matched with its chat a tap
// away.

test(
  'the dashboard shows the next game, and an application is accepted from it',
  { tag: '@phone' },
  async ({ browser }) => {
    const place = `Kiwanis Park Courts ${Math.random().toString(36).slice(2, 6)}`
    const open = (player: Player) => signedInDeviceContext(browser, player)
    const [rosa, sam, tara, uma] = await Promise.all([
      createPlayer({ firstName: 'Rosa', lastName: 'Reyes', duprRating: 4.2 }).then(open),
      createPlayer({ firstName: 'Sam', lastName: 'Soto', gender: 'male', duprRating: 4.4 }).then(open),
      createPlayer({ firstName: 'Tara', lastName: 'Tran', duprRating: 3.4 }).then(open),
      createPlayer({ firstName: 'Uma', lastName: 'Ueda', duprRating: 3.6 }).then(open),
    ])
    await Promise.all([befriend(rosa!, sam!), befriend(tara!, uma!)])
    // An open PlayDate at 8:00 AM a week from today, at a place the creator names.
    const playDateId = await createPlayDate(rosa!, sam!, 'Saturday morning doubles.', { place })

    // Rosa's next game, with its time and place; nothing waits for her yet.
    const page = await rosa!.newPage()
    // Layout shifts while the page loads (what Lighthouse's CLS adds up).
    await page.addInitScript(() => {
      const shifts: number[] = []
      Object.assign(window, { layoutShifts: shifts })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean }
        >)
          if (!entry.hadRecentInput) shifts.push(entry.value)
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto('/dashboard')
    const next = page.getByRole('region', { name: 'Your next games' })
    await expect(next).toContainText('Open, waiting for a team')
    await expect(next).toContainText('Rosa Reyes & Sam Soto')
    await expect(next).toContainText(/8:00 AM MST/)
    await expect(next).toContainText(place)
    const waiting = page.getByRole('region', { name: 'Waiting for you' })
    await expect(waiting).toContainText('Nothing waiting for you.')
    // The page filled in without moving what was already on screen.
    const shifted = await page.evaluate(() =>
      (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
    )
    expect(shifted).toBeLessThan(0.1)

    // Tara applies with Uma: the application shows up while Rosa looks at the page.
    const applied = await tara!.request.post(`/api/play-dates/${playDateId}/requests`, {
      headers,
      data: { partnerId: await currentUserId(uma!) },
    })
    expect(applied.status(), await applied.text()).toBe(201)
    await expect(waiting).toContainText('Tara Tran & Uma Ueda')
    await expect(waiting).toContainText('DUPR 3.40 & 3.60 · team 3.50')
    await expectFitsScreen(page)

    // She accepts it in place, with the PlayDate page's confirmation.
    await waiting.getByRole('button', { name: 'Accept Tara Tran & Uma Ueda' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
    await expect(page.getByText('Application accepted: you are matched')).toBeVisible()
    await expect(waiting).toContainText('Nothing waiting for you.')

    // The game is matched, both teams on it, and the chat is a tap away.
    await expect(next).toContainText('Matched')
    await expect(next).toContainText('Tara Tran & Uma Ueda')
    await next.getByRole('link', { name: 'Chat' }).click()
    await expect(page).toHaveURL(new RegExp(`/playdates/${playDateId}#team-chat$`))

    for (const context of [rosa, sam, tara, uma]) await context!.close()
  },
)
