import { type QueryClient, onlineManager, useQueryClient } from '@tanstack/react-query'
import { WifiOff } from 'lucide-react'
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { isKeptOffline, isSessionKey } from '../lib/offline-data'
import { isNetworkFailure } from '../lib/offline'
import { keepOfflineViews } from '../lib/offline-store'

type NoticeText = typeof import('../lib/offline-notice').offlineNotice

// The signed-in player's views are stored as they load, for when the network goes
// (docs/decisions/0095-offline-last-seen-data.md).
export function KeepOfflineViews({ userId }: { userId: string }) {
  const queryClient = useQueryClient()
  useEffect(() => keepOfflineViews(queryClient, userId), [queryClient, userId])
  return null
}

// Null with a network; offline, when the oldest view on screen was fetched (undefined when none
// is), since the page is at least that old. Offline means the browser says so, or a view on
// screen failed to reach the server and shows what it held.
export function offlineSince(queryClient: QueryClient, isOnline: boolean): number | undefined | null {
  const shown = queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.isActive() &&
        isKeptOffline(query.queryKey) &&
        !isSessionKey(query.queryKey) &&
        query.state.data !== undefined,
    )
  if (isOnline && !shown.some((query) => isNetworkFailure(query.state.error))) return null
  const times = shown.map((query) => query.state.dataUpdatedAt)
  return times.length > 0 ? Math.min(...times) : undefined
}

// 'Offline: showing what you saw at 8:14 AM', above the page, while there is no network.
export function OfflineBanner() {
  const queryClient = useQueryClient()
  const subscribe = useCallback(
    (onChange: () => void) => {
      const stopOnline = onlineManager.subscribe(onChange)
      const stopCache = queryClient.getQueryCache().subscribe(onChange)
      return () => {
        stopOnline()
        stopCache()
      }
    },
    [queryClient],
  )
  const since = useSyncExternalStore(subscribe, () => offlineSince(queryClient, onlineManager.isOnline()))
  const [noticeText, setNoticeText] = useState<NoticeText>()
  const isOffline = since !== null
  useEffect(() => {
    if (isOffline && !noticeText)
      void import('../lib/offline-notice').then(
        (module) => setNoticeText(() => module.offlineNotice),
        (error: unknown) => console.warn('Offline notice: could not load', error),
      )
  }, [isOffline, noticeText])
  return (
    <div role="status" className="empty:hidden">
      {since !== null ? (
        <p className="mb-6 flex items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 font-semibold text-amber-950">
          <WifiOff aria-hidden="true" className="size-5 shrink-0" />
          {noticeText ? noticeText(since, new Date()) : 'Offline'}
        </p>
      ) : null}
    </div>
  )
}
