import type { PlayDateStatus } from '../../../../domain/play-dates/play-date.schema'

export const formatRating = (rating: number) => rating.toFixed(2)

export const fullName = (player: { firstName: string; lastName: string }) =>
  `${player.firstName} ${player.lastName}`

export const requestCountLabel = (count: number) => `${count} pending ${count === 1 ? 'request' : 'requests'}`

// open green, matched blue, completed grey, cancelled (or anything else) red.
export const statusTone = (status: PlayDateStatus) =>
  status === 'open'
    ? 'bg-green-100 text-green-900 ring-green-600/30'
    : status === 'matched'
      ? 'bg-blue-100 text-blue-900 ring-blue-600/30'
      : status === 'completed'
        ? 'bg-slate-200 text-slate-800 ring-slate-500/30'
        : 'bg-red-100 text-red-900 ring-red-600/30'

export const RATING_FILTER_MIN = 2
export const RATING_FILTER_MAX = 7
export const RATING_FILTER_STEP = 0.1

// The rating filter as it sits in the URL: only values inside 2 to 7 count, min never above max.
export function parseRatingRange(min: string | null, max: string | null): [number, number] {
  const read = (text: string | null, fallback: number) => {
    if (text === null || text.trim() === '') return fallback
    const value = Number(text)
    if (!Number.isFinite(value)) return fallback
    return Math.min(RATING_FILTER_MAX, Math.max(RATING_FILTER_MIN, Math.round(value * 10) / 10))
  }
  const low = read(min, RATING_FILTER_MIN)
  const high = read(max, RATING_FILTER_MAX)
  return low <= high ? [low, high] : [high, low]
}

export const isFullRatingRange = ([min, max]: readonly [number, number]) =>
  min <= RATING_FILTER_MIN && max >= RATING_FILTER_MAX
