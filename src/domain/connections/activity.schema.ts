import { z } from 'zod'
import { playDateTypes, stateCodes } from '../play-dates/play-date.schema'
import { photoUrlField } from '../players/profile-photo'

// The dashboard's friends' activity (docs/decisions/0103): what the player's friends did lately
// that any signed-in player could see anyway. Open PlayDates are public; friendships are listed on
// public profiles. Matches, chats and results are not: only their four players see them.

export const FRIEND_ACTIVITY_DAYS = 30
export const FRIEND_ACTIVITY_MAX = 10

const activityPlayer = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  photoUrl: photoUrlField,
})
export type ActivityPlayer = z.infer<typeof activityPlayer>

export const friendActivityItem = z.discriminatedUnion('kind', [
  // A friend posted a PlayDate that is still open to applications.
  z.object({
    kind: z.literal('play_date_posted'),
    id: z.string(),
    at: z.string(),
    friend: activityPlayer,
    playDate: z.object({
      id: z.uuid(),
      type: z.enum(playDateTypes),
      // 0: a free game ("Free PlayDate", playDateKind).
      paymentPerHourMax: z.number(),
      state: z.enum(stateCodes),
      startsAt: z.string().nullable(),
      timeZone: z.string().nullable(),
    }),
  }),
  // A friend became friends with another player (never the viewer).
  z.object({
    kind: z.literal('became_friends'),
    id: z.string(),
    at: z.string(),
    friend: activityPlayer,
    other: activityPlayer,
  }),
])
export type FriendActivityItem = z.infer<typeof friendActivityItem>

export const friendActivityOutput = z.object({
  // Newest first, at most FRIEND_ACTIVITY_MAX, from the last FRIEND_ACTIVITY_DAYS days.
  items: z.array(friendActivityItem),
})
export type FriendActivityOutput = z.infer<typeof friendActivityOutput>
