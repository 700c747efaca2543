import type { DehydratedState } from '@tanstack/react-query'

// What the browser keeps of a player's own views so that the app opens without a network
// (docs/decisions/0095-offline-last-seen-data.md): pure rules here, the storage in
// offline-store.ts.

// Kept at most this long after it was fetched.
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

type QueryKey = readonly unknown[]

// The read queries kept, by the roots of their keys (each feature's `*Keys`): the session (so an
// offline start knows who is signed in), the dashboard's what's next and the friend requests it
// shows, the PlayDate lists, a PlayDate and its chat, the notifications and their count, and the
// player's own settings (Profile Settings' profile, about, notification switches, calendar link
// and push set-up). Nothing else: search, other players' profiles and the other lists are asked
// for anew.
const KEPT: readonly QueryKey[] = [
  ['auth', 'session'],
  ['home'],
  ['connections', 'list', 'received'],
  ['play-dates', 'list'],
  ['play-dates', 'detail'],
  ['play-dates', 'messages'],
  ['notifications', 'list'],
  ['notifications', 'unread-count'],
  ['profiles', 'me'],
  ['profile-about'],
  ['notification-preferences'],
  ['calendar-feed'],
  ['push-config'],
]

export function isKeptOffline(queryKey: QueryKey): boolean {
  return KEPT.some((prefix) => prefix.every((part, index) => queryKey[index] === part))
}

export const isSessionKey = (queryKey: QueryKey) => queryKey[0] === 'auth' && queryKey[1] === 'session'

type DehydratedQuery = DehydratedState['queries'][number]

// What is stored: whose views they are, and the queries as TanStack Query dehydrates them.
export interface SavedViews {
  userId: string
  queries: DehydratedQuery[]
}

// The signed-in user of a dehydrated session query, if it is one.
export function sessionUserId(queries: readonly DehydratedQuery[]): string | undefined {
  const session = queries.find((query) => isSessionKey(query.queryKey))
  const data = session?.state.data as { user?: { id?: unknown } | null } | undefined
  return typeof data?.user?.id === 'string' ? data.user.id : undefined
}

// The next thing to store, from what was stored and what the page now holds. A PlayDate seen
// yesterday stays until it is a week old although this visit did not open it; a view in memory
// replaces the stored one. Another player's views are never merged in: they are dropped. Nothing
// is stored when the page's session is not this user's (signing out, or another player).
export function mergeSavedViews(
  saved: SavedViews | undefined,
  current: readonly DehydratedQuery[],
  userId: string,
  now: number,
): SavedViews | undefined {
  if (sessionUserId(current) !== userId) return undefined
  const byHash = new Map<string, DehydratedQuery>()
  const fresh = (query: DehydratedQuery) =>
    isKeptOffline(query.queryKey) && now - query.state.dataUpdatedAt < OFFLINE_MAX_AGE_MS
  if (saved?.userId === userId) {
    for (const query of saved.queries) if (fresh(query)) byHash.set(query.queryHash, query)
  }
  for (const query of current) {
    const held = byHash.get(query.queryHash)
    if (fresh(query) && (!held || held.state.dataUpdatedAt <= query.state.dataUpdatedAt))
      byHash.set(query.queryHash, query)
  }
  return { userId, queries: [...byHash.values()] }
}

// What may be restored: the views of one player, none older than the maximum age, and nothing
// once the session kept with them is that old.
export function restorableViews(saved: SavedViews | undefined, now: number): DehydratedQuery[] {
  if (!saved) return []
  const queries = saved.queries.filter(
    (query) => isKeptOffline(query.queryKey) && now - query.state.dataUpdatedAt < OFFLINE_MAX_AGE_MS,
  )
  return sessionUserId(queries) === saved.userId ? queries : []
}
