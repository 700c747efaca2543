// The zod-free part of connections: their kinds and statuses, the search's limits, and the words
// of a request. Pages that only show connections import these from here and load no zod
// (docs/decisions/0118); connection.schema.ts re-exports them.

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

export const connectionViews = ['connected', 'received', 'sent'] as const
export type ConnectionView = (typeof connectionViews)[number]

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
  // Under the friend request switch, in the app, by email and by push.
  kind: 'friend_requests' as const,
})
