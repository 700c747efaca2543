// How far the server's clock is ahead of this browser's, at least, in milliseconds: read from the
// Date header of the API's answers. The server writes the header between the request leaving
// (`sentAt`) and its answer arriving, and the header drops the milliseconds, so one answer says
// the difference lies between `date - arrivedAt` and `date + 1000 - sentAt`. The bound kept is
// the closest one that the latest answer still allows: when the latest answer says the difference
// is smaller than the bound (a device clock set forward, a test clock moved back), the bound
// follows it down at once; otherwise it only moves up. It is then never later than the truth by
// more than the latest answer's spread (a second and its round trip), which the timers' margin
// covers (docs/decisions/0229). Unknown until an answer with the header has arrived.
let aheadAtLeast: number | undefined

export function noteServerDate(response: Response, sentAt: number) {
  const header = response.headers.get('date')
  if (!header) return
  const date = Date.parse(header)
  if (Number.isNaN(date)) return
  const arrivedAt = Date.now()
  const atLeast = date - arrivedAt
  const atMost = date + 1000 - Math.min(sentAt, arrivedAt)
  aheadAtLeast =
    aheadAtLeast === undefined || aheadAtLeast > atMost ? atLeast : Math.max(aheadAtLeast, atLeast)
}

// A moment of this browser's clock (`Date.now()`, `performance.timeOrigin`) on the server's clock,
// never later than the server read it while the clocks keep their difference: undefined while the
// difference is unknown.
export function serverTimeNoLaterThan(browserTime: number): number | undefined {
  return aheadAtLeast === undefined ? undefined : Math.max(0, Math.floor(browserTime + aheadAtLeast))
}

// The server's time now, as its answers' Date header tells it, never later than it is (a device
// ahead of the server would read early and see the old state: docs/decisions/0227); this
// device's own before any answer has come.
export function serverNow(): number {
  const now = Date.now()
  return serverTimeNoLaterThan(now) ?? now
}
