import { z } from 'zod'
import { friendStatuses, partnerStatuses, playerSummary } from '../connections/connection.schema'
import { reliabilitySummary } from '../play-dates/results'
import { playerBasicsShape } from './profile.schema'
import { photoUrlField } from '../players/profile-photo'
import { profileAbout } from './profile-about.schema'

// The most connections a public profile lists; the counts still tell the whole story.
export const PUBLIC_CONNECTIONS_LIMIT = 100

export const publicConnectionKinds = ['friend', 'watching'] as const
export type PublicConnectionKind = (typeof publicConnectionKinds)[number]

export const publicConnection = playerSummary.extend({ kind: z.enum(publicConnectionKinds) })
export type PublicConnection = z.infer<typeof publicConnection>

// The exact birthdate, age and ZIP code: sent to the player themselves, to admins, and to everyone
// when the player chose to show them (docs/decisions/0160); otherwise not sent at all.
export const exactDetails = z.object({
  birthdate: z.string(),
  age: z.number().int(),
  zipCode: z.string().nullable(),
  // The player's choice: true when every signed-in player sees these.
  isPublic: z.boolean(),
})
export type ExactDetails = z.infer<typeof exactDetails>

// What the profile's owner and admins see besides (the "Show Debug Info" panel): the ids of every
// friend and watched player listed.
export const profileDebug = z.object({
  friendIds: z.array(z.uuid()),
  watchedIds: z.array(z.uuid()),
})

// What any signed-in player may see of another: the age range and the city, never the email, and
// the birthdate and ZIP code only where `exact` says.
export const publicProfileOutput = z.object({
  profile: z.object({
    ...playerBasicsShape,
    ageRange: z.string().describe('The decade of the age: "Under 20", "20s" … "60s", "70+"'),
    place: z.string().nullable().describe('City and state of the ZIP code ("Tempe, AZ"); null when unknown'),
    exact: exactDetails.nullable(),
    photoUrl: photoUrlField,
    // Plain text: show it as text, never as markup.
    bio: profileAbout.shape.bio,
    playsAt: profileAbout.shape.playsAt,
  }),
  // Friends first, then the players this one watches; each group by first and last name.
  connections: z.array(publicConnection),
  // Games played, no-shows and late cancels over the last 12 months.
  reliability: reliabilitySummary,
  friendCount: z.number().int(),
  watchedCount: z.number().int(),
  // Where the viewer stands with this player; null on the viewer's own profile.
  viewer: z
    .object({
      friendStatus: z.enum(friendStatuses),
      friendConnectionId: z.uuid().nullable(),
      isWatching: z.boolean(),
      partnerStatus: z.enum(partnerStatuses),
      partnerConnectionId: z.uuid().nullable(),
    })
    .nullable(),
  // Null for anyone but the profile's owner and admins.
  debug: profileDebug.nullable(),
})
export type PublicProfileOutput = z.infer<typeof publicProfileOutput>

// One collator for every comparison: localeCompare with options builds a new one on each call.
const byNameCollator = /* @__PURE__ */ new Intl.Collator('en', { sensitivity: 'base' })

// Friend before Watching, then first name, then last name.
export function comparePublicConnections(a: PublicConnection, b: PublicConnection) {
  if (a.kind !== b.kind) return a.kind === 'friend' ? -1 : 1
  return (
    byNameCollator.compare(a.firstName, b.firstName) ||
    byNameCollator.compare(a.lastName, b.lastName) ||
    a.id.localeCompare(b.id)
  )
}
