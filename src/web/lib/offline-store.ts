import { type QueryClient, defaultShouldDehydrateQuery, dehydrate, hydrate } from '@tanstack/react-query'
import { OFFLINE_VIEWS_MARKER } from './offline'
import { isKeptOffline, mergeSavedViews, restorableViews, type SavedViews } from './offline-data'

// The signed-in player's last-seen views in IndexedDB, so the app opens with them when there is
// no network (docs/decisions/0095-offline-last-seen-data.md). Which views, and for how long:
// offline-data.ts. Loaded with the signed-in shell, and by main.tsx only when it starts offline,
// never on the landing page's first load.

// One record in one object store: the few lines of IndexedDB it takes are written here.
const DATABASE = 'picklematch-offline'
const STORE = 'views'
const KEY = 'views'
// A write at most this often while queries change.
const SAVE_DELAY_MS = 1000

const done = <T>(request: IDBRequest<T> | IDBTransaction) =>
  new Promise<T>((resolve, reject) => {
    if (request instanceof IDBTransaction) {
      request.oncomplete = () => resolve(undefined as T)
      request.onabort = request.onerror = () => reject(request.error ?? new Error('transaction aborted'))
    } else {
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error ?? new Error('request failed'))
    }
  })

let opening: Promise<IDBDatabase> | undefined
function database() {
  if (!opening) {
    const request = indexedDB.open(DATABASE, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    opening = done(request)
    opening.catch(() => (opening = undefined))
  }
  return opening
}

async function readViews(): Promise<SavedViews | undefined> {
  const store = (await database()).transaction(STORE, 'readonly').objectStore(STORE)
  return (await done(store.get(KEY))) as SavedViews | undefined
}

async function writeViews(views: SavedViews | undefined) {
  const transaction = (await database()).transaction(STORE, 'readwrite')
  const store = transaction.objectStore(STORE)
  if (views) store.put(views, KEY)
  else store.delete(KEY)
  await done(transaction)
  try {
    if (views) localStorage.setItem(OFFLINE_VIEWS_MARKER, '1')
    else localStorage.removeItem(OFFLINE_VIEWS_MARKER)
  } catch {
    // Storage refused (a private window's quota): the record is still removed at sign-out.
  }
}

// One storage operation at a time, in order: a sign-out's deletion always comes after a save
// that started before it.
let queue: Promise<unknown> = Promise.resolve()
const enqueue = <T>(operation: () => Promise<T>) => {
  const next = queue.then(operation)
  queue = next.catch(() => undefined)
  return next
}
// Raised by every deletion: a save planned before it is dropped.
let generation = 0

const warn = (what: string) => (error: unknown) => console.warn(`Offline data: could not ${what}`, error)

// Puts the stored views into the query client (those of `userId` only, when given). A view the
// client holds newer stays as it is.
export function restoreOfflineViews(queryClient: QueryClient, userId?: string): Promise<void> {
  return enqueue(async () => {
    const saved = await readViews()
    if (userId !== undefined && saved?.userId !== userId) return
    const queries = restorableViews(saved, Date.now())
    if (queries.length > 0) hydrate(queryClient, { queries, mutations: [] })
  }).catch(warn('restore'))
}

// Removes what is stored: on sign-out, when the session ends, when another player signs in.
export function forgetOfflineViews(): Promise<void> {
  generation += 1
  return enqueue(() => writeViews(undefined)).catch(warn('clear'))
}

// Keeps the player's views stored while they use the app, and brings the stored ones back when
// the network goes (a PlayDate seen yesterday that this visit has not opened). Returns the stop.
export function keepOfflineViews(queryClient: QueryClient, userId: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const startedIn = generation
  const save = () => {
    timer = undefined
    const planned = generation
    const current = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) && isKeptOffline(query.queryKey),
    }).queries
    void enqueue(async () => {
      if (planned !== generation) return
      const next = mergeSavedViews(await readViews(), current, userId, Date.now())
      if (next) await writeViews(next)
    }).catch(warn('save'))
  }
  const plan = () => {
    if (timer === undefined && startedIn === generation) timer = setTimeout(save, SAVE_DELAY_MS)
  }
  // Another player's views never stay beside this one's.
  void enqueue(async () => {
    const saved = await readViews()
    if (saved && saved.userId !== userId) await writeViews(undefined)
  }).catch(warn('clear'))
  plan()
  const stopCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && isKeptOffline(event.query.queryKey))
      plan()
  })
  const restore = () => void restoreOfflineViews(queryClient, userId)
  window.addEventListener('offline', restore)
  // Leaving the page (a reload, another site, the app closed) saves what waited for the delay.
  const flush = () => {
    if (timer === undefined) return
    clearTimeout(timer)
    save()
  }
  window.addEventListener('pagehide', flush)
  return () => {
    stopCache()
    window.removeEventListener('offline', restore)
    window.removeEventListener('pagehide', flush)
    if (timer !== undefined) clearTimeout(timer)
  }
}
