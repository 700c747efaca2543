import { expect, type Page, test } from '@playwright/test'
import { openLive } from './support/live'
import { currentUserId, headers, matchedFoursome, signedInContext } from './support/players'

// The live event stream opens once the page has shown its answers, and says whether anything
// happened to the player in between (docs/decisions/0124-a-stream-that-opens-quiet.md): a page
// asks for its answers once when nothing did, and fetches again when something did.

// The API reads `page` asks for, by path and query, counted (the stream itself left out).
function countReads(page: Page) {
  const reads = new Map<string, number>()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (request.method() !== 'GET' || !url.pathname.startsWith('/api/') || url.pathname === '/api/events')
      return
    const key = `${url.pathname}${url.search}`
    reads.set(key, (reads.get(key) ?? 0) + 1)
  })
  return reads
}

test('a page asks for its answers once when nothing happened before its live stream opened', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const { players, id } = await matchedFoursome(browser, 'Sunday doubles at Kiwanis')
  const [ann] = players
  // Ann has used the app a moment already: the match above is news her first page fetches.
  const earlier = await ann.newPage()
  await openLive(earlier, '/dashboard')
  await earlier.close()
  for (const path of ['/dashboard', `/playdates/${id}`]) {
    const page = await ann.newPage()
    const reads = countReads(page)
    await openLive(page, path)
    expect(reads.size).toBeGreaterThan(2)
    expect([...reads].filter(([, count]) => count > 1)).toEqual([])
    await page.close()
  }
  for (const context of players) await context.close()
})

test('a friend request sent while the page loads shows once the stream opens', async ({ browser }) => {
  test.setTimeout(90_000)
  const [ann, eve] = await Promise.all([signedInContext(browser, 'Ann'), signedInContext(browser, 'Eve')])
  const annId = await currentUserId(ann)
  const page = await ann.newPage()
  // The stream waits until Eve has asked: her request comes after the dashboard read what waits
  // for Ann and before the stream opened, so neither brings it by itself (the dashboard does not
  // poll).
  let asked: Promise<unknown> | undefined
  await page.route('**/api/events?*', async (route) => {
    asked ??= eve.request
      .post('/api/connections/friend-requests', { headers, data: { receiverId: annId } })
      .then((response) => expect(response.status()).toBe(201))
    await asked
    await route.continue()
  })
  await page.goto('/dashboard')
  await expect(page.getByRole('button', { name: /^Accept Eve / })).toBeVisible()
  await Promise.all([ann.close(), eve.close()])
})
