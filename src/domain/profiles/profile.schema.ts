import { z } from 'zod'
import { regionsOf, stateCodes } from '../play-dates/play-date.schema'
import { photoUrlField } from '../players/profile-photo'
import { genders } from '../players/player-basics'

export { genders, type Gender, playerBasicsShape } from '../players/player-basics'

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

// An empty field is "not given".
const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value

export const DUPR_REQUIRED_MESSAGE = 'DUPR rating is required'

// The DUPR field of sign-up, Profile Settings and the rating prompt: the spec's rules for a
// player who has a DUPR rating; a player who ticks "I don't have a DUPR rating yet" sends
// `noDuprRating: true` and no rating, and is stored without one (docs/decisions/0096).
export const duprFields = {
  duprRating: z
    .preprocess(blankToUndefined, ratingInput(DUPR_REQUIRED_MESSAGE).optional())
    .describe('2.00 to 7.00; required unless noDuprRating is true (then ignored)'),
  noDuprRating: z
    .boolean({ error: 'noDuprRating must be true or false' })
    .optional()
    .describe(
      'True: the player has no DUPR rating yet; it is stored as null and the self rating counts instead',
    ),
}

// Runs even when other fields fail, so the form shows every field's message at once.
export const requireDuprUnlessNone = <T extends z.ZodType<{ duprRating?: unknown; noDuprRating?: unknown }>>(
  schema: T,
) =>
  schema.refine((value) => value.noDuprRating === true || value.duprRating !== undefined, {
    message: DUPR_REQUIRED_MESSAGE,
    path: ['duprRating'],
    when: (payload) => {
      const value = payload.value as { duprRating?: unknown; noDuprRating?: unknown } | undefined
      return (
        typeof value === 'object' &&
        value !== null &&
        !payload.issues.some(
          (issue) => issue.path?.[0] === 'duprRating' || issue.path?.[0] === 'noDuprRating',
        )
      )
    },
  })

// The DUPR rating to store: none for a player who said they have none yet.
export const chosenDupr = (input: { duprRating?: number | undefined; noDuprRating?: boolean | undefined }) =>
  input.noDuprRating === true ? null : (input.duprRating ?? null)

// The profile as its owner and the app shell see it.
export const sessionUser = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(genders),
  // Null: no DUPR rating yet (the self rating counts instead).
  duprRating: z.number().nullable().describe('Null: no DUPR rating yet; the self rating counts instead'),
  selfRating: z.number(),
  birthdate: z.string(),
  zipCode: z.string().nullable(),
  // Where the player usually plays; the Available tab opens on it.
  homeState: z.enum(stateCodes).nullable(),
  homeRegion: z.string().nullable(),
  // The player's DUPR ID, for the results export (optional).
  duprId: z.string().nullable(),
  isAdmin: z.boolean(),
  photoUrl: photoUrlField,
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

// "Available as a sub" (Profile Settings): asked to fill a spot in games of the home area and
// rating (docs/decisions/0152-waitlist-drop-outs-and-subs.md).
export const subAvailability = z.object({
  availableAsSub: z.boolean({ error: 'Choose on or off' }),
})
export type SubAvailability = z.infer<typeof subAvailability>

// Privacy (Profile Settings): other players see the age range and the city; with this on, the
// birthdate and the ZIP code too (docs/decisions/0160).
export const profilePrivacy = z.object({
  showsBirthdateAndZip: z.boolean({ error: 'Choose on or off' }),
})
export type ProfilePrivacy = z.infer<typeof profilePrivacy>
