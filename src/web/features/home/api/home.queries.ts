import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { referenceZoneOf } from '../../../../domain/play-dates/date-window'
import { api } from '../../../lib/api-client'
import { useSession } from '../../auth'
import { useConnections } from '../../connections'
import { playDateKeys, useDaysMoveWithClock, useGamesMoveWithClock } from '../../play-dates'

// The dashboard's "what's next" (GET /api/home). Live PlayDate, notification and connection
// events make it stale (lib/live-events.tsx), so what waits for the player follows on its own;
// every write on the dashboard refetches it too.
export const homeKeys = {
  all: ['home'] as const,
  // Under 'home', so the live events that refresh the dashboard refresh it too.
  friendActivity: () => [...homeKeys.all, 'friend-activity'] as const,
}

// The dashboard's first answer (app/page-answers.ts).
export const homeQuery = () =>
  queryOptions({
    queryKey: homeKeys.all,
    queryFn: ({ signal }) => api.get('/home', { signal }),
  })

export function useHome() {
  return useQuery(homeQuery())
}

// The dashboard left open is read again at the soonest start among the games it shows, by the
// server's clock: a next game leaves "what's next" then, and nobody may join a suggested game that
// has started (docs/decisions/0229). And at midnight in the player's home state, where the server
// reads the days of its games this week: the suggestions are of the new week then.
export function useHomeMovesWithClock() {
  const home = useHome().data
  const games = useMemo(() => home && [...home.nextGames, ...home.suggested], [home])
  useGamesMoveWithClock(games, homeKeys.all)
  const user = useSession().user
  useDaysMoveWithClock(user ? referenceZoneOf(null, user.homeState) : null, homeKeys.all)
}

// True until the dashboard's sections have their first answers (or errors): the page shows one
// loading line until then, so nothing it shows moves down when they arrive.
export function useHomeLoading() {
  const home = useHome()
  const received = useConnections('received')
  return home.isPending || received.isPending
}

export function useRefreshHome() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: homeKeys.all })
}

// One tap confirms the other team's report of a game; the answer is the PlayDate as it now is.
export function useConfirmReportedResult() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (playDateId: string) =>
      api.post('/play-dates/{id}/result/confirm', { params: { id: playDateId } }),
    onSuccess: (detail) => queryClient.setQueryData(playDateKeys.detail(detail.id), detail),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: homeKeys.all }),
        queryClient.invalidateQueries({ queryKey: playDateKeys.lists() }),
      ]),
  })
}

// The confirmation taken back within its minute: the result is there to confirm again. A plain
// function, not a mutation hook: it runs from the confirmation's toast, after the item that made
// the confirmation has left the list.
export function useUndoReportedResult() {
  const queryClient = useQueryClient()
  return async (playDateId: string) => {
    try {
      const detail = await api.post('/play-dates/{id}/result/confirm/undo', { params: { id: playDateId } })
      queryClient.setQueryData(playDateKeys.detail(detail.id), detail)
      return detail
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: homeKeys.all }),
        queryClient.invalidateQueries({ queryKey: playDateKeys.lists() }),
      ])
    }
  }
}

// What the player's friends did lately (GET /api/connections/activity): the dashboard asks for it
// with the tap, with what's next (app/page-answers.ts).
export const friendActivityQuery = () =>
  queryOptions({
    queryKey: homeKeys.friendActivity(),
    queryFn: ({ signal }) => api.get('/connections/activity', { signal }),
  })

export function useFriendActivity() {
  return useQuery(friendActivityQuery())
}
