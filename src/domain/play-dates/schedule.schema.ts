import { z } from 'zod'
import { DURATION_MAX, DURATION_MIN, DURATION_STEP, PLACE_MAX, playDateZoneIds } from './schedule'

// The inputs of when and where a PlayDate is played. Kept apart from schedule.ts, whose formats
// every page that shows a PlayDate uses: those pages load no zod (docs/decisions/0118).

export const startDateInput = z
  .string({ error: 'Choose a date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date')
export const startTimeInput = z
  .string({ error: 'Choose a start time' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choose a start time')
export const timeZoneInput = z.enum(playDateZoneIds, { error: 'Choose a time zone' })
export const placeInput = z
  .string({ error: 'Say where you will play' })
  .trim()
  .min(1, 'Say where you will play')
  .max(PLACE_MAX, `The place can be at most ${PLACE_MAX} characters`)

export const durationInput = z
  .number({ error: 'Choose how long you will play' })
  .int('Choose how long you will play')
  .min(DURATION_MIN, 'A game lasts at least 30 minutes')
  .max(DURATION_MAX, 'A game lasts at most 4 hours')
  .refine((m) => m % DURATION_STEP === 0, 'Choose a duration in steps of 30 minutes')
