import type { Player } from '../../../../domain/team-builder/player.schema'

// "MJ" for Maya Jones. A module of its own: the avatar shows on the dashboard, which has no use
// for the players table (players-view.ts) and its collator.
export const initials = (player: Pick<Player, 'firstName' | 'lastName'>) =>
  `${player.firstName.charAt(0)}${player.lastName.charAt(0)}`.toUpperCase()
