import { format } from 'date-fns'

// The one way a date is written on a screen, in the viewer's own calendar: 'Nov 29, 2026', with
// its time 'Nov 29, 2026, 3:04 PM'; a birthdate 'November 29, 2026', the long date the spec asks
// for in the admin's User Details. A game's start is written by its own zone (schedule.ts), as
// 'Tue, Dec 1 · 6:00 PM MST'. Written by date-fns, not `Intl`: the browser's first `Intl` format
// loads its locale data, a pause in the render (0125). docs/decisions/0196.

const asDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value)

// 'Nov 29, 2026'
export const formatDay = (value: Date | string) => format(asDate(value), 'MMM d, yyyy')

// 'Nov 29, 2026, 3:04 PM'
export const formatDayAndTime = (value: Date | string) => format(asDate(value), 'MMM d, yyyy, h:mm a')

// 'November 29, 2026' for a calendar date ('2026-11-29', read as that day wherever the viewer
// is) or an instant.
export const formatLongDay = (value: string) =>
  format(/^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value), 'MMMM d, yyyy')
