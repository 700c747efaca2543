import { expect, test } from '@playwright/test'
import { violationsInBothThemes } from './support/axe'
import { expectFitsScreen } from './support/layout'
import { createPlayer, signInContext } from './support/players'

// On a 390 px phone, the calendar feed in Profile Settings is subscribed with one tap: a
// `webcal://` link that opens the phone's calendar app, beside Copy link.
test('on a phone the calendar link is one tap to subscribe, beside Copy link @phone-only', async ({
  page,
  context,
}) => {
  await signInContext(context, await createPlayer({ firstName: 'Wren' }))
  await page.goto('/profile')
  await page.getByRole('button', { name: 'Get my calendar link' }).click()
  const feedUrl = await page.getByLabel('Your calendar link').inputValue()
  expect(feedUrl).toMatch(/^http:\/\//)
  const subscribe = page.getByRole('link', { name: 'Subscribe in my calendar' })
  await expect(subscribe).toHaveAttribute('href', feedUrl.replace(/^http:/, 'webcal:'))
  const copy = page.getByRole('button', { name: 'Copy link' })
  await expect(copy).toBeVisible()
  for (const [name, target] of [
    ['Subscribe', subscribe],
    ['Copy link', copy],
  ] as const) {
    const box = (await target.boundingBox())!
    expect(box.height, name).toBeGreaterThanOrEqual(44)
  }
  await subscribe.scrollIntoViewIfNeeded()
  await expectFitsScreen(page)
  expect(await violationsInBothThemes(page)).toEqual([])
})
