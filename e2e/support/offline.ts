import type { Page } from '@playwright/test'

// The views a page has kept for offline use (lib/offline-store.ts), by query key.
export const storedViews = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('picklematch-offline', 1)
        open.onupgradeneeded = () => open.result.createObjectStore('views')
        open.onsuccess = () => {
          const read = open.result.transaction('views').objectStore('views').get('views')
          read.onsuccess = () => {
            const saved = read.result as { queries: { queryHash: string }[] } | undefined
            open.result.close()
            resolve(saved?.queries.map((query) => query.queryHash) ?? [])
          }
        }
      }),
  )
