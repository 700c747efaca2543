import { afterEach, describe, expect, it, vi } from 'vitest'

const answer = (date: string | null) => new Response(null, { headers: date ? { date } : {} })
const header = (serverTime: number) => new Date(serverTime).toUTCString()

describe('the server clock as the API answers show it', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.resetModules()
  })

  it('is unknown until an answer with a Date header arrives', async () => {
    const { noteServerDate, serverTimeNoLaterThan } = await import('./server-clock')
    expect(serverTimeNoLaterThan(1000)).toBeUndefined()
    noteServerDate(answer(null), 0)
    noteServerDate(answer('not a date'), 0)
    expect(serverTimeNoLaterThan(1000)).toBeUndefined()
  })

  it('never puts a moment later than the server read it, and keeps the closest bound', async () => {
    const { noteServerDate, serverTimeNoLaterThan } = await import('./server-clock')
    vi.useFakeTimers()
    // The browser is 90.4 s behind the server. An answer written at server time 12:00:00.700
    // carries "12:00:00" and arrives 300 ms later, at browser time 11:58:31.300.
    const server = Date.UTC(2026, 10, 26, 12, 0, 0, 700)
    const behind = 90_400
    vi.setSystemTime(server + 300 - behind)
    noteServerDate(answer(header(server)), server - 100 - behind)
    const truth = (browserTime: number) => browserTime + behind
    const moment = Date.now() - 5000
    expect(serverTimeNoLaterThan(moment)!).toBeLessThanOrEqual(truth(moment))
    expect(truth(moment) - serverTimeNoLaterThan(moment)!).toBe(1000)
    // A later answer that shows the clocks closer moves the bound up; one that was long on its way
    // (sent 70 s before it arrived) allows the bound and does not move it down.
    vi.setSystemTime(server + 10_050 - behind)
    noteServerDate(answer(header(server + 10_000)), server + 9_990 - behind)
    noteServerDate(answer(header(server - 60_000)), server - 60_000 - behind)
    expect(serverTimeNoLaterThan(moment)!).toBeLessThanOrEqual(truth(moment))
    expect(truth(moment) - serverTimeNoLaterThan(moment)!).toBe(750)
  })

  it('follows the clocks when the server falls back against this device', async () => {
    const { noteServerDate, serverTimeNoLaterThan } = await import('./server-clock')
    vi.useFakeTimers()
    const start = Date.UTC(2026, 10, 26, 12, 0, 0, 0)
    vi.setSystemTime(start)
    // The server's clock is an hour ahead, then moved back to ten minutes ahead (a journey's test
    // clock); the same as this device's clock set 50 minutes forward.
    noteServerDate(answer(header(start + 3_600_000)), start - 200)
    expect(serverTimeNoLaterThan(start)).toBe(start + 3_600_000)
    vi.setSystemTime(start + 5000)
    noteServerDate(answer(header(start + 5000 + 600_000)), start + 4800)
    const truth = start + 5000 + 600_000
    expect(serverTimeNoLaterThan(Date.now())!).toBeLessThanOrEqual(truth)
    expect(truth - serverTimeNoLaterThan(Date.now())!).toBeLessThan(1000)
    // The device set back again: the bound rises with the next answer.
    vi.setSystemTime(start + 10_000 - 3_000_000)
    noteServerDate(answer(header(start + 10_000 + 600_000)), start + 9_800 - 3_000_000)
    expect(start + 10_000 + 600_000 - serverTimeNoLaterThan(Date.now())!).toBe(0)
  })
})
