import { type BrowserContext, expect, type Page, type Route, test } from '@playwright/test'
import {
  befriend,
  createPlayDate,
  createPlayer,
  currentUserId,
  headers,
  type Player,
  signInContext,
} from './support/players'
import { signedInDeviceContext } from './support/devices'

// Notifications in their row (docs/decisions/0103): Kim opens the list and the badge clears while
// the request stays marked unread; she accepts Lou's friend request right there, and a request
// answered meanwhile on another device shows the server's reason instead of breaking. Then her
// dashboard's last section shows what her new friend did: Lou's new PlayDate.

const notificationsBadge = (page: Page, count: number) =>
  count === 0
    ? expect(page.getByRole('link', { name: /unread/ })).toHaveCount(0)
    : expect(
        page.getByRole('link', { name: new RegExp(`^Notifications\\W+${count} unread`) }).first(),
      ).toBeVisible()

test(
  'a friend request is accepted from the notifications list, which clears the badge, and the friend’s new PlayDate shows on the dashboard',
  { tag: '@phone' },
  async ({ browser }) => {
    const tag = Math.random().toString(36).slice(2, 6)
    const open = (player: Player) => signedInDeviceContext(browser, player)
    const [kim, lou, max, ned] = await Promise.all([
      createPlayer({ firstName: 'Kim', lastName: `Kato${tag}` }).then(open),
      createPlayer({ firstName: 'Lou', lastName: `Lima${tag}` }).then(open),
      createPlayer({ firstName: 'Max', lastName: `Mora${tag}` }).then(open),
      createPlayer({ firstName: 'Ned', lastName: `Nash${tag}` }).then(open),
    ])
    const contexts: BrowserContext[] = [kim!, lou!, max!, ned!]
    try {
      const kimId = await currentUserId(kim!)
      const request = async (from: BrowserContext) => {
        const sent = await from.request.post('/api/connections/friend-requests', {
          headers,
          data: { receiverId: kimId },
        })
        expect(sent.status(), await sent.text()).toBe(201)
        return ((await sent.json()) as { id: string }).id
      }
      await request(lou!)
      const nedRequest = await request(ned!)

      const page = await kim!.newPage()
      page.on('pageerror', (error) => {
        throw error
      })
      await page.goto('/dashboard')
      // Nothing from friends yet: the section says where to find players.
      const activity = page.getByRole('region', { name: "Friends' activity" })
      await expect(activity).toContainText('No activity from friends yet.')
      await expect(activity.getByRole('link', { name: 'Find players' })).toHaveAttribute(
        'href',
        '/connections',
      )
      await notificationsBadge(page, 2)

      // Opening the list clears the badge; both requests stay marked unread.
      await page.goto('/notifications')
      const fromLou = page.getByRole('listitem').filter({ hasText: `Lou Lima${tag} wants to be your friend` })
      await expect(fromLou).toHaveAttribute('data-unread', 'true')
      await notificationsBadge(page, 0)
      await expect(page.getByText('2 notifications, 2 unread')).toBeVisible()
      // What happened reads whole on the phone, not cut after its first line.
      const message = fromLou.getByText(`Lou Lima${tag} wants to be your friend`).first()
      expect(await message.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true)
      expect(await message.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)

      // A friend request is accepted or rejected, the words of Player Connections.
      await expect(fromLou.getByRole('button', { name: `Reject Lou Lima${tag}'s request` })).toBeVisible()
      // Accepted in the row: it says so, the buttons go, and the notification is read.
      await fromLou.getByRole('button', { name: `Accept Lou Lima${tag}'s request` }).click()
      await expect(fromLou.getByRole('status')).toHaveText('Request accepted')
      await expect(fromLou.getByRole('button', { name: /^Accept/ })).toHaveCount(0)
      await expect(fromLou).not.toHaveAttribute('data-unread', 'true')

      // Ned's request is answered on another device; the stale row gets the server's reason. The
      // live update would refresh the list first on a busy machine: the list's reads wait until the
      // row has been tapped.
      let releaseList = () => {}
      const listHeld = new Promise<void>((resolve) => (releaseList = resolve))
      const holdList = async (route: Route) => {
        if (route.request().method() === 'GET') await listHeld
        await route.fallback()
      }
      await page.route('**/api/notifications?*', holdList)
      await page.route('**/api/notifications', holdList)
      const elsewhere = await kim!.request.post(`/api/connections/${nedRequest}/reject`, { headers })
      expect(elsewhere.status()).toBe(200)
      const fromNed = page.getByRole('listitem').filter({ hasText: `Ned Nash${tag} wants to be your friend` })
      await fromNed.getByRole('button', { name: `Accept Ned Nash${tag}'s request` }).click()
      await expect(fromNed.getByRole('alert')).toHaveText('This request is no longer pending')
      releaseList()
      await page.unroute('**/api/notifications?*')
      await page.unroute('**/api/notifications')
      await expect(fromNed.getByRole('button', { name: /^Accept/ })).toHaveCount(0)

      // Lou, now a friend, posts a PlayDate with Max: it shows on Kim's dashboard, with a link.
      await befriend(lou!, max!)
      const playDateId = await createPlayDate(lou!, max!, 'Evening doubles.')
      await page.goto('/dashboard')
      const posted = activity
        .getByRole('listitem')
        .filter({ hasText: `Lou Lima${tag} posted a Pay PlayDate` })
      await expect(posted).toBeVisible()
      await expect(posted.getByText('Just now')).toBeVisible()
      await expect(activity).toContainText(`Lou Lima${tag} became friends with Max Mora${tag}`)
      await posted.getByRole('link', { name: /Pay PlayDate for/ }).click()
      await expect(page).toHaveURL(new RegExp(`/playdates/${playDateId}$`))
    } finally {
      await Promise.all(contexts.map((context) => context.close()))
    }
  },
)

// A new player's list is empty, and where notices come from is where they go next: a game to
// join or players to befriend, one tap away on the narrowest phone.
test(
  'a new player with no notifications is sent on to a game or to players',
  { tag: '@phone-only' },
  async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    })
    await signInContext(context, await createPlayer({ firstName: 'Nell' }))
    const page = await context.newPage()
    await page.goto('/notifications')
    await expect(page.getByRole('heading', { name: 'No notifications' })).toBeVisible()
    await expect(page.getByText("You're all caught up!")).toBeVisible()
    const findGame = page.getByRole('link', { name: 'Find a game' })
    expect((await findGame.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await expect(page.getByRole('link', { name: 'Find players' })).toBeVisible()
    await findGame.click()
    await expect(page.getByRole('tab', { name: 'Available', selected: true })).toBeVisible()
    await page.goBack()
    await page.getByRole('link', { name: 'Find players' }).click()
    await expect(page.getByRole('heading', { name: 'Player Connections' })).toBeVisible()
    await context.close()
  },
)
