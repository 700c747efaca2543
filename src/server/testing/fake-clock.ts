import { type AdjustableClock, createAdjustableClock } from '../lib/clock'

// A clock a test moves (lib/clock.ts).
export type FakeClock = AdjustableClock
export const createFakeClock = createAdjustableClock
