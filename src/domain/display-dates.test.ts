import { describe, expect, it } from 'vitest'
import { formatDay, formatDayAndTime, formatLongDay } from './display-dates'

describe('dates on a screen', () => {
  it('write a date one way, with its time when it has one', () => {
    const instant = new Date(2026, 10, 29, 15, 4)
    expect(formatDay(instant)).toBe('Nov 29, 2026')
    expect(formatDay(instant.toISOString())).toBe('Nov 29, 2026')
    expect(formatDayAndTime(instant)).toBe('Nov 29, 2026, 3:04 PM')
  })

  it('write a birthdate long, as the day it is wherever the viewer is', () => {
    expect(formatLongDay('1984-03-12')).toBe('March 12, 1984')
    expect(formatLongDay('2026-01-01')).toBe('January 1, 2026')
  })
})
