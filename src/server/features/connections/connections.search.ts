import { and, asc, eq, exists, isNotNull, ne, not, type Placeholder, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  type FriendStatus,
  SEARCH_RESULT_LIMIT,
  type SearchResultOutput,
} from '../../../domain/connections/connection.schema'
import type { DbOrTx } from '../../db/client'
import { connections, nameSearchKey, profileSearchKeys, profiles } from '../../db/schema'
import { profileSummaryColumns, toPlayer } from '../../db/player-summary'

// Find a player by name, with the viewer's friend status of each.

// ---------------------------------------------------------------------------------------------
// Friend search
// ---------------------------------------------------------------------------------------------

// Players whose name, read from any of its words, starts with the search, in name order
// (docs/decisions/0042-name-search.md): the first page is read straight from the keys index,
// then come the players' profiles and the viewer's live friend connection with each, one probe
// of the live-pair index per player. The conditions the partial indexes need are written as
// literals so that they also hold in the prepared statement's generic plan.
const friendRow = alias(connections, 'friend_row')
const confirmed = alias(profiles, 'confirmed')

export function searchPlayersQuery(db: DbOrTx, viewerId: string | Placeholder, query: string | Placeholder) {
  const matches = db
    .select({
      profileId: profileSearchKeys.profileId,
      firstName: profileSearchKeys.firstName,
      lastName: profileSearchKeys.lastName,
    })
    .from(profileSearchKeys)
    .where(
      and(
        eq(profileSearchKeys.key, nameSearchKey(query)),
        not(profileSearchKeys.isEmail),
        ne(profileSearchKeys.profileId, viewerId),
        // Only players who confirmed their address: an account nobody confirmed may be someone
        // else's address typed by mistake, and it cannot sign in to answer a request.
        exists(
          db
            .select({ one: sql`1` })
            .from(confirmed)
            .where(and(eq(confirmed.id, profileSearchKeys.profileId), isNotNull(confirmed.emailVerifiedAt))),
        ),
      ),
    )
    .orderBy(
      asc(profileSearchKeys.firstName),
      asc(profileSearchKeys.lastName),
      asc(profileSearchKeys.profileId),
    )
    .limit(SEARCH_RESULT_LIMIT)
    .as('matches')
  return db
    .select({
      ...profileSummaryColumns,
      connectionId: friendRow.id,
      requesterId: friendRow.requesterId,
      status: friendRow.status,
    })
    .from(matches)
    .innerJoin(profiles, eq(profiles.id, matches.profileId))
    .leftJoin(
      friendRow,
      sql`${friendRow.type} = 'friend' and ${friendRow.status} in ('pending', 'accepted')
        and least(${friendRow.requesterId}, ${friendRow.receiverId}) = least(${viewerId}::uuid, ${profiles.id})
        and greatest(${friendRow.requesterId}, ${friendRow.receiverId}) = greatest(${viewerId}::uuid, ${profiles.id})`,
    )
    .orderBy(asc(matches.firstName), asc(matches.lastName), asc(matches.profileId))
}

// The search as a prepared query: the viewer and the search go in as placeholders.
const preparedSearchQuery = (db: DbOrTx) =>
  searchPlayersQuery(db, sql.placeholder('viewerId'), sql.placeholder('query'))

export async function searchPlayers(
  db: DbOrTx,
  viewerId: string,
  query: string,
): Promise<SearchResultOutput[]> {
  const rows = await db.prepared('connections_search', preparedSearchQuery).execute({ viewerId, query })
  return rows.map((row) => {
    let friendStatus: FriendStatus = 'none'
    if (row.status === 'accepted') friendStatus = 'friends'
    else if (row.status === 'pending') friendStatus = row.requesterId === viewerId ? 'sent' : 'received'
    return { ...toPlayer(row), friendStatus, connectionId: row.connectionId }
  })
}
