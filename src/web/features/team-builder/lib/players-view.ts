import { type Player, PROFILE_SEARCH_MIN } from '../../../../domain/team-builder/player.schema'
import { avatarInitials } from '../../../../domain/profiles/avatar.rules'

// The players table: which column orders it and which way, and the name filter.
export const PLAYER_SEARCH_DEBOUNCE_MS = 300
export const PLAYER_SEARCH_MIN = PROFILE_SEARCH_MIN

export const sortKeys = ['avatar', 'name', 'gender', 'ageGroup', 'duprRating'] as const
export type SortKey = (typeof sortKeys)[number]
export type SortDirection = 'ascending' | 'descending'
export interface SortState {
  key: SortKey
  direction: SortDirection
}

export const sortLabels: Record<SortKey, string> = {
  avatar: 'Avatar',
  name: 'Name',
  gender: 'Gender',
  ageGroup: 'Age group',
  duprRating: 'DUPR',
}

// The phone's sort menu says what each order puts first, in words a player reads at a glance
// ("Avatar (ascending)" said nothing: the avatar sort puts players linked to a profile first).
const sortOptionLabels: Record<SortKey, Record<SortDirection, string>> = {
  avatar: { ascending: 'Linked profiles first', descending: 'Unlinked players first' },
  name: { ascending: 'Name, A to Z', descending: 'Name, Z to A' },
  gender: { ascending: 'Gender, women first', descending: 'Gender, men first' },
  ageGroup: { ascending: 'Age group, under 50 first', descending: 'Age group, 50+ first' },
  duprRating: { ascending: 'DUPR, lowest first', descending: 'DUPR, highest first' },
}
export const sortOptionLabel = ({ key, direction }: SortState) => sortOptionLabels[key][direction]

export const defaultSort: SortState = { key: 'name', direction: 'ascending' }

// A click on the sorted column turns it around; another column starts ascending.
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key === key)
    return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
  return { key, direction: 'ascending' }
}

export const fullName = (player: Pick<Player, 'firstName' | 'lastName'>) =>
  `${player.firstName} ${player.lastName}`

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })
const byName = (a: Player, b: Player) =>
  collator.compare(fullName(a), fullName(b)) ||
  collator.compare(a.lastName, b.lastName) ||
  a.id.localeCompare(b.id)

const ageRank = { under_50: 0, '50_or_over': 1 } as const

// The avatar shows whether the player is linked to a platform profile: linked players first.
const compareBy: Record<SortKey, (a: Player, b: Player) => number> = {
  avatar: (a, b) =>
    Number(b.profileLinked) - Number(a.profileLinked) ||
    collator.compare(avatarInitials(a), avatarInitials(b)),
  name: () => 0,
  gender: (a, b) => collator.compare(a.gender, b.gender),
  ageGroup: (a, b) => ageRank[a.ageGroup] - ageRank[b.ageGroup],
  duprRating: (a, b) => Math.round(a.duprRating * 100) - Math.round(b.duprRating * 100),
}

// Ties fall back to the name, always A to Z, so equal rows keep a stable, readable order.
export function sortPlayers(players: readonly Player[], sort: SortState): Player[] {
  const sign = sort.direction === 'ascending' ? 1 : -1
  return [...players].sort((a, b) => {
    const primary = sort.key === 'name' ? byName(a, b) : compareBy[sort.key](a, b)
    return primary !== 0 ? sign * primary : byName(a, b)
  })
}

// From two characters on, players whose first, last or full name contains the text.
export function filterPlayersByName(players: readonly Player[], text: string): Player[] {
  const needle = text.trim().toLowerCase().replace(/\s+/g, ' ')
  if (needle.length < PLAYER_SEARCH_MIN) return [...players]
  return players.filter((player) => fullName(player).toLowerCase().includes(needle))
}
