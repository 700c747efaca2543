import { and, asc, eq, gt, notInArray } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { GROUP_NOT_FOUND } from '../../../domain/groups/group.schema'
import { GROUP_GAME_CLOSED, GROUP_GAME_ORGANISERS_ONLY } from '../../../domain/play-dates/group-offer'
import type { PlayDateSummary } from '../../../domain/play-dates/play-date.schema'
import type { DbOrTx, Tx } from '../../db/client'
import { statusIn } from '../../db/queries'
import { groupMembers, groups, playDates, profiles } from '../../db/schema'
import { createNotifications } from '../notifications'
import { type Actor, selectPlayDates, toSummary } from './play-dates.queries'

// The most games a group's page lists: a few weeks of a busy group's sessions.
export const GROUP_GAMES_MAX = 20

// A group's games still to be played, soonest first, for its page: the group feature checks that
// the reader is a member or an admin (docs/decisions/0168). The index play_dates_group_starts_idx
// reads them in order.
export async function upcomingGroupGames(db: DbOrTx, groupId: string, now: Date): Promise<PlayDateSummary[]> {
  const rows = await selectPlayDates(db)
    .where(and(eq(playDates.groupId, groupId), statusIn('open', 'matched'), gt(playDates.startsAt, now)))
    .orderBy(asc(playDates.startsAt), asc(playDates.id))
    .limit(GROUP_GAMES_MAX)
  return rows.map(toSummary)
}

// A game for a group is posted by its owner or an organiser, in a group that is not closed
// (docs/decisions/0168). A group the player is not in is not found, as its page is. The group's
// name, for its members' notice (tellGroupOfGame).
export async function requireGroupPoster(tx: Tx, userId: string, groupId: string) {
  const [row] = await tx
    .select({ name: groups.name, closedAt: groups.closedAt, role: groupMembers.role })
    .from(groups)
    .leftJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)))
    .where(eq(groups.id, groupId))
  if (!row?.role) throw new AppError('not_found', GROUP_NOT_FOUND, { groupId: GROUP_NOT_FOUND })
  if (row.role === 'member') {
    throw new AppError('forbidden', GROUP_GAME_ORGANISERS_ONLY, { groupId: GROUP_GAME_ORGANISERS_ONLY })
  }
  if (row.closedAt) throw new AppError('conflict', GROUP_GAME_CLOSED, { groupId: GROUP_GAME_CLOSED })
  return { name: row.name }
}

// The group's members hear of a game posted for it, as it is theirs first (docs/decisions/0178):
// each but the poster and the partner they named (who hears of it as their partner) and those an
// admin paused, under the group games switch, the game named in every channel. A series' games come in its weekly summary
// instead (0169).
export async function tellGroupOfGame(
  tx: Tx,
  game: {
    playDateId: string
    group: { id: string; name: string }
    poster: Actor
    partnerId: string | null
  },
) {
  const told = [game.poster.id, ...(game.partnerId ? [game.partnerId] : [])]
  const members = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .innerJoin(profiles, eq(profiles.id, groupMembers.userId))
    .where(
      and(
        eq(groupMembers.groupId, game.group.id),
        notInArray(groupMembers.userId, told),
        eq(profiles.isPaused, false),
      ),
    )
  await createNotifications(
    tx,
    members.map(({ userId }) => ({
      userId,
      type: 'other' as const,
      title: `New game in ${game.group.name}`,
      message: `${game.poster.firstName} ${game.poster.lastName} posted a game for the group`,
      link: `/playdates/${game.playDateId}`,
      actorId: game.poster.id,
      kind: 'group_games' as const,
      playDateId: game.playDateId,
    })),
  )
}
