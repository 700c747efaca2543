import { z } from 'zod'
import { cleanName } from '../display-text'
import { genders, playerBasicsShape, ratingInput } from '../profiles/profile.schema'

export const ageGroups = ['under_50', '50_or_over'] as const
export type AgeGroup = (typeof ageGroups)[number]

export const ageGroupLabels: Record<AgeGroup, string> = {
  under_50: 'Under 50',
  '50_or_over': '50 or over',
}

export const PLAYER_NAME_MAX = 50
export const DUPR_ID_MESSAGE = 'Must be 6 characters (letters and numbers)'

// Form fields arrive as strings; an empty or missing value is "not given".
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value

const nameInput = (label: string) =>
  z.preprocess(
    cleanName,
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(PLAYER_NAME_MAX, `${label} must be at most ${PLAYER_NAME_MAX} characters`),
  )

// A player of the SUPR Builder list, as the add and edit forms send it.
export const playerInput = z.object({
  firstName: nameInput('First name'),
  lastName: nameInput('Last name'),
  gender: z.enum(genders, { error: 'Gender is required' }),
  duprRating: z.preprocess(blankToUndefined, ratingInput('DUPR rating is required')),
  ageGroup: z.preprocess(
    blankToUndefined,
    z.enum(ageGroups, { error: 'Age group is required' }).default('under_50'),
  ),
  // Optional; when given, exactly six letters or digits. Stored as null when empty.
  duprId: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: DUPR_ID_MESSAGE })
      .regex(/^([A-Za-z0-9]{6})?$/, DUPR_ID_MESSAGE)
      .nullish()
      .transform((value) => (value ? value : null)),
  ),
  // A platform profile this player is; linked when set.
  profileId: z.preprocess(
    blankToUndefined,
    z
      .uuid({ error: 'Profile not found' })
      .nullish()
      .transform((value) => value ?? null),
  ),
})
export type PlayerInput = z.input<typeof playerInput>
export type PlayerValues = z.output<typeof playerInput>

export const player = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(genders),
  ageGroup: z.enum(ageGroups),
  duprRating: z.number(),
  duprId: z.string().nullable(),
  profileLinked: z.boolean(),
  profileId: z.uuid().nullable(),
  // The name of the linked profile, to show and link to.
  linkedProfile: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Player = z.infer<typeof player>

export const PROFILE_SEARCH_MIN = 2
export const PROFILE_SEARCH_MAX = 100
export const PROFILE_SEARCH_LIMIT = 10

export const profileSearchInput = z.object({
  q: z
    .string({ error: `Enter at least ${PROFILE_SEARCH_MIN} characters` })
    .trim()
    .min(PROFILE_SEARCH_MIN, `Enter at least ${PROFILE_SEARCH_MIN} characters`)
    .max(PROFILE_SEARCH_MAX, `Enter at most ${PROFILE_SEARCH_MAX} characters`),
})

// A platform profile found to link: the age group stands in for the birthdate, which is never
// shown to another player. Without a DUPR rating the player form starts from the self rating.
export const profileSearchResult = z.object({
  ...playerBasicsShape,
  ageGroup: z.enum(ageGroups),
})
export type ProfileSearchResult = z.infer<typeof profileSearchResult>
