import { z } from 'zod'
import { cleanChatText } from '../display-text'
import { DURATION_MAX, DURATION_MIN, DURATION_STEP } from '../play-dates/schedule'

// A group's weekly game (docs/decisions/0169-recurring-series.md).

export const SERIES_AMOUNT_MAX = 500
export const SERIES_DESCRIPTION_MAX = 500
// Each occurrence is made into a PlayDate this many days before it starts.
export const SERIES_DAYS_AHEAD = 14
// The coming dates a series lists.
export const SERIES_COMING_SHOWN = 6
// Series a group runs at once.
export const SERIES_PER_GROUP_MAX = 10

export const SERIES_NOT_FOUND = 'Series not found'
export const SERIES_ENDED = 'This series has ended'
export const SERIES_LIMIT_REACHED = `A group can run at most ${SERIES_PER_GROUP_MAX} series`
export const OCCURRENCE_NOT_IN_SERIES = 'That date is not one of this series’ coming games'
export const OCCURRENCE_ALREADY_POSTED = 'That game is already posted: cancel it on its page'
export const GROUP_CLOSED_FOR_SERIES = 'A closed group runs no series'

export const seriesWeekdays = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const
export type SeriesWeekday = (typeof seriesWeekdays)[number]
export const weekdayLabels: Record<SeriesWeekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
}

export const seriesInput = z.object({
  weekday: z.enum(seriesWeekdays, { error: 'Please choose a day' }),
  startTime: z
    .string({ error: 'Please choose a start time' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please choose a start time'),
  venueId: z.uuid({ error: 'Please choose a venue from the list' }),
  durationMinutes: z.coerce
    .number({ error: 'Please choose how long' })
    .int()
    .min(DURATION_MIN, 'Please choose how long')
    .max(DURATION_MAX, 'Please choose how long')
    .multipleOf(DURATION_STEP, 'Please choose how long'),
  amount: z.coerce
    .number({ error: 'Amount must be a whole number of dollars' })
    .int('Amount must be a whole number of dollars')
    .min(0, 'Amount cannot be below $0')
    .max(SERIES_AMOUNT_MAX, `Amount must be at most $${SERIES_AMOUNT_MAX}`),
  description: z.preprocess(
    cleanChatText,
    z
      .string()
      .trim()
      .max(SERIES_DESCRIPTION_MAX, `Description must be at most ${SERIES_DESCRIPTION_MAX} characters`)
      .default(''),
  ),
  // Each game opens to everyone 24 hours after it is posted; false: members only.
  opensToAll: z.boolean({ error: 'Please choose who can join' }),
})
export type SeriesInput = z.infer<typeof seriesInput>
export type SeriesFormValues = z.input<typeof seriesInput>

export const occurrenceInput = z.object({
  startsAt: z.iso.datetime({ offset: true, error: OCCURRENCE_NOT_IN_SERIES }),
})

export const occurrenceStatuses = ['planned', 'skipped', 'posted'] as const
export const seriesOccurrence = z.object({
  startsAt: z.string(),
  // "Tue, Dec 1 · 6:00 PM MST", on the venue's clock.
  label: z.string(),
  // planned: to be posted 14 days ahead; posted: a PlayDate (its id); skipped by an organiser.
  status: z.enum(occurrenceStatuses),
  playDateId: z.string().nullable(),
})
export type SeriesOccurrence = z.infer<typeof seriesOccurrence>

export const seriesOutput = z.object({
  id: z.string(),
  groupId: z.string(),
  weekday: z.enum(seriesWeekdays),
  startTime: z.string(),
  timeZone: z.string(),
  venue: z.object({ id: z.string(), name: z.string(), city: z.string(), state: z.string() }),
  durationMinutes: z.int(),
  amount: z.int(),
  description: z.string(),
  opensToAll: z.boolean(),
  // The RFC 5545 rule, as calendars read it.
  rule: z.string(),
  // "Every Tuesday · 6:00 PM MST · 2 h · Free"
  summary: z.string(),
  host: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  endedAt: z.string().nullable(),
  coming: z.array(seriesOccurrence),
})
export type SeriesOutput = z.infer<typeof seriesOutput>

export const seriesListOutput = z.object({
  items: z.array(seriesOutput),
  // The caller may create, change, skip and end (the group's organisers).
  canManage: z.boolean(),
})
export type SeriesList = z.infer<typeof seriesListOutput>
