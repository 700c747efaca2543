import { millisecondsInDay } from 'date-fns/constants'

// The Available tab's date filter: its choices, their labels and the check of a chosen range.
// Apart from the days they mean (date-window.ts, with the zones' calendars), so that the browser
// reads a filter from an address, to ask for its list with the tap, without the calendar code
// (docs/decisions/0149-a-page-asks-for-its-data-at-once.md).

export const dateFilters = ['today', 'weekend', 'week', 'range'] as const
export type DateFilter = (typeof dateFilters)[number]

export const dateFilterLabels: Record<DateFilter | 'any', string> = {
  any: 'Any time',
  today: 'Today',
  weekend: 'This weekend',
  week: 'Next 7 days',
  range: 'Choose dates',
}

export const RANGE_MAX_DAYS = 90

export const CHOOSE_START_DATE = 'Choose a start date'
export const CHOOSE_END_DATE = 'Choose an end date'
export const END_BEFORE_START = 'The end date cannot be before the start date'
export const RANGE_TOO_LONG = `Choose at most ${RANGE_MAX_DAYS} days`

// A local date, "2026-12-05".
export type LocalDate = string

// The days since 1970-01-01 of a local date; NaN for text that is no day of the calendar
// ("2026-02-30"), which then never counts as a problem, as before with date-fns's parseISO.
function dayNumber(date: LocalDate): number {
  const [year, month, day] = date.split('-').map(Number)
  if (year === undefined || month === undefined || day === undefined) return Number.NaN
  const at = new Date(Date.UTC(year, month - 1, day))
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day)
    return Number.NaN
  return at.getTime() / millisecondsInDay
}

// The problem with a chosen range, or null. `missing`: a date not chosen yet (the form says it as
// the next step, not as an error).
export function rangeProblem(
  from: LocalDate | undefined,
  to: LocalDate | undefined,
): { field: 'from' | 'to'; message: string; missing: boolean } | null {
  if (!from) return { field: 'from', message: CHOOSE_START_DATE, missing: true }
  if (!to) return { field: 'to', message: CHOOSE_END_DATE, missing: true }
  const days = dayNumber(to) - dayNumber(from)
  if (days < 0) return { field: 'to', message: END_BEFORE_START, missing: false }
  if (days + 1 > RANGE_MAX_DAYS) return { field: 'to', message: RANGE_TOO_LONG, missing: false }
  return null
}
