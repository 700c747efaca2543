import { z } from 'zod'
import { cleanChatText } from '../display-text'
import { stateCodes } from '../play-dates/play-date.schema'

// A player's own words and the courts they play at, on their public profile
// (docs/decisions/0104-bio-and-plays-at.md).

export const BIO_MAX = 160
export const PLAYS_AT_MAX = 5

export const BIO_TOO_LONG = `Your bio can be at most ${BIO_MAX} characters`
export const PLAYS_AT_TOO_MANY = `Choose at most ${PLAYS_AT_MAX} venues`
export const PLAYS_AT_TWICE = 'Each venue can be chosen once'
// An id that is not a venue in use: made up, or retired while the form was open.
export const PLAYS_AT_UNKNOWN = 'One of these venues is no longer on the list. Remove it and save again.'

const isUuid = (value: string) => z.uuid().safeParse(value).success

// Plain text: emoji stay, bidi controls go (as in chat), Windows line ends become one, and a bio
// that is only spaces is no bio.
const bioField = z.preprocess(
  (value) => (typeof value === 'string' ? String(cleanChatText(value)).replace(/\r\n?/g, '\n') : value),
  z
    .string({ error: 'Your bio must be text' })
    .trim()
    .max(BIO_MAX, BIO_TOO_LONG)
    .nullable()
    .transform((value) => (value ? value : null)),
)

// Every problem with the list is reported on the list itself, the field the form shows.
const venueIdsField = z
  .array(z.string({ error: PLAYS_AT_UNKNOWN }).max(64, PLAYS_AT_UNKNOWN), {
    error: 'Choose the venues from the list',
  })
  .max(PLAYS_AT_MAX, PLAYS_AT_TOO_MANY)
  .superRefine((ids, ctx) => {
    if (!ids.every(isUuid)) ctx.addIssue({ code: 'custom', message: PLAYS_AT_UNKNOWN })
    else if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: PLAYS_AT_TWICE })
  })

export const profileAboutInput = z.object({
  bio: bioField.describe(`Up to ${BIO_MAX} characters of plain text; empty or null removes it`),
  venueIds: venueIdsField.describe(
    `Up to ${PLAYS_AT_MAX} venues in use (ids from GET /venues), in the order to show them; [] clears the list`,
  ),
})

// A venue the player plays at, as their profile shows it (with what a maps search needs).
export const playsAtVenue = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.enum(stateCodes),
})
export type PlaysAtVenue = z.infer<typeof playsAtVenue>

export const profileAbout = z.object({
  bio: z.string().nullable().describe('Plain text, at most 160 characters; show it as text'),
  // Retired venues leave the list.
  playsAt: z.array(playsAtVenue).describe('The venues in use the player plays at, in their order'),
})
export type ProfileAbout = z.infer<typeof profileAbout>
