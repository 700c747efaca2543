import type { Page } from '@playwright/test'

// Opens `path` and waits until the page's live event stream is open and the page has nothing more
// to fetch: a refetch that the stream's opening starts ('resync', docs/decisions/0124) is done too.
export async function openLive(page: Page, path: string) {
  const streamOpened = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events')
  await page.goto(path)
  await streamOpened
  await page.waitForLoadState('networkidle')
}
