import { onlineManager } from '@tanstack/react-query'
import { ApiError, isApiError } from './api-client'

// The app without a network (docs/decisions/0095-offline-last-seen-data.md).

// A request that did not reach the server (the api client's status 0), as opposed to an answer.
export const isNetworkFailure = (error: unknown) => isApiError(error) && error.status === 0

// A write made without a network is refused at once, with this message, instead of waiting
// unseen for the connection to come back. The form keeps what the player typed: forms clear
// only on success.
export const OFFLINE_WRITE_MESSAGE = "You're offline. This needs a connection."

// The query client runs this before every mutation (app/query-client.ts).
export function refuseWhenOffline(isOnline: () => boolean = () => onlineManager.isOnline()) {
  if (!isOnline()) throw new ApiError(0, 'unavailable', OFFLINE_WRITE_MESSAGE)
}

// Set while views are kept for offline use (lib/offline-store.ts), so a start that finds nobody
// signed in knows, without opening IndexedDB, that there is a record to remove.
export const OFFLINE_VIEWS_MARKER = 'picklematch-offline-views'

export function hasOfflineViews() {
  try {
    return localStorage.getItem(OFFLINE_VIEWS_MARKER) !== null
  } catch {
    return false
  }
}
