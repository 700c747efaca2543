import { millisecondsInDay } from 'date-fns/constants'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAdjustableClock, systemClock } from './clock'

afterEach(() => {
  vi.useRealTimers()
})

describe('a timer on the clock', () => {
  it('runs once the system clock reaches its time, even past what one Node timer can wait', async () => {
    vi.useFakeTimers()
    const ran: number[] = []
    systemClock.at(new Date(Date.now() + 30 * millisecondsInDay), () => ran.push(Date.now()))
    await vi.advanceTimersByTimeAsync(30 * millisecondsInDay - 1)
    expect(ran).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(ran).toHaveLength(1)
  })

  it('runs when an adjustable clock is moved past its time, and not when cancelled', async () => {
    const clock = createAdjustableClock()
    const ran: string[] = []
    clock.at(new Date(clock.now().getTime() + 7 * millisecondsInDay), () => ran.push('week'))
    const cancel = clock.at(new Date(clock.now().getTime() + millisecondsInDay), () => ran.push('cancelled'))
    clock.at(new Date(clock.now().getTime() + 30 * millisecondsInDay), () => ran.push('month'))
    cancel()
    clock.advance(8 * millisecondsInDay)
    await expect.poll(() => ran).toEqual(['week'])
    clock.set(new Date(clock.now().getTime() + 30 * millisecondsInDay))
    await expect.poll(() => ran).toEqual(['week', 'month'])
  })

  it('runs a time already passed on a later turn, not during the call', async () => {
    const clock = createAdjustableClock()
    const ran: string[] = []
    clock.at(new Date(clock.now().getTime() - 1000), () => ran.push('late'))
    expect(ran).toEqual([])
    await expect.poll(() => ran).toEqual(['late'])
  })
})
