import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { SessionOutput, SessionUser } from '../../../../domain/profiles/profile.schema'
import { api, onApiError } from '../../../lib/api-client'

export const sessionKey = ['auth', 'session'] as const
// The player's own profile (Profile Settings): the session's fields and more.
export const ownProfileKey = ['profiles', 'me'] as const

// Every tab of the app hears when the session changes in another one (sign-in, sign-out,
// confirmation, reset), so no tab goes on showing a user who is gone.
const CHANNEL_NAME = 'picklematch-session'
type SessionMessage = { type: 'signed-in' } | { type: 'signed-out' } | { type: 'check' }

let channel: BroadcastChannel | null | undefined
function sessionChannel() {
  if (channel === undefined)
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME)
  return channel
}

function announce(message: SessionMessage) {
  sessionChannel()?.postMessage(message)
}

// Whether the last sign-out was the player's own (Sign Out here or in another tab). A session
// that ends by itself (expired, revoked, paused) sends the player to the landing page with the
// page they were on, so signing in again brings them back; a chosen sign-out does not, or the
// next person to sign in on the device would land on the last one's page.
let signedOutOnPurpose = false
export const wasSignedOutOnPurpose = () => signedOutOnPurpose

// The browser forgets the user and everything loaded on their behalf, the views kept for offline
// use included (docs/decisions/0095-offline-last-seen-data.md).
export function forgetUser(queryClient: QueryClient) {
  queryClient.setQueryData<SessionOutput>(sessionKey, { user: null })
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] })
  void import('../../../lib/offline-store').then((store) => store.forgetOfflineViews())
}

// After sign-in or email confirmation: this tab knows the user at once, the others reload it.
export function rememberUser(queryClient: QueryClient, user: SessionUser) {
  signedOutOnPurpose = false
  queryClient.setQueryData<SessionOutput>(sessionKey, { user })
  announce({ type: 'signed-in' })
}

export function announceSignedOut(queryClient: QueryClient) {
  signedOutOnPurpose = true
  forgetUser(queryClient)
  announce({ type: 'signed-out' })
}

const listening = new WeakSet<QueryClient>()
function listenForSessionChanges(queryClient: QueryClient) {
  if (listening.has(queryClient)) return
  listening.add(queryClient)
  const current = sessionChannel()
  current?.addEventListener('message', (event: MessageEvent<SessionMessage>) => {
    if (event.data?.type === 'signed-out') {
      signedOutOnPurpose = true
      forgetUser(queryClient)
      return
    }
    if (event.data?.type === 'signed-in') signedOutOnPurpose = false
    void queryClient.invalidateQueries({ queryKey: sessionKey })
  })
  // A 401 here means the session may have ended for every tab (they share the cookie).
  onApiError((error) => {
    if (error.status === 401) announce({ type: 'check' })
  })
}

// One definition for the hook and for the prefetch before the first render (main.tsx), which
// picks up the answer to the request the HTML preloads.
const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: () => api.get('/auth/session'),
  staleTime: 60_000,
  retry: 1,
  // Asked for even offline: with no session kept for offline use, the failure says nobody is
  // signed in and the public pages show, instead of waiting for the network.
  networkMode: 'always',
})

export const prefetchSession = (queryClient: QueryClient) => queryClient.prefetchQuery(sessionQuery)

// The signed-in user, or null. Everything that depends on who is signed in reads this.
export function useSession() {
  const queryClient = useQueryClient()
  useEffect(() => listenForSessionChanges(queryClient), [queryClient])
  const query = useQuery({
    ...sessionQuery,
    // Coming back to a tab always checks that the session is still there.
    refetchOnWindowFocus: 'always',
  })
  return {
    user: query.data?.user ?? null,
    isLoading: query.isPending,
    isError: query.isError,
  }
}

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    // The other tabs hear first that the player chose to sign out: the server then ends their
    // event streams too, and they must not take that for a session ended elsewhere.
    onMutate: () => announce({ type: 'signed-out' }),
    mutationFn: () => api.post('/auth/sign-out'),
    // Whatever the outcome, the browser forgets the user, in every tab.
    onSettled: () => announceSignedOut(queryClient),
  })
}
