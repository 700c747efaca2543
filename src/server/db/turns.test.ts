import { describe, expect, it } from 'vitest'
import { createTurns } from './turns'

// Turns at the embedded database: one at a time, in the order asked, with the event loop free
// between two slices of time; a lone call waits for nothing.

const deferred = () => {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('turns', () => {
  it('runs a lone call at once', async () => {
    const inTurn = createTurns()
    let started = false
    const done = inTurn(async () => {
      started = true
      return 7
    })
    expect(started).toBe(true)
    await expect(done).resolves.toBe(7)
  })

  it('runs calls one at a time, in the order they were asked', async () => {
    const inTurn = createTurns()
    const log: string[] = []
    const gates = [deferred(), deferred(), deferred()]
    const calls = gates.map((gate, i) =>
      inTurn(async () => {
        log.push(`start ${i}`)
        await gate.promise
        log.push(`end ${i}`)
        return i
      }),
    )
    // The last one asked is let go first: it still waits for the two before it.
    gates[2]!.resolve()
    gates[1]!.resolve()
    await new Promise((resolve) => setImmediate(resolve))
    expect(log).toEqual(['start 0'])
    gates[0]!.resolve()
    await expect(Promise.all(calls)).resolves.toEqual([0, 1, 2])
    expect(log).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2'])
  })

  // Two calls asked together; during the first, something comes in for the event loop (a
  // request to read). What ran in what order?
  async function twoCalls(sliceMs: number) {
    const inTurn = createTurns(sliceMs)
    const log: string[] = []
    const first = inTurn(async () => {
      setImmediate(() => log.push('event loop'))
      log.push('first')
    })
    const second = inTurn(async () => void log.push('second'))
    await Promise.all([first, second])
    return log
  }

  it('lets the event loop run once a slice of time is used up', async () => {
    expect(await twoCalls(0)).toEqual(['first', 'event loop', 'second'])
  })

  it('goes on to the next in line at once within a slice', async () => {
    expect(await twoCalls(60_000)).toEqual(['first', 'second'])
  })

  it('passes the turn on after a call that fails', async () => {
    const inTurn = createTurns()
    const failed = inTurn(async () => {
      throw new Error('no such table')
    })
    const next = inTurn(async () => 'ran')
    await expect(failed).rejects.toThrow('no such table')
    await expect(next).resolves.toBe('ran')
  })
})
