import { and, asc, eq, gt } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { GROUP_NOT_FOUND } from '../../../domain/groups/group.schema'
import { GROUP_GAME_CLOSED, GROUP_GAME_ORGANISERS_ONLY } from '../../../domain/play-dates/group-offer'
import type { PlayDateSummary } from '../../../domain/play-dates/play-date.schema'
import type { DbOrTx, Tx } from '../../db/client'
import { statusIn } from '../../db/queries'
import { groupMembers, groups, playDates } from '../../db/schema'
import { selectPlayDates, toSummary } from './play-dates.queries'

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
// (docs/decisions/0168). A group the player is not in is not found, as its page is.
export async function requireGroupPoster(tx: Tx, userId: string, groupId: string) {
  const [row] = await tx
    .select({ closedAt: groups.closedAt, role: groupMembers.role })
    .from(groups)
    .leftJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)))
    .where(eq(groups.id, groupId))
  if (!row?.role) throw new AppError('not_found', GROUP_NOT_FOUND, { groupId: GROUP_NOT_FOUND })
  if (row.role === 'member') {
    throw new AppError('forbidden', GROUP_GAME_ORGANISERS_ONLY, { groupId: GROUP_GAME_ORGANISERS_ONLY })
  }
  if (row.closedAt) throw new AppError('conflict', GROUP_GAME_CLOSED, { groupId: GROUP_GAME_CLOSED })
}
