import type { PlayDateStatus } from './play-date.schema'

// Team rating: the mean of the two players, to 2 decimals (computed in hundredths).
export function teamAverage(a: number, b?: number | null) {
  if (b === undefined || b === null) return Math.round(a * 100) / 100
  return Math.round((Math.round(a * 100) + Math.round(b * 100)) / 2) / 100
}

const transitions: Record<PlayDateStatus, readonly PlayDateStatus[]> = {
  open: ['matched', 'cancelled'],
  matched: ['completed'],
  completed: [],
  cancelled: [],
}

// open -> matched -> completed, and open -> cancelled; nothing else.
export const canTransition = (from: PlayDateStatus, to: PlayDateStatus) => transitions[from].includes(to)

export const formatPayment = (min: number, max: number) => (min === max ? `$${min}/hr` : `$${min}-${max}/hr`)

export const statusLabel = (status: PlayDateStatus) =>
  status === 'open' ? 'Available' : status.charAt(0).toUpperCase() + status.slice(1)
