import type { PlayDateStatus, PlayDateSummary } from '../../../domain/play-dates/play-date.schema'
import { openSpots } from '../../../domain/play-dates/spots'

type SpotsRow = {
  status: PlayDateStatus
  partnerId?: string | null
  partner?: { id: string | null } | null
  postedAlone: boolean
  minDupr: number | null
  maxDupr: number | null
  otherSideFilled: number
}

// Who may join and the spots left, as the summary gives them: an open PlayDate's, and a matched
// game's that a player dropped out of (docs/decisions/0152); a finished one has none.
export function rangeAndSpots(row: SpotsRow): Pick<PlayDateSummary, 'duprRange' | 'spots'> {
  const hasPartner = Boolean(row.partnerId ?? row.partner?.id)
  const live = row.status === 'open' || row.status === 'matched'
  const spots = openSpots({
    creatorPartner: hasPartner || !live,
    otherSide: live ? (Math.min(2, row.otherSideFilled) as 0 | 1 | 2) : 2,
  })
  return {
    duprRange:
      row.minDupr === null || row.maxDupr === null
        ? null
        : { min: Number(row.minDupr), max: Number(row.maxDupr) },
    spots,
  }
}
