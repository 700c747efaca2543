import { expect, test } from '@playwright/test'
import {
  appOrigin,
  befriend,
  createPlayDate,
  createPlayer,
  currentUserId,
  headers,
  signInContext,
} from './support/players'

test('keyboard focus never falls to nothing, and a new page is announced', async ({ browser }) => {
  const [player, friend] = await Promise.all([
    createPlayer({ firstName: 'Kim', lastName: `Keys${Date.now().toString(36)}` }),
    createPlayer({ firstName: 'Lou', lastName: `Tabs${Date.now().toString(36)}` }),
  ])
  const context = await browser.newContext({ baseURL: appOrigin })
  const other = await browser.newContext({ baseURL: appOrigin })
  await signInContext(context, player)
  await signInContext(other, friend)
  const sent = await other.request.post('/api/connections/friend-requests', {
    headers,
    data: { receiverId: await currentUserId(context) },
  })
  expect(sent.status()).toBe(201)
  const page = await context.newPage()
  const focusIsLost = () => page.evaluate(() => document.activeElement === document.body)

  // Answering removes the row whose button had focus: focus stays in the page.
  await page.goto('/connections?view=received')
  const accept = page.getByRole('button', { name: `Accept Lou ${friend.lastName}` })
  await accept.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Connection accepted')).toBeVisible()
  await expect(accept).toBeHidden()
  await expect.poll(focusIsLost).toBe(false)

  // A link that leads to another page: the page's name is announced and focus is in the content.
  await page.goto('/connections?view=connected')
  const profileLink = page.getByRole('tabpanel').getByRole('link', { name: `Lou ${friend.lastName}` })
  await profileLink.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/profile\//)
  // The route's name at once, or the player's name once the page has set it.
  await expect(page.locator('p.sr-only[aria-live="polite"]')).toHaveText(
    new RegExp(`^(Public Profile|Lou ${friend.lastName})$`),
  )
  await expect.poll(focusIsLost).toBe(false)
  await context.close()
  await other.close()
})

test('a double tap on a confirmation sends one request and tells the truth', async ({ browser }) => {
  const [creator, partner] = await Promise.all([
    createPlayer({ firstName: 'Dee' }),
    createPlayer({ firstName: 'Pat' }),
  ])
  const a = await browser.newContext({ baseURL: appOrigin })
  const b = await browser.newContext({ baseURL: appOrigin })
  await signInContext(a, creator)
  await signInContext(b, partner)
  await befriend(a, b)
  const id = await createPlayDate(a, b, 'Friday doubles at Kiwanis')
  const page = await a.newPage()
  const cancels: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/play-dates/${id}/cancel`))
      cancels.push(request.url())
  })
  await page.goto(`/playdates/${id}`)
  await page.getByRole('button', { name: 'Cancel PlayDate' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel PlayDate' }).dblclick()
  await expect(page.getByText('PlayDate cancelled successfully')).toBeVisible()
  await expect(page.getByText('Error cancelling PlayDate')).toBeHidden()
  expect(cancels).toHaveLength(1)
  await a.close()
  await b.close()
})
