// The time rules read (session expiry and renewal, PlayDate starts, reminders): main.ts hands
// the app the system clock, tests a clock they can move.
export interface Clock {
  now(): Date
  // Runs `run` once this clock reaches `when` (at once, on a later turn, when it already has);
  // returns a function that cancels it. A pending timer never keeps the process alive.
  at(when: Date, run: () => void): () => void
}

// Node keeps a timer's delay in 32 bits: a later time is reached in several waits.
const LONGEST_WAIT_MS = 2 ** 31 - 1

interface Timer {
  // Waits again for `when`, from what the clock says now (after the clock moved).
  arm(): void
  cancel(): void
}

function timerAt(now: () => number, when: number, run: () => void, done: () => void): Timer {
  let timeout: ReturnType<typeof setTimeout> | undefined
  const fire = () => {
    timeout = undefined
    if (when > now()) return timer.arm()
    done()
    run()
  }
  const timer: Timer = {
    arm() {
      if (timeout) clearTimeout(timeout)
      timeout = setTimeout(fire, Math.min(Math.max(0, when - now()), LONGEST_WAIT_MS))
      timeout.unref()
    },
    cancel() {
      if (timeout) clearTimeout(timeout)
      timeout = undefined
      done()
    },
  }
  timer.arm()
  return timer
}

export const systemClock: Clock = {
  now: () => new Date(),
  at(when, run) {
    const timer = timerAt(Date.now, when.getTime(), run, () => undefined)
    return () => timer.cancel()
  },
}

// A clock that follows the real time until it is moved: the database's own now() (column
// defaults, rate-limit windows) stays in step with it unless told otherwise. Route tests use it
// (testing/fake-clock.ts), and so does a server started with TEST_CLOCK for browser journeys.
// Moving it runs the timers it has passed.
export interface AdjustableClock extends Clock {
  advance(ms: number): void
  set(at: Date): void
}

export function createAdjustableClock(): AdjustableClock {
  let fixed: Date | undefined
  let offsetMs = 0
  const nowMs = () => (fixed ? fixed.getTime() : Date.now()) + offsetMs
  const pending = new Set<Timer>()
  const moved = () => {
    for (const timer of [...pending]) timer.arm()
  }
  return {
    now: () => new Date(nowMs()),
    at(when, run) {
      const timer: Timer = timerAt(nowMs, when.getTime(), run, () => pending.delete(timer))
      pending.add(timer)
      return () => timer.cancel()
    },
    advance(ms) {
      offsetMs += ms
      moved()
    },
    set(at) {
      fixed = at
      offsetMs = 0
      moved()
    },
  }
}

export const isAdjustable = (clock: Clock): clock is AdjustableClock => 'advance' in clock && 'set' in clock
