import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { violationsInBothThemes } from './support/axe'
import { expectFitsScreen, lineCount, phraseLineCount } from './support/layout'
import { befriend, createPlayer, currentUserId, headers, type Player, signInContext } from './support/players'

const suffix = 'PickleMatch | Level Up Your Match'

async function openAs(browser: Browser, player: Player) {
  const context = await browser.newContext()
  await signInContext(context, player)
  const page = await context.newPage()
  page.on('pageerror', (error) => {
    throw error
  })
  return { context, page }
}

// The Notifications item of the top navigation, with its unread badge in the accessible name.
const notificationsLink = (page: Page) =>
  page
    .getByRole('navigation')
    .getByRole('link', { name: /^Notifications/ })
    .first()

const unreadBadge = async (page: Page, count: number) =>
  expect(notificationsLink(page)).toHaveAccessibleName(
    count === 0 ? 'Notifications' : new RegExp(`Notifications\\W+${count} unread`),
  )

test(
  'two players become friends live, then part; notifications are read and dismissed',
  { tag: '@postgres' },
  async ({ browser }) => {
    const tag = Math.random().toString(36).slice(2, 7)
    const avery = await createPlayer({ firstName: 'Avery', lastName: `Stone${tag}` })
    const blake = await createPlayer({ firstName: 'Blake', lastName: `Rivers${tag}` })
    const a = await openAs(browser, avery)
    const b = await openAs(browser, blake)
    const contexts: BrowserContext[] = [a.context, b.context]

    try {
      // Blake waits on the dashboard; nothing unread yet.
      await b.page.goto('/dashboard')
      await expect(b.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
      await unreadBadge(b.page, 0)

      // Avery finds Blake by "first last" and sends a request.
      await a.page.goto('/connections')
      await expect(a.page).toHaveTitle(`Player Connections | ${suffix}`)
      await expect(a.page.getByRole('heading', { level: 1, name: 'Player Connections' })).toBeVisible()
      const search = a.page.getByLabel('Search players by name')
      await search.fill('b')
      await expect(a.page.getByText('Type at least 2 characters to search')).toBeVisible()
      await search.fill(`blake rivers${tag}`)
      const results = a.page.getByRole('list', { name: 'Search results' })
      const blakeResult = results.getByRole('listitem').filter({ hasText: `Blake Rivers${tag}` })
      await expect(blakeResult).toHaveCount(1)
      await blakeResult.getByRole('button', { name: /Add Friend/ }).click()
      await expect(a.page.getByText('Friend request sent')).toBeVisible()
      await expect(blakeResult.getByText('Request Sent')).toBeVisible()
      await a.page.getByRole('tab', { name: 'Sent Requests' }).click()
      await expect(
        a.page.getByRole('tabpanel').getByRole('link', { name: `Blake Rivers${tag}` }),
      ).toBeVisible()

      // Blake's badge rises without a reload.
      await unreadBadge(b.page, 1)

      // The notification: newest first, unread, and a click opens Received Requests.
      await notificationsLink(b.page).click()
      await expect(b.page).toHaveTitle(`Notifications | ${suffix}`)
      await expect(b.page.getByText('1 notification, 1 unread')).toBeVisible()
      const item = b.page.getByRole('listitem').filter({ hasText: 'New Friend Request' })
      await expect(item).toHaveAttribute('data-unread', 'true')
      await expect(item.getByText(`Avery Stone${tag} wants to be your friend`, { exact: true })).toBeVisible()
      await expect(item.getByText('Just now')).toBeVisible()
      await item.getByRole('button', { name: /^Unread: New Friend Request/ }).click()
      await expect(b.page).toHaveURL(/\/connections$/)
      await expect(b.page.getByRole('tab', { name: /Received Requests/ })).toHaveAttribute(
        'aria-selected',
        'true',
      )
      await unreadBadge(b.page, 0)

      // Blake accepts; both see Friends.
      const request = b.page
        .getByRole('tabpanel')
        .getByRole('listitem')
        .filter({ hasText: `Avery Stone${tag}` })
      // Reject first, then Accept: the order of the dashboard and Notifications.
      await expect(request.getByRole('button')).toHaveText([/^Reject/, /^Accept/])
      await request.getByRole('button', { name: /Accept/ }).click()
      await expect(b.page.getByText('Connection accepted')).toBeVisible()
      await b.page.getByRole('tab', { name: 'Connected' }).click()
      const friendRow = b.page
        .getByRole('tabpanel')
        .getByRole('listitem')
        .filter({ hasText: `Avery Stone${tag}` })
      await expect(friendRow.getByText('Friends')).toBeVisible()

      // Avery's page follows live: the search result, the Connected tab and a new notification.
      await expect(blakeResult.getByText('Friends')).toBeVisible()
      await a.page.getByRole('tab', { name: 'Connected' }).click()
      const averyRow = a.page
        .getByRole('tabpanel')
        .getByRole('listitem')
        .filter({ hasText: `Blake Rivers${tag}` })
      await expect(averyRow.getByText('Friends')).toBeVisible()
      await unreadBadge(a.page, 1)

      // Blake's public profile, as Avery sees it.
      await averyRow.getByRole('link', { name: `Blake Rivers${tag}` }).click()
      await expect(a.page).toHaveTitle(`Blake Rivers${tag} | Public Profile`)
      await expect(a.page.getByRole('heading', { level: 1, name: `Blake Rivers${tag}` })).toBeVisible()
      await expect(a.page.getByText('Friends', { exact: true })).toBeVisible()
      await expect(a.page.getByRole('link', { name: new RegExp(`Avery Stone${tag}.*Friend`) })).toBeVisible()
      // The debug panel is Blake's and admins' only (docs/decisions/0160).
      await expect(a.page.getByRole('button', { name: 'Show Debug Info' })).toHaveCount(0)
      const own = await b.context.newPage()
      await own.goto(`/profile/${await currentUserId(b.context)}`)
      await own.getByRole('button', { name: 'Show Debug Info' }).click()
      await expect(own.getByText(await currentUserId(a.context)).first()).toBeVisible()
      await expect(own.getByText(avery.email)).toHaveCount(0)
      await own.getByRole('button', { name: 'Hide Debug Info' }).click()
      await own.close()

      // Avery removes the friendship, after confirming.
      await a.page.goto('/connections')
      const row = a.page
        .getByRole('tabpanel')
        .getByRole('listitem')
        .filter({ hasText: `Blake Rivers${tag}` })
      await row.getByRole('button', { name: /Remove/ }).click()
      const dialog = a.page.getByRole('dialog', { name: 'Remove friend' })
      await expect(dialog).toHaveAccessibleDescription(
        `Are you sure you want to remove your friendship with Blake Rivers${tag}?`,
      )
      await dialog.getByRole('button', { name: 'Remove' }).click()
      await expect(a.page.getByText('Connection removed')).toBeVisible()
      await expect(a.page.getByText('No friends yet')).toBeVisible()
      // Blake's Connected tab empties on its own.
      await expect(b.page.getByText('No friends yet')).toBeVisible()

      // Avery reads, then dismisses the acceptance notification.
      await notificationsLink(a.page).click()
      const accepted = a.page.getByRole('listitem').filter({ hasText: 'Friend Request Accepted' })
      await expect(
        accepted.getByText(`Blake Rivers${tag} accepted your friend request`, { exact: true }),
      ).toBeVisible()
      // Everything read at once: the badge clears, the notification stays.
      await a.page.getByRole('button', { name: 'Mark all read' }).click()
      await expect(a.page.getByText('All notifications marked as read')).toBeVisible()
      await unreadBadge(a.page, 0)
      await expect(a.page.getByRole('button', { name: 'Mark all read' })).toBeHidden()
      await accepted.getByRole('button', { name: /^Dismiss Friend Request Accepted: / }).click()
      await expect(a.page.getByText('Notification dismissed')).toBeVisible()
      await expect(a.page.getByRole('heading', { name: 'No notifications' })).toBeVisible()
      await expect(a.page.getByText("You're all caught up!")).toBeVisible()
      await unreadBadge(a.page, 0)

      // Blake clears everything at once.
      await notificationsLink(b.page).click()
      await expect(b.page.getByText('1 notification')).toBeVisible()
      await b.page.getByRole('button', { name: 'Dismiss All' }).click()
      // It asks first: Cancel keeps the list.
      const asked = b.page.getByRole('dialog', { name: 'Dismiss all notifications' })
      await asked.getByRole('button', { name: 'Cancel' }).click()
      await expect(asked).toBeHidden()
      await expect(b.page.getByText('1 notification')).toBeVisible()
      await b.page.getByRole('button', { name: 'Dismiss All' }).click()
      await asked.getByRole('button', { name: 'Dismiss All' }).click()
      await expect(asked).toBeHidden()
      await expect(b.page.getByText('All notifications dismissed')).toBeVisible()
      await expect(b.page.getByRole('heading', { name: 'No notifications' })).toBeVisible()
    } finally {
      await Promise.all(contexts.map((context) => context.close()))
    }
  },
)

test('friends become regular partners from a profile, and either can end it and stay friends', async ({
  browser,
}) => {
  const tag = Math.random().toString(36).slice(2, 7)
  const cory = await createPlayer({ firstName: 'Cory', lastName: `Lane${tag}` })
  const dana = await createPlayer({ firstName: 'Dana', lastName: `Fields${tag}` })
  const c = await openAs(browser, cory)
  const d = await openAs(browser, dana)
  try {
    await befriend(c.context, d.context)
    const danaId = await currentUserId(d.context)
    await c.page.goto(`/profile/${danaId}`)
    await c.page.getByRole('button', { name: 'Invite as regular partner' }).click()
    await expect(c.page.getByText(`Regular partner invitation sent to Dana Fields${tag}`)).toBeVisible()

    await d.page.goto('/connections?view=received')
    await d.page.getByRole('button', { name: `Accept Cory Lane${tag}` }).click()
    await expect(d.page.getByText('Connection accepted')).toBeVisible()

    await c.page.reload()
    await expect(c.page.getByText('Regular Partner', { exact: true })).toBeVisible()
    await c.page.getByRole('button', { name: 'End partnership' }).click()
    const dialog = c.page.getByRole('dialog', { name: 'End regular partnership' })
    await expect(
      dialog.getByText(`Stop being regular partners with Dana Fields${tag}? You stay friends.`),
    ).toBeVisible()
    await dialog.getByRole('button', { name: 'End partnership' }).click()
    await expect(c.page.getByText('Connection removed')).toBeVisible()
    await expect(c.page.getByRole('button', { name: 'Invite as regular partner' })).toBeVisible()
    await expect(c.page.getByText('Friends', { exact: true })).toBeVisible()
  } finally {
    await c.context.close()
    await d.context.close()
  }
})

test('an unknown profile shows Profile Not Found, and a notification link preselects a tab', async ({
  browser,
}) => {
  const player = await createPlayer({ firstName: 'Casey' })
  const { context, page } = await openAs(browser, player)
  try {
    await page.goto('/profile/00000000-0000-4000-8000-000000000000')
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Not Found' })).toBeVisible()

    await page.goto('/connections?view=received')
    await expect(page.getByRole('tab', { name: /Received Requests/ })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(page).toHaveURL(/\/connections$/)

    await page.goto(`/profile/${await currentUserId(context)}`)
    await expect(page.getByText('No connections yet')).toBeVisible()
    await expect(page.getByText("This player hasn't connected with anyone yet.")).toBeVisible()

    await page.goto('/test/friends')
    await expect(page).toHaveTitle(`Profile Friends Test | ${suffix}`)
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page.getByText('Query time', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: `Casey ${player.lastName}` })).toBeVisible()
  } finally {
    await context.close()
  }
})

