import { describe, expect, it } from 'vitest'
import { offlineNotice } from './offline-notice'

// Local times: the notice speaks the player's time zone, whatever the test machine's is.
const at = (day: number, hours: number, minutes: number) => new Date(2026, 10, day, hours, minutes).getTime()

describe('offlineNotice', () => {
  it('says the time of day when the data is from today', () => {
    expect(offlineNotice(at(25, 8, 14), new Date(at(25, 9, 30)))).toBe(
      'Offline: showing what you saw at 8:14 AM',
    )
    expect(offlineNotice(at(25, 20, 5), new Date(at(25, 23, 0)))).toBe(
      'Offline: showing what you saw at 8:05 PM',
    )
  })

  it('says the day too when the data is older', () => {
    expect(offlineNotice(at(24, 18, 40), new Date(at(25, 7, 0)))).toBe(
      'Offline: showing what you saw on Nov 24 at 6:40 PM',
    )
  })

  it('says that a page never opened needs a connection', () => {
    expect(offlineNotice(undefined, new Date(at(25, 7, 0)))).toBe(
      "Offline: pages you haven't opened before need a connection.",
    )
  })
})
