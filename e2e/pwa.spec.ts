import { expect, test } from '@playwright/test'
import { violationsInBothThemes } from './support/axe'
import { expectFitsScreen } from './support/layout'
import {
  appOrigin,
  befriend,
  createPlayDate,
  createPlayer,
  headers,
  matchedFoursome,
  signedInContext,
  signInContext,
} from './support/players'
import { storedViews } from './support/offline'

// The installable app (docs/decisions/0092-installable-app.md): the manifest and the service
// worker are served, the browser finds nothing missing to install it, the app shell opens
// without a network, a push reaching the service worker shows a notification, and a tap on it
// opens the PlayDate it is about (the tap is the worker's own notificationclick event, dispatched
// in the worker: the browser has no way to click a notification headless). Offline, the last-seen views show with the time they were seen, and a write says it
// needs a connection (docs/decisions/0095-offline-last-seen-data.md).

test('the app installs, opens offline, and a push shows a notification whose tap opens the PlayDate', async ({
  page,
  context,
  browser,
}) => {
  const manifest = await page.request.get('/manifest.webmanifest')
  expect(manifest.headers()['content-type']).toContain('application/manifest+json')
  expect(await manifest.json()).toMatchObject({
    name: 'PickleMatch',
    display: 'standalone',
    icons: expect.arrayContaining([expect.objectContaining({ purpose: 'maskable', sizes: '512x512' })]),
  })
  const worker = await page.request.get('/sw.js')
  expect(worker.headers()['content-type']).toContain('javascript')
  // A new version must be seen at the next check: never a long-lived cache for the worker.
  expect(worker.headers()['cache-control'] ?? '').not.toMatch(/immutable|max-age=[1-9]/)

  await signInContext(context, await createPlayer({ firstName: 'Wanda' }))
  const partner = await signedInContext(browser, 'Xena')
  await befriend(context, partner)
  const playDateId = await createPlayDate(context, partner, 'Saturday doubles at the park')
  await partner.close()
  await context.grantPermissions(['notifications'], { origin: appOrigin })
  const cdp = await context.newCDPSession(page)
  const registrations = new Map<string, { registrationId: string; scopeURL: string; isDeleted: boolean }>()
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    for (const registration of event.registrations)
      registrations.set(registration.registrationId, registration)
  })
  await cdp.send('ServiceWorker.enable')

  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
  // What Chromium checks before it offers to install the app: the manifest, its icons, the
  // worker. The journeys' browser profile is a private one, where nothing installs: that error
  // is about the browser, not the app.
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([])

  // No network: the service worker still opens the app.
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toContainText('PickleMatch')
  await context.setOffline(false)

  // Settings offer push on this device; turning it on needs a real push service, out of reach here.
  await page.goto('/profile')
  const push = page.getByRole('region', { name: 'Push notifications on this device' })
  await expect(push.getByRole('status')).toHaveText('Push is off for this device.')
  const turnOn = push.getByRole('button', { name: 'Turn on push on this device' })
  await expect(turnOn).toBeVisible()
  await page.setViewportSize({ width: 375, height: 740 })
  await expectFitsScreen(page)
  expect((await turnOn.boundingBox())!.height).toBeGreaterThanOrEqual(44)

  await expect
    .poll(() => [...registrations.values()].some((r) => r.scopeURL === scope && !r.isDeleted))
    .toBe(true)
  const { registrationId } = [...registrations.values()].find((r) => r.scopeURL === scope && !r.isDeleted)!
  const shown = [
    { title: 'Game on', body: 'Jane accepted your PlayDate', tag: 't1', url: `/playdates/${playDateId}` },
  ]
  // On a busy machine a push sent through the browser's developer protocol was once not shown in
  // 10 s: it is sent again until it shows (the same tag replaces it, so there is only ever one).
  await expect(async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: appOrigin,
      registrationId,
      data: JSON.stringify({
        title: 'Game on',
        body: 'Jane accepted your PlayDate',
        url: `/playdates/${playDateId}`,
        tag: 't1',
      }),
    })
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              tag: n.tag,
              url: (n.data as { url: string }).url,
            })),
          ),
        { timeout: 4_000 },
      )
      .toEqual(shown)
  }).toPass({ timeout: 20_000 })

  // A tap on it: the app's window moves to the PlayDate, and the notification leaves the tray.
  const [serviceWorker] = context.serviceWorkers()
  expect(serviceWorker).toBeDefined()
  await serviceWorker!.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration
      dispatchEvent(event: Event): boolean
    }
    const [notification] = await scope.registration.getNotifications()
    const NotificationEventClass = (globalThis as unknown as Record<string, unknown>)
      .NotificationEvent as new (type: string, init: { notification: Notification }) => Event
    scope.dispatchEvent(new NotificationEventClass('notificationclick', { notification: notification! }))
  })
  await expect(page).toHaveURL(new RegExp(`/playdates/${playDateId}$`))
  await expect(page.getByText('Saturday doubles at the park')).toBeVisible()
  await expect
    .poll(() =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length),
    )
    .toBe(0)
})

