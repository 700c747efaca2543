import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { PlayDateSummary } from '../../../../domain/play-dates/play-date.schema'
import { nextClockChange } from '../../../../domain/play-dates/play-date.rules'
import { playDateKeys } from '../api/play-dates.queries'

// A moment past the one the server reads the list against, so its rule has passed when it reads.
const MARGIN_MS = 2000
// The longest wait one timer holds (about 24 days); a later moment is waited for in steps.
const LONGEST_WAIT_MS = 2 ** 31 - 1

// My PlayDates left open reads the lists again when the clock alone changes one of its cards
// (nextClockChange, docs/decisions/0222): an open PlayDate whose start passes leaves for History,
// a game that starts gets its result move, a game nobody reported leaves at the end of its week.
// One timer for the soonest, on this device's clock, as the card's "in 2 days" is; every list is
// marked stale, so History reads its new game when it is shown. `pages`: the list's pages as read.
export function useRereadAtNextChange(
  pages: ReadonlyArray<{ items: readonly PlayDateSummary[] }> | undefined,
) {
  const queryClient = useQueryClient()
  // Moves on when a long wait ends in a step, or when the lists were read again at a moment.
  const [turn, setTurn] = useState(0)
  useEffect(() => {
    if (!pages) return
    const next = nextClockChange(
      pages.flatMap((page) => page.items),
      Date.now(),
    )
    if (next === null) return
    const wait = next - Date.now() + MARGIN_MS
    const timer = setTimeout(
      () => {
        if (wait <= LONGEST_WAIT_MS) void queryClient.invalidateQueries({ queryKey: playDateKeys.lists() })
        setTurn((n) => n + 1)
      },
      Math.min(wait, LONGEST_WAIT_MS),
    )
    return () => clearTimeout(timer)
  }, [pages, turn, queryClient])
}
