import { afterEach, describe, expect, it, vi } from 'vitest'

const answer = (date: string | null) => new Response(null, { headers: date ? { date } : {} })

describe('the server clock as the API answers show it', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.resetModules()
  })

  it('is unknown until an answer with a Date header arrives', async () => {
    const { noteServerDate, serverTimeNoLaterThan } = await import('./server-clock')
    expect(serverTimeNoLaterThan(1000)).toBeUndefined()
    noteServerDate(answer(null))
    noteServerDate(answer('not a date'))
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
    noteServerDate(answer(new Date(server).toUTCString()))
    const truth = (browserTime: number) => browserTime + behind
    const moment = Date.now() - 5000
    expect(serverTimeNoLaterThan(moment)!).toBeLessThanOrEqual(truth(moment))
    expect(truth(moment) - serverTimeNoLaterThan(moment)!).toBe(1000)
    // A later answer that shows the clocks closer moves the bound up; a stale one does not move it.
    vi.setSystemTime(server + 10_050 - behind)
    noteServerDate(answer(new Date(server + 10_000).toUTCString()))
    noteServerDate(answer(new Date(server - 60_000).toUTCString()))
    expect(serverTimeNoLaterThan(moment)!).toBeLessThanOrEqual(truth(moment))
    expect(truth(moment) - serverTimeNoLaterThan(moment)!).toBe(750)
  })
})
