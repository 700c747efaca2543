import { expect, test } from '@playwright/test'
import { expectFitsScreen } from './support/layout'
import { appOrigin, createPlayer, signInContext } from './support/players'

// The installable app (docs/decisions/0092-installable-app.md): the manifest and the service
// worker are served, the app shell opens without a network, and a push reaching the service
// worker shows a notification. A tap on it cannot be simulated here: the unit tests of
// service-worker/notification-click.ts cover where it goes.

test('the app installs, opens offline and shows a push as a notification', async ({ page, context }) => {
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
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: appOrigin,
    registrationId,
    data: JSON.stringify({
      title: 'Game on',
      body: 'Jane accepted your PlayDate',
      url: '/playdates',
      tag: 't1',
    }),
  })
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: (n.data as { url: string }).url,
        })),
      ),
    )
    .toEqual([{ title: 'Game on', body: 'Jane accepted your PlayDate', tag: 't1', url: '/playdates' }])
})
