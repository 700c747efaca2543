import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  type ConnectionListOutput,
  type ConnectionOutput,
  type ConnectionSummaryOutput,
  type ConnectionView,
} from '../../../domain/connections/connection.schema'
import type { DbOrTx } from '../../db/client'
import { connections, profiles } from '../../db/schema'
import { pageTotal } from '../../lib/page-total'
import { summaryColumnsOf, toPlayer } from '../../db/player-summary'

// The connections page: the Connected, Received and Sent lists and their tab counts.

export const other = alias(profiles, 'other')
// Written out in the subquery below as `connections partner_row`.
const partnerRow = alias(connections, 'partner_row')

// The lists and the tab counts are prepared queries (docs/decisions/0040-performance-at-scale.md):
// the viewer, the page size and the offset go in as placeholders.
const viewer = sql.placeholder('viewerId')

const otherSide = sql`case when ${connections.requesterId} = ${viewer} then ${connections.receiverId} else ${connections.requesterId} end`

export const playerColumns = summaryColumnsOf(other)

function viewFilter(view: ConnectionView): SQL | undefined {
  const mine = or(eq(connections.requesterId, viewer), eq(connections.receiverId, viewer))
  switch (view) {
    case 'connected':
      return and(mine, eq(connections.type, 'friend'), eq(connections.status, 'accepted'))
    case 'received':
      return and(
        eq(connections.receiverId, viewer),
        inArray(connections.type, ['friend', 'partner']),
        eq(connections.status, 'pending'),
      )
    case 'sent':
      return and(
        eq(connections.requesterId, viewer),
        inArray(connections.type, ['friend', 'partner']),
        eq(connections.status, 'pending'),
      )
  }
}

const isRegularPartner = sql<boolean>`exists (
    select 1 from ${connections} ${sql.identifier('partner_row')}
    where ${partnerRow.type} = 'partner' and ${partnerRow.status} = 'accepted'
      and least(${partnerRow.requesterId}, ${partnerRow.receiverId}) = least(${connections.requesterId}, ${connections.receiverId})
      and greatest(${partnerRow.requesterId}, ${partnerRow.receiverId}) = greatest(${connections.requesterId}, ${connections.receiverId})
  )`

const totalQuery = (db: DbOrTx, view: ConnectionView) =>
  db.select({ value: count() }).from(connections).where(viewFilter(view))

// Every row carries the view's total (a subquery PostgreSQL runs once): one round trip.
const listQuery = (db: DbOrTx, view: ConnectionView) =>
  db
    .select({
      connection: connections,
      player: playerColumns,
      isRegularPartner,
      total: sql<number>`(${totalQuery(db, view)})`.mapWith(Number),
    })
    .from(connections)
    .innerJoin(other, eq(other.id, otherSide))
    .where(viewFilter(view))
    .orderBy(
      ...(view === 'connected'
        ? [asc(other.firstName), asc(other.lastName), asc(other.id)]
        : [desc(connections.createdAt), desc(connections.id)]),
    )
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))

// Each view filters and orders differently: one prepared query (and name) per view.
const connectedListQuery = (db: DbOrTx) => listQuery(db, 'connected')
const receivedListQuery = (db: DbOrTx) => listQuery(db, 'received')
const sentListQuery = (db: DbOrTx) => listQuery(db, 'sent')
const connectedTotalQuery = (db: DbOrTx) => totalQuery(db, 'connected')
const receivedTotalQuery = (db: DbOrTx) => totalQuery(db, 'received')
const sentTotalQuery = (db: DbOrTx) => totalQuery(db, 'sent')

const viewQueries = {
  connected: {
    listName: 'connections_connected',
    list: connectedListQuery,
    totalName: 'connections_connected_total',
    total: connectedTotalQuery,
  },
  received: {
    listName: 'connections_received',
    list: receivedListQuery,
    totalName: 'connections_received_total',
    total: receivedTotalQuery,
  },
  sent: {
    listName: 'connections_sent',
    list: sentListQuery,
    totalName: 'connections_sent_total',
    total: sentTotalQuery,
  },
}

// Connected: friends by first and last name. Received and Sent: pending friend and regular
// partner requests, newest first. One page at a time.
export async function listConnections(
  db: DbOrTx,
  viewerId: string,
  view: ConnectionView,
  page: { limit: number; offset: number },
): Promise<ConnectionListOutput> {
  const queries = viewQueries[view]
  const rows = await db.prepared(queries.listName, queries.list).execute({
    viewerId,
    limit: page.limit,
    offset: page.offset,
  })
  const total = await pageTotal(rows, page.offset, async () => {
    const [count] = await db.prepared(queries.totalName, queries.total).execute({ viewerId })
    return count?.value ?? 0
  })
  return {
    items: rows.map((row): ConnectionOutput => ({
      id: row.connection.id,
      type: row.connection.type,
      status: row.connection.status,
      direction: row.connection.requesterId === viewerId ? 'sent' : 'received',
      player: toPlayer(row.player),
      isRegularPartner: Boolean(row.isRegularPartner),
      createdAt: row.connection.createdAt.toISOString(),
      updatedAt: row.connection.updatedAt.toISOString(),
    })),
    total,
    limit: page.limit,
    offset: page.offset,
  }
}

const countOf = (view: ConnectionView) =>
  sql<number>`count(*) filter (where ${viewFilter(view)})`.mapWith(Number)

const summaryQuery = (db: DbOrTx) =>
  db
    .select({ connected: countOf('connected'), received: countOf('received'), sent: countOf('sent') })
    .from(connections)
    .where(or(eq(connections.requesterId, viewer), eq(connections.receiverId, viewer)))

export async function summarizeConnections(db: DbOrTx, viewerId: string): Promise<ConnectionSummaryOutput> {
  const [row] = await db.prepared('connections_summary', summaryQuery).execute({ viewerId })
  return { connected: row?.connected ?? 0, received: row?.received ?? 0, sent: row?.sent ?? 0 }
}
