import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import type { PlayDateDetail } from '../../../../domain/play-dates/play-date.schema'
import { nextClockChange } from '../../../../domain/play-dates/play-date.rules'
import { serverTimeNoLaterThan } from '../../../lib/server-clock'
import { playDateKeys, playDatesQuery } from '../api/play-date.query'

// A moment past the one the server reads against, so its rule has passed when it reads.
const MARGIN_MS = 2000
// The longest wait one timer holds (about 24 days); a later moment is waited for in steps.
const LONGEST_WAIT_MS = 2 ** 31 - 1

// The server's time now, as its answers' Date header tells it, never later than it is (a device
// ahead of the server would read early and see the old state: docs/decisions/0227); this
// device's own before any answer has come.
const serverNow = () => {
  const now = Date.now()
  return serverTimeNoLaterThan(now) ?? now
}

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
// the player's (nextClockChange, docs/decisions/0222, 0227): an open PlayDate whose start passes
// leaves My PlayDates for History, a game that starts gets its result move, a game nobody reported
// leaves for History at the end of its week. Both tabs time it by My PlayDates' games (History's
// own are over: what moves into it comes from there), read for History too while it is shown.
// Every list is marked stale, so the other tab reads its games when it is shown.
export function useListMovesWithClock(tab: 'available' | 'mine' | 'history') {
  const queryClient = useQueryClient()
  const mine = useInfiniteQuery({ ...playDatesQuery({ tab: 'mine' }), enabled: tab !== 'available' })
  const pages = tab === 'available' ? undefined : mine.data?.pages
  const momentOf = useCallback(
    (now: number) =>
      pages
        ? nextClockChange(
            pages.flatMap((page) => page.items),
            now,
          )
        : null,
    [pages],
  )
  const reread = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: playDateKeys.lists() }),
    [queryClient],
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
