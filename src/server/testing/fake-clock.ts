import type { Clock } from '../lib/clock'

// Follows the real time until a test moves it: the database's own now() (column defaults,
// rate-limit windows) stays in step with the app's clock unless a test says otherwise.
export interface FakeClock extends Clock {
  advance(ms: number): void
  set(at: Date): void
}

export function createFakeClock(): FakeClock {
  let fixed: Date | undefined
  let offsetMs = 0
  return {
    now: () => (fixed ? new Date(fixed.getTime() + offsetMs) : new Date(Date.now() + offsetMs)),
    advance(ms) {
      offsetMs += ms
    },
    set(at) {
      fixed = at
      offsetMs = 0
    },
  }
}
