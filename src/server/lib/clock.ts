// The time rules read (session expiry and renewal): main.ts hands the app the system clock,
// tests a clock they can move (testing/fake-clock.ts).
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }
