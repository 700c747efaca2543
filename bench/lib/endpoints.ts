// The hot paths of the app as a player and an admin use them, and the data each call needs.

export interface Player {
  id: string
  email: string
}

// One benchmark player and the things their pages point at.
export interface Sample {
  user: Player
  // A matched PlayDate the player created, with chat messages.
  playDateId: string
  // An accepted friend: the partner for applications and a public profile to open.
  friendId: string
  // What the player types into the friend search.
  search: string
}

export interface ReadEndpoint {
  key: string
  name: string
  admin?: boolean
  path: (sample: Sample) => string
}

export const SEARCH_TERMS = [
  'mar',
  'john',
  'smith',
  'lee',
  'garc',
  'ann',
  'chris',
  'sarah j',
  'ngu',
  'ken',
  'rob',
  'wil',
]

export const READS: ReadEndpoint[] = [
  { key: 'session', name: 'Dashboard: session', path: () => '/api/auth/session' },
  { key: 'rating-check', name: 'Dashboard: rating check', path: () => '/api/profiles/me/rating-check' },
  { key: 'home', name: 'Dashboard: what’s next', path: () => '/api/home' },
  {
    key: 'play-dates-available',
    name: 'PlayDates: Available, rating 3.5-4.5',
    path: () => '/api/play-dates?tab=available&minRating=3.5&maxRating=4.5&page=1&pageSize=10',
  },
  // Few open PlayDates have a creator team this strong: the range is read by rating
  // (docs/decisions/0047-available-rating-ranges.md).
  {
    key: 'play-dates-available-strong',
    name: 'PlayDates: Available, rating 5-7',
    path: () => '/api/play-dates?tab=available&minRating=5&maxRating=7&page=1&pageSize=10',
  },
  // Finding a game (docs/decisions/0084-finding-a-game.md): by date in each game's own zone, by
  // state and region, with and without the rating range.
  {
    key: 'play-dates-available-weekend',
    name: 'PlayDates: Available, this weekend',
    path: () => '/api/play-dates?tab=available&when=weekend&page=1&pageSize=10',
  },
  {
    key: 'play-dates-available-week-rating',
    name: 'PlayDates: Available, next 7 days, rating 3.5-4.5',
    path: () => '/api/play-dates?tab=available&when=week&minRating=3.5&maxRating=4.5&page=1&pageSize=10',
  },
  {
    key: 'play-dates-available-state',
    name: 'PlayDates: Available, Utah',
    path: () => '/api/play-dates?tab=available&state=UT&page=1&pageSize=10',
  },
  {
    key: 'play-dates-available-region-week',
    name: 'PlayDates: Available, Tucson, next 7 days',
    path: () => '/api/play-dates?tab=available&when=week&state=AZ&region=tucson&page=1&pageSize=10',
  },
  {
    key: 'play-dates-mine',
    name: 'PlayDates: My',
    path: () => '/api/play-dates?tab=mine&page=1&pageSize=10',
  },
  {
    key: 'play-dates-history',
    name: 'PlayDates: History',
    path: () => '/api/play-dates?tab=history&page=1&pageSize=10',
  },
  { key: 'play-date-detail', name: 'PlayDate detail', path: (s) => `/api/play-dates/${s.playDateId}` },
  { key: 'chat', name: 'Chat page: messages', path: (s) => `/api/play-dates/${s.playDateId}/messages` },
  { key: 'notifications', name: 'Notifications list', path: () => '/api/notifications' },
  { key: 'unread-count', name: 'Unread count', path: () => '/api/notifications/unread-count' },
  {
    key: 'connections-friends',
    name: 'Connections: friends',
    path: () => '/api/connections?view=connected&offset=0&limit=50',
  },
  {
    key: 'connections-received',
    name: 'Connections: received',
    path: () => '/api/connections?view=received&offset=0&limit=50',
  },
  {
    key: 'connections-sent',
    name: 'Connections: sent',
    path: () => '/api/connections?view=sent&offset=0&limit=50',
  },
  { key: 'connections-summary', name: 'Connections: tab counts', path: () => '/api/connections/summary' },
  {
    key: 'friend-search',
    name: 'Friend search',
    path: (s) => `/api/connections/search?q=${encodeURIComponent(s.search)}`,
  },
  { key: 'public-profile', name: 'Public profile', path: (s) => `/api/profiles/${s.friendId}` },
  {
    key: 'admin-users',
    name: 'Admin: users, women, newest',
    admin: true,
    path: () => '/api/admin/users?gender=female&admin=all&paused=all&sort=created_at&direction=desc&page=1',
  },
  {
    key: 'admin-users-search',
    name: 'Admin: users, name search',
    admin: true,
    path: (s) =>
      `/api/admin/users?search=${encodeURIComponent(s.search)}&sort=created_at&direction=desc&page=1`,
  },
  {
    key: 'admin-play-dates',
    name: 'Admin: PlayDates, open in AZ',
    admin: true,
    path: () => '/api/admin/play-dates?status=open&state=AZ&type=all&sort=created_at&direction=desc&page=1',
  },
]

export const WRITES = [
  { key: 'friend-request', name: 'Send a friend request' },
  { key: 'apply', name: 'Apply to a PlayDate' },
  { key: 'chat-message', name: 'Send a chat message' },
] as const
export type WriteKey = (typeof WRITES)[number]['key']
