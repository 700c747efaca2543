import { expect, test } from '@playwright/test'
import { openLive } from './support/live'
import { befriend, createPlayDate, currentUserId, headers, signedInContext } from './support/players'

// The apply page's friends (docs/decisions/0179): "Available Friends" counts those who can be
// picked, and the list follows the friends while the page is open: a friend who applied meanwhile
// is marked once the player comes back to the tab, a new friend shows up at once (the event stream).

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

test('the apply page counts the friends who can be picked and follows them while open @phone-only', async ({
  browser,
}) => {
  const [ann, ben, cat, dan, eve, gus, fay] = await Promise.all(
    ['Ann', 'Ben', 'Cat', 'Dan', 'Eve', 'Gus', 'Fay'].map((name) => signedInContext(browser, name)),
  )
  await befriend(ann!, ben!)
  await befriend(cat!, dan!)
  await befriend(cat!, eve!)
  await befriend(dan!, gus!)
  const id = await createPlayDate(ann!, ben!, 'Partners that move')

  const page = await cat!.newPage()
  await openLive(page, `/playdates/${id}/apply`)
  const picker = page.getByRole('group', { name: 'Friends' })
  await expect(page.getByText('Available Friends: 2')).toBeVisible()
  await expect(picker.getByRole('button', { name: /Dan Player/ })).toBeEnabled()

  // Dan applies with Gus: nothing tells Cat, until she comes back to the tab.
  const applied = await dan!.request.post(`/api/play-dates/${id}/requests`, {
    headers,
    data: { partnerId: await currentUserId(gus!) },
  })
  expect(applied.status(), await applied.text()).toBe(201)
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')))
  await expect(picker.getByRole('button', { name: /Dan Player/ })).toContainText(
    'Already applied to this PlayDate',
  )
  await expect(picker.getByRole('button', { name: /Dan Player/ })).toBeDisabled()
  await expect(page.getByText('Available Friends: 1')).toBeVisible()
  await expect(page.getByText('Please select a friend')).toBeVisible()

  // Eve applies alone: no friend is left to pick, and the page says how Cat can still apply.
  const alone = await eve!.request.post(`/api/play-dates/${id}/requests`, { headers, data: { alone: true } })
  expect(alone.status(), await alone.text()).toBe(201)
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')))
  await expect(page.getByText('Available Friends: 0')).toBeVisible()
  await expect(page.getByText('Choose Join alone to apply')).toBeVisible()

  // Fay accepts Cat's friend request: she is offered at once.
  const asked = await cat!.request.post('/api/connections/friend-requests', {
    headers,
    data: { receiverId: await currentUserId(fay!) },
  })
  expect(asked.status(), await asked.text()).toBe(201)
  const { id: requestId } = (await asked.json()) as { id: string }
  const accepted = await fay!.request.post(`/api/connections/${requestId}/accept`, { headers })
  expect(accepted.status(), await accepted.text()).toBe(200)
  await expect(picker.getByRole('button', { name: /Fay Player/ })).toBeEnabled()
  await expect(page.getByText('Available Friends: 1')).toBeVisible()
  await expect(page.getByText('Please select a friend')).toBeVisible()
  await picker.getByRole('button', { name: /Fay Player/ }).click()
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByText('Application submitted successfully')).toBeVisible()

  for (const context of [ann, ben, cat, dan, eve, gus, fay]) await context!.close()
})
