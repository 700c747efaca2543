// The time rules read (session expiry and renewal, PlayDate starts, reminders): main.ts hands
// the app the system clock, tests a clock they can move.
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

// A clock that follows the real time until it is moved: the database's own now() (column
// defaults, rate-limit windows) stays in step with it unless told otherwise. Route tests use it
// (testing/fake-clock.ts), and so does a server started with TEST_CLOCK for browser journeys.
export interface AdjustableClock extends Clock {
  advance(ms: number): void
  set(at: Date): void
}

export function createAdjustableClock(): AdjustableClock {
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

export const isAdjustable = (clock: Clock): clock is AdjustableClock => 'advance' in clock && 'set' in clock
