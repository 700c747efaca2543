import type { Tx } from '../db/client'

// What every part of the demo data is given: the transaction it writes in, a demo player's id by
// first name, and the moment the data is made (the server's clock), which every time in it is
// counted from.
export interface DemoWorld {
  tx: Tx
  id: (firstName: string) => string
  now: Date
}

// Moments before `now`, in hours or days.
export const agoFrom = (now: Date) => {
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000)
  return { hoursAgo, daysAgo: (days: number) => hoursAgo(days * 24) }
}
