import { z } from 'zod'
import { playerBasicsShape } from '../profiles/profile.schema'
import { photoUrlField } from '../profiles/profile-photo'

export const connectionTypes = ['friend', 'watched', 'partner'] as const
export type ConnectionType = (typeof connectionTypes)[number]
export const connectionStatuses = ['pending', 'accepted', 'rejected'] as const
export type ConnectionStatus = (typeof connectionStatuses)[number]

// The friend search starts at two characters and answers at most twenty players.
export const SEARCH_MIN_LENGTH = 2
export const SEARCH_MAX_LENGTH = 100
export const SEARCH_RESULT_LIMIT = 20

export const CONNECTIONS_PAGE_SIZE = 50
export const CONNECTIONS_PAGE_MAX = 100

// Where the viewer stands with another player as friends: no live request, a request either
// way, or friends. 'Request Sent', 'Request Received' and 'Friends' on screen.
export const friendStatuses = ['none', 'sent', 'received', 'friends'] as const
export type FriendStatus = (typeof friendStatuses)[number]

export const friendStatusLabel: Record<FriendStatus, string | null> = {
  none: null,
  sent: 'Request Sent',
  received: 'Request Received',
  friends: 'Friends',
}

// Same for regular partners (a pending or accepted partner connection).
export const partnerStatuses = ['none', 'sent', 'received', 'partners'] as const
export type PartnerStatus = (typeof partnerStatuses)[number]

// A player as other players see them: never an email address or a birthdate.
export const playerSummary = z.object({
  ...playerBasicsShape,
  photoUrl: photoUrlField,
})
export type PlayerSummary = z.infer<typeof playerSummary>

export const connectionViews = ['connected', 'received', 'sent'] as const
export type ConnectionView = (typeof connectionViews)[number]

export const connectionOutput = z.object({
  id: z.uuid(),
  type: z.enum(connectionTypes),
  status: z.enum(connectionStatuses),
  // 'sent' when the viewer asked, 'received' when the other player did.
  direction: z.enum(['sent', 'received']),
  player: playerSummary,
  // On the Connected tab: the two are regular partners too.
  isRegularPartner: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type ConnectionOutput = z.infer<typeof connectionOutput>

export const connectionListOutput = z.object({
  items: z.array(connectionOutput),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
})
export type ConnectionListOutput = z.infer<typeof connectionListOutput>

export const connectionSummaryOutput = z.object({
  connected: z.number().int(),
  received: z.number().int(),
  sent: z.number().int(),
})
export type ConnectionSummaryOutput = z.infer<typeof connectionSummaryOutput>

export const searchInput = z.object({
  q: z
    .string()
    .trim()
    .min(SEARCH_MIN_LENGTH, `Type at least ${SEARCH_MIN_LENGTH} characters`)
    .max(SEARCH_MAX_LENGTH, `Search at most ${SEARCH_MAX_LENGTH} characters`),
})

export const searchResultOutput = playerSummary.extend({
  friendStatus: z.enum(friendStatuses),
  // The live friend connection, when there is one (to accept or cancel it from the result).
  connectionId: z.uuid().nullable(),
})
export type SearchResultOutput = z.infer<typeof searchResultOutput>

export const searchOutput = z.object({ results: z.array(searchResultOutput) })
export type SearchOutput = z.infer<typeof searchOutput>

export const requestInput = z.object({ receiverId: z.uuid({ error: 'Please choose a player' }) })
export type RequestInput = z.infer<typeof requestInput>

export const connectionMessages = {
  alreadyPending: 'A friend request is already pending',
  alreadyFriends: 'A friend connection already exists',
  partnerAlreadyPending: 'A regular partner invitation is already pending',
  alreadyPartners: 'You are already regular partners',
  partnerNeedsFriend: 'You can only invite a friend as regular partner',
  notYourself: 'You cannot connect with yourself',
  notFound: 'Connection not found',
  playerNotFound: 'Player not found',
  notPending: 'This request is no longer pending',
  onlyReceiver: 'Only the player who received this request can answer it',
  onlyRequester: 'Only the player who sent this request can cancel it',
  notRemovable: 'Only an accepted connection can be removed',
} as const

// 'Are you sure you want to remove your friendship with {name}?'
export const removeFriendshipQuestion = (name: string) =>
  `Are you sure you want to remove your friendship with ${name}?`

// The link names the request, so a request cancelled before it is answered takes its
// notification with it.
export const requestNotificationLink = (connectionId: string) =>
  `/connections?view=received&request=${connectionId}`

export const friendRequestNotification = (requesterName: string, connectionId: string) => ({
  type: 'connection_request' as const,
  title: 'New Friend Request',
  message: `${requesterName} wants to be your friend`,
  link: requestNotificationLink(connectionId),
})