// A browser that never answers (no network, its push service out of reach): after 15 s on the
// page's clock, the settings say push could not be turned on and the button is back.
test('turning on push says so when the browser does not answer in 15 s @phone-only', async ({
  page,
  context,
}) => {
  await signInContext(context, await createPlayer({ firstName: 'Nadia' }))
  await context.grantPermissions(['notifications'], { origin: appOrigin })
  // The browser's part hangs: its push subscription never comes back.
  await page.addInitScript(() => {
    PushManager.prototype.subscribe = () => new Promise<PushSubscription>(() => undefined)
  })
  await page.goto('/profile')
  const push = page.getByRole('region', { name: 'Push notifications on this device' })
  await expect(push.getByRole('status')).toHaveText('Push is off for this device.')
  // The app's service worker is running; from here the page's timers follow the test's clock.
  await page.evaluate(async () => void (await navigator.serviceWorker.ready))
  await page.clock.install()
  await push.getByRole('button', { name: 'Turn on push on this device' }).click()
  await expect(push.getByRole('status')).toHaveText('Turning on push: waiting for your browser...')
  await expect(push.getByRole('button', { name: 'Turning on...' })).toBeDisabled()

  await page.clock.runFor(14_000)
  await expect(push.getByRole('alert')).toHaveCount(0)
  await page.clock.runFor(1_500)
  await expect(push.getByRole('alert')).toHaveText(
    'Push could not be turned on. Your browser did not answer within 15 seconds. Check your connection and that notifications are allowed for this site, then try again.',
  )
  await expect(push.getByRole('status')).toHaveText('Push is off for this device.')
  await expect(push.getByRole('button', { name: 'Turn on push on this device' })).toBeEnabled()
  // Checked from the top of the page: scrolled to the button, a row of Notifications ticks sits half
  // under the desktop's sticky bar, and axe measures the part left showing, a place on the scroll
  // rather than the page's layout.
  await page.evaluate(() => window.scrollTo(0, 0))
  expect(await violationsInBothThemes(page)).toEqual([])
})

test('offline, home, a PlayDate and its chat show as last seen, and a message waits for the network @phone-only', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const { players, id } = await matchedFoursome(browser, 'Dawn doubles at the park')
  const [ann, , cat] = players
  const sent = await cat.request.post(`/api/play-dates/${id}/messages`, {
    headers,
    data: { content: 'See you at the courts' },
  })
  expect(sent.status(), await sent.text()).toBe(201)

  // One visit online: home, the PlayDates, the PlayDate with its chat.
  const page = await ann.newPage()
  await page.goto('/dashboard')
  const nextGames = page.getByRole('region', { name: 'Your next games' })
  await expect(nextGames.getByText('Matched')).toBeVisible()
  await page.evaluate(async () => navigator.serviceWorker.ready)
  // Views are stored a moment after they load: leaving the page at once may come first.
  await expect.poll(async () => (await storedViews(page)).includes(JSON.stringify(['home']))).toBe(true)
  await page.goto('/playdates')
  const myPlayDates = page.getByRole('tabpanel', { name: 'My PlayDates' })
  await expect(myPlayDates.getByRole('link', { name: /^Chat with Cat/ })).toBeVisible()
  await expect
    .poll(async () => (await storedViews(page)).some((hash) => hash.startsWith('["play-dates","list"')))
    .toBe(true)
  await page.goto(`/playdates/${id}`)
  const log = page.getByRole('log', { name: 'Messages' })
  await expect(log).toContainText('See you at the courts')
  await expect
    .poll(() => storedViews(page))
    .toEqual(
      expect.arrayContaining([
        JSON.stringify(['home']),
        JSON.stringify(['play-dates', 'detail', id]),
        JSON.stringify(['play-dates', 'messages', id]),
      ]),
    )
  // The Notifications and Profile tabs too.
  await page.goto('/notifications')
  const notices = page.getByRole('main')
  await expect(notices.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
  await expect(notices.getByText(/accepted your friend request/).first()).toBeVisible()
  await expect
    .poll(async () => (await storedViews(page)).includes(JSON.stringify(['notifications', 'list'])))
    .toBe(true)
  await page.goto('/profile')
  await expect(page.getByLabel('First name')).toHaveValue('Ann')
  await expect
    .poll(async () => (await storedViews(page)).includes(JSON.stringify(['profiles', 'me'])))
    .toBe(true)
  await page.goto(`/playdates/${id}`)
  await expect(log).toContainText('See you at the courts')
  const banner = page.getByRole('status').filter({ hasText: /^Offline/ })
  await expect(banner).toHaveCount(0)

  // No network: the same views, and the time they were seen.
  await ann.setOffline(true)
  await page.reload()
  const seenAt = /^Offline: showing what you saw at \d{1,2}:\d{2} [AP]M$/
  await expect(banner).toHaveText(seenAt)
  await expect(log).toContainText('See you at the courts')
  await page.goto('/dashboard')
  await expect(banner).toHaveText(seenAt)
  await expect(nextGames.getByText('Matched')).toBeVisible()
  await page.goto('/playdates')
  await expect(banner).toHaveText(seenAt)
  await expect(myPlayDates.getByRole('link', { name: /^Chat with Cat/ })).toBeVisible()
  await page.goto('/notifications')
  await expect(banner).toHaveText(seenAt)
  await expect(notices.getByText(/accepted your friend request/).first()).toBeVisible()
  await page.goto('/profile')
  await expect(banner).toHaveText(seenAt)
  await expect(page.getByLabel('First name')).toHaveValue('Ann')

  // A message typed offline is not sent later behind the player's back: it needs a connection,
  // and the words stay in the box.
  await page.goto(`/playdates/${id}`)
  await expect(log).toContainText('See you at the courts')
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill('Running five minutes late')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText("You're offline. This needs a connection.")).toBeVisible()
  await expect(box).toHaveValue('Running five minutes late')
  await expect(log).not.toContainText('Running five minutes late')

  // Back online: the banner goes and the message is sent.
  await ann.setOffline(false)
  await expect(banner).toHaveCount(0)
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(log).toContainText('Running five minutes late')
  await expect(box).toHaveValue('')

  await Promise.all(players.map((context) => context.close()))
})
