import { z } from 'zod'
import { regionsOf, stateCodes } from '../play-dates/play-date.schema'

export const genders = ['male', 'female'] as const
export type Gender = (typeof genders)[number]

export const RATING_MIN = 2
export const RATING_MAX = 7

// What the forms send: a number, or a plain decimal string. Nothing else is read as one ([5],
// '0x3', '1e1' and true all coerce to numbers in JavaScript).
const PLAIN_DECIMAL = /^-?(\d+\.?\d*|\.\d+)$/
const readPlainNumber = (value: unknown) => {
  if (typeof value === 'number') return value
  if (typeof value === 'string' && PLAIN_DECIMAL.test(value.trim())) return Number(value)
  return value === undefined ? undefined : Number.NaN
}

// A rating as the forms send it: a number of 2.00 to 7.00 in steps of 0.01.
export const ratingInput = (requiredMessage: string) =>
  z
    .preprocess(readPlainNumber, z.number({ error: requiredMessage }))
    .refine((value) => Number.isFinite(value), requiredMessage)
    .refine((value) => value >= RATING_MIN, 'Rating must be at least 2.00')
    .refine((value) => value <= RATING_MAX, 'Rating must be at most 7.00')
    .transform((value) => Math.round(value * 100) / 100)

// The profile as its owner and the app shell see it.
export const sessionUser = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(genders),
  duprRating: z.number(),
  selfRating: z.number(),
  birthdate: z.string(),
  zipCode: z.string().nullable(),
  // Where the player usually plays; the Available tab opens on it.
  homeState: z.enum(stateCodes).nullable(),
  homeRegion: z.string().nullable(),
  // The player's DUPR ID, for the results export (optional).
  duprId: z.string().nullable(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type SessionUser = z.infer<typeof sessionUser>

// Profile Settings' home area: a state and one of its regions, or neither.
export const CHOOSE_HOME_REGION = 'Choose a region of your home state'
export const homeAreaInput = z
  .object({
    homeState: z.enum(stateCodes, { error: 'Choose a state' }).nullable(),
    homeRegion: z.string().max(40).nullable(),
  })
  .superRefine((value, ctx) => {
    const fits =
      value.homeState === null
        ? value.homeRegion === null
        : value.homeRegion !== null && regionsOf(value.homeState).some((r) => r.key === value.homeRegion)
    if (!fits) ctx.addIssue({ code: 'custom', message: CHOOSE_HOME_REGION, path: ['homeRegion'] })
  })
export type HomeAreaInput = z.infer<typeof homeAreaInput>

export const sessionOutput = z.object({ user: sessionUser.nullable() })
export type SessionOutput = z.infer<typeof sessionOutput>
