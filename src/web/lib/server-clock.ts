// How far the server's clock is ahead of this browser's, at least, in milliseconds: read from the
// Date header of the API's answers. The server writes the header before its answer arrives, and
// the header drops the milliseconds, so `date - now` is never more than the true difference; the
// largest one seen is the closest. Unknown until an answer with the header has arrived.
let aheadAtLeast: number | undefined

export function noteServerDate(response: Response) {
  const header = response.headers.get('date')
  if (!header) return
  const date = Date.parse(header)
  if (Number.isNaN(date)) return
  const ahead = date - Date.now()
  if (aheadAtLeast === undefined || ahead > aheadAtLeast) aheadAtLeast = ahead
}

// A moment of this browser's clock (`Date.now()`, `performance.timeOrigin`) on the server's clock,
// never later than the server read it: undefined while the difference is unknown.
export function serverTimeNoLaterThan(browserTime: number): number | undefined {
  return aheadAtLeast === undefined ? undefined : Math.max(0, Math.floor(browserTime + aheadAtLeast))
}