test('a player with no friends is taken from the empty list to Find Friends, ready to type @phone-only', async ({
  browser,
}) => {
  const { context, page } = await openAs(browser, await createPlayer({ firstName: 'Gus' }))
  try {
    await page.goto('/connections')
    await expect(page.getByText('No friends yet')).toBeVisible()
    await expect(
      page.getByText('Find players by name in Find Friends, then send a friend request.'),
    ).toBeVisible()
    expect(await violationsInBothThemes(page)).toEqual([])
    await page.getByRole('button', { name: 'Find players' }).click()
    const search = page.getByRole('searchbox', { name: 'Search players by name' })
    await expect(search).toBeFocused()
    await expect(search).toBeInViewport()
  } finally {
    await context.close()
  }
})

test('connections, notifications and a public profile fit a phone screen @phone-only', async ({
  browser,
}) => {
  const player = await createPlayer({ firstName: 'Dana' })
  const friend = await createPlayer({ firstName: 'Eli' })
  const { context, page } = await openAs(browser, player)
  const other = await openAs(browser, friend)
  try {
    await page.setViewportSize({ width: 375, height: 740 })
    const friendId = await currentUserId(other.context)
    await page.goto(`/profile/${friendId}`)
    await page.getByRole('button', { name: 'Add Friend' }).click()
    await expect(page.getByText('Request Sent', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Watch' }).click()
    await expect(page.getByRole('button', { name: 'Unwatch' })).toBeVisible()

    await other.page.setViewportSize({ width: 375, height: 740 })
    for (const [target, path] of [
      [page, '/connections'],
      [page, `/profile/${friendId}`],
      [other.page, '/notifications'],
      [other.page, '/connections?view=received'],
    ] as const) {
      await target.goto(path)
      await expect(target.getByRole('heading', { level: 1 })).toBeVisible()
      const width = await target.evaluate(() => document.documentElement.scrollWidth)
      expect(width, path).toBeLessThanOrEqual(375)
    }
    await expect(other.page.getByRole('button', { name: /Accept/ })).toBeVisible()

    // The tabs keep their names whole, each on one line and 44 px tall, the count's badge too.
    const tabs = other.page.getByRole('tablist', { name: 'Connections' }).getByRole('tab')
    await expect(tabs).toHaveText(['Connected', /^Received Requests\s*1 pending$/, 'Sent Requests'])
    for (const width of [375, 390]) {
      await other.page.setViewportSize({ width, height: 740 })
      for (const tab of await tabs.all()) {
        expect(await lineCount(tab), `${await tab.textContent()} at ${width} px`).toBe(1)
        expect((await tab.boundingBox())!.height).toBeGreaterThanOrEqual(44)
      }
      await expectFitsScreen(other.page)
    }
  } finally {
    await context.close()
    await other.context.close()
  }
})

// On a phone a row's name has the line beside its button to itself: the ratings and badges run
// under both, a long name wraps and stops at two lines, and the button keeps 44 px
// (docs/decisions/0217).
test('a row of Player Connections reads cleanly on a phone, however long the name @phone-only', async ({
  browser,
}) => {
  const tag = Math.random().toString(36).slice(2, 6)
  const rows = [
    { view: 'Connected', first: 'Maximiliana', last: `Featherstonehaugh-Whitcombe${tag}`, button: 'Remove' },
    { view: 'Received Requests', first: 'Bartholomew', last: `Kensington-Whitfield${tag}`, button: 'Accept' },
    { view: 'Sent Requests', first: 'Alexandria', last: `Montgomery-Vasquez${tag}`, button: 'Cancel' },
  ] as const
  const { context, page } = await openAs(browser, await createPlayer({ firstName: 'Dana' }))
  const others = await Promise.all(
    rows.map(async (row) =>
      openAs(browser, await createPlayer({ firstName: row.first, lastName: row.last })),
    ),
  )
  const ask = async (from: BrowserContext, to: BrowserContext) => {
    const res = await from.request.post('/api/connections/friend-requests', {
      headers,
      data: { receiverId: await currentUserId(to) },
    })
    expect(res.status(), await res.text()).toBe(201)
  }
  try {
    await befriend(context, others[0]!.context)
    await ask(others[1]!.context, context)
    await ask(context, others[2]!.context)
    await page.goto('/connections')
    for (const width of [375, 390]) {
      await page.setViewportSize({ width, height: 740 })
      for (const row of rows) {
        await page.getByRole('tab', { name: new RegExp(`^${row.view}`) }).click()
        const name = `${row.first} ${row.last}`
        const item = page.getByRole('listitem').filter({ hasText: row.last })
        const link = item.getByRole('link', { name })
        await expect(link).toHaveAttribute('title', name)
        const at = `${row.view} at ${width} px`
        // The name: at most two lines on screen (a longer one is cut short there, whole in the
        // link's name and title), and not a sliver beside the button.
        const shownLines = await link.evaluate((element) => {
          const text = element.firstElementChild!
          return text.getBoundingClientRect().height / parseFloat(getComputedStyle(text).lineHeight)
        })
        expect(Math.round(shownLines), at).toBeLessThanOrEqual(2)
        expect((await item.getByRole('heading').boundingBox())!.width, at).toBeGreaterThan(width * 0.35)
        // The ratings: one line, under the name and the button.
        expect(await phraseLineCount(item, 'DUPR 3.50 · Self 3.50'), at).toBe(1)
        const ratings = (await item.getByText('DUPR 3.50 · Self 3.50').boundingBox())!
        const button = (await item.getByRole('button', { name: new RegExp(`^${row.button}`) }).boundingBox())!
        expect(button.height, at).toBeGreaterThanOrEqual(44)
        if (row.button === 'Accept') expect(button.y, at).toBeGreaterThan(ratings.y + ratings.height)
        else expect(ratings.y, at).toBeGreaterThanOrEqual(button.y + button.height - 1)
        await expectFitsScreen(page)
      }
    }
  } finally {
    await context.close()
    for (const other of others) await other.context.close()
  }
})
