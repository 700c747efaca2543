import { type BrowserContext, expect, test } from '@playwright/test'
import { appOrigin, matchedFoursome } from './support/players'

// A long chat: the page opens on the newest messages and goes back a page at a time to the
// first one. The PlayDate, its match and 205 messages are made through the API; reading the
// thread happens in the page.

const headers = { origin: appOrigin }

async function send(context: BrowserContext, playDateId: string, content: string) {
  const res = await context.request.post(`/api/play-dates/${playDateId}/messages`, {
    headers,
    data: { content },
  })
  expect(res.status(), await res.text()).toBe(201)
}

test('a long chat opens on its newest messages and goes back to the first one @phone', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { players, id } = await matchedFoursome(browser, 'Long rallies, longer chats')
  const [ann, , cat] = players
  for (let n = 1; n <= 205; n++) await send(n % 2 ? ann : cat, id, `Message ${n}`)

  const page = await ann.newPage()
  await page.goto(`/playdates/${id}`)
  const log = page.getByRole('log', { name: 'Messages' })
  await expect(log.getByRole('listitem')).toHaveCount(200)
  await expect(log.getByRole('listitem').last()).toContainText('Message 205')
  await expect(log.getByRole('listitem').first()).toContainText('Message 6')
  // The thread opens at its newest message.
  await page.getByRole('region', { name: 'Message thread' }).scrollIntoViewIfNeeded()
  await expect(log.getByText('Message 205', { exact: true })).toBeInViewport()

  const earlier = page.getByRole('button', { name: 'Load earlier messages' })
  await earlier.scrollIntoViewIfNeeded()
  await earlier.click()
  const before = page.getByRole('list', { name: 'Earlier messages' })
  await expect(before.getByRole('listitem')).toHaveCount(5)
  await expect(before.getByRole('listitem').first()).toContainText('Message 1')
  await expect(before.getByRole('listitem').first()).toContainText('Ann')
  // The first message is reached: nothing more to load, and the view stayed where it was.
  await expect(earlier).toHaveCount(0)
  await expect(log.getByText('Message 6', { exact: true })).toBeInViewport()
  await expect(before.getByText('Message 1', { exact: true })).not.toBeInViewport()
  await expect(log.getByRole('listitem')).toHaveCount(200)

  // A new message still arrives at the bottom of the live thread.
  await send(cat, id, 'Message 206')
  await expect(log.getByRole('listitem').last()).toContainText('Message 206')

  await Promise.all(players.map((context) => context.close()))
})
