import type { Tx } from '../db/client'

// What every part of the demo data is given: the transaction it writes in and a demo player's
// id by first name.
export interface DemoWorld {
  tx: Tx
  id: (firstName: string) => string
}

export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000)
export const daysAgo = (days: number) => hoursAgo(days * 24)
