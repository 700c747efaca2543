import { type QueryKey, useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { PlayDateDetail, PlayDateSummary } from '../../../../domain/play-dates/play-date.schema'
import { soonestStartAfter } from '../../../../domain/play-dates/play-date.rules'
import { serverNow } from '../../../lib/server-clock'
import { useNowByDay } from '../../../lib/use-now'
import { playDateKeys, playDatesQuery } from '../api/play-date.query'

// A moment past the one the server reads against, so its rule has passed when it reads.
const MARGIN_MS = 2000
// The longest wait one timer holds (about 24 days); a later moment is waited for in steps.
const LONGEST_WAIT_MS = 2 ** 31 - 1

// Calls `reread` once the server's clock has passed `momentOf(now)`, the next moment (on the
// server's clock) at which the clock alone changes what the player sees. One timer for it, set
// again after it fired and after each change of `momentOf` (a new answer read).
function useRereadAt(momentOf: (serverNow: number) => number | null, reread: () => void) {
  // Moves on when a long wait ends in a step, or when the page was read again at a moment.
  const [turn, setTurn] = useState(0)
  useEffect(() => {
    const now = serverNow()
    const moment = momentOf(now)
    if (moment === null) return
    const wait = moment - now + MARGIN_MS
    const timer = setTimeout(
      () => {
        if (wait <= LONGEST_WAIT_MS) reread()
        setTurn((n) => n + 1)
      },
      Math.min(wait, LONGEST_WAIT_MS),
    )
    return () => clearTimeout(timer)
  }, [momentOf, reread, turn])
}

// My PlayDates and History left open read the lists again when the clock alone moves a game of
// the player's (docs/decisions/0222, 0227): an open PlayDate whose start passes leaves My
// PlayDates for History, a game that starts gets its result move, a game nobody reported leaves
// for History at the end of its week. The server says when that next happens over all the
// player's games (`nextClockChange`, docs/decisions/0229), not only the pages read; both tabs time
// it by My PlayDates' answer (History's own games are over: what moves into it comes from there),
// read for History too while it is shown. Available left open is read again at the soonest start
// among the games it shows, as each leaves it then. Every list is marked stale, so the other tab
// reads its games when it is shown.
export function useListMovesWithClock(
  tab: 'available' | 'mine' | 'history',
  shown: ReadonlyArray<Pick<PlayDateSummary, 'startsAt'>> | undefined,
) {
  const queryClient = useQueryClient()
  const mine = useInfiniteQuery({ ...playDatesQuery({ tab: 'mine' }), enabled: tab !== 'available' })
  const next = tab === 'available' ? undefined : mine.data?.pages[0]?.nextClockChange
  const games = tab === 'available' ? shown : undefined
  const momentOf = useCallback(
    (now: number) => {
      if (games) return soonestStartAfter(games, now)
      const moment = next ? Date.parse(next) : null
      return moment !== null && moment > now ? moment : null
    },
    [games, next],
  )
  const reread = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: playDateKeys.lists() }),
    [queryClient],
  )
  useRereadAt(momentOf, reread)
}

// A list of games to join left open elsewhere (the dashboard's, a group's coming games) is read
// again (`queryKey`) at the soonest start among the games it shows, by the server's clock: nobody
// may join a game that has started, and the list leaves it out from then (docs/decisions/0229).
export function useGamesMoveWithClock(
  games: ReadonlyArray<Pick<PlayDateSummary, 'startsAt'>> | undefined,
  queryKey: QueryKey,
) {
  const queryClient = useQueryClient()
  const momentOf = useCallback((now: number) => (games ? soonestStartAfter(games, now) : null), [games])
  // The key as a value: one built anew on each render keeps its timer.
  const key = JSON.stringify(queryKey)
  const reread = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey }),
    [queryClient, key],
  )
  useRereadAt(momentOf, reread)
}

// A PlayDate's page left open is read again at the game's start, by the server's clock: an open
// PlayDate nobody joined is expired from then (nobody may apply), a matched game gets its result
// section (docs/decisions/0227).
export function usePageMovesWithClock(
  playDate: Pick<PlayDateDetail, 'id' | 'status' | 'startsAt'> | undefined,
) {
  const queryClient = useQueryClient()
  const id = playDate?.id
  const start =
    playDate?.startsAt && (playDate.status === 'open' || playDate.status === 'matched')
      ? Date.parse(playDate.startsAt)
      : null
  const momentOf = useCallback((now: number) => (start !== null && start > now ? start : null), [start])
  const reread = useCallback(() => {
    if (id) void queryClient.invalidateQueries({ queryKey: playDateKeys.detail(id) })
  }, [id, queryClient])
  useRereadAt(momentOf, reread)
}

// A list whose games are those of days counted from today (Available filtered to "Today", "This
// weekend" or "Next 7 days", the dashboard's games this week) is read again (`queryKey`) when
// today moves on in `zone`, the zone those days are read in (`referenceZoneOf`, as the server
// reads them): at its midnight by the server's clock, or when a phone shows the page again after
// it. No zone, no reading again.
export function useDaysMoveWithClock(zone: string | null, queryKey: QueryKey) {
  const queryClient = useQueryClient()
  const now = useNowByDay(zone)
  // The key as a value: one built anew on each render keeps its effect.
  const key = JSON.stringify(queryKey)
  // A new zone (another state chosen) asks for its list anyway: only a new day in the same zone
  // reads it again.
  const seen = useRef({ zone, now })
  useEffect(() => {
    const before = seen.current
    seen.current = { zone, now }
    if (zone !== null && before.zone === zone && before.now !== now) {
      void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey })
    }
  }, [zone, now, key, queryClient])
}
