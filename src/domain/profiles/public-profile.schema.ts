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

// What any signed-in player may see of another: the age, never the birthdate or the email.
export const publicProfileOutput = z.object({
  profile: z.object({
    ...playerBasicsShape,
    age: z.number().int(),
    zipCode: z.string().nullable(),
    photoUrl: photoUrlField,
    // Plain text: show it as text, never as markup.
    bio: profileAbout.shape.bio,
    playsAt: profileAbout.shape.playsAt,
  }),
  // Friends first, then the players this one watches; each group by first and last name.
  connections: z.array(publicConnection),
  friendIds: z.array(z.uuid()),
  watchedIds: z.array(z.uuid()),
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
  // Server time spent on the queries, in milliseconds (shown in the debug panel).
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
