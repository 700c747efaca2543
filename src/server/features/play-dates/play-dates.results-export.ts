import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { TeamSide } from '../../../domain/play-dates/results'
import { wallClock } from '../../../domain/play-dates/schedule'
import type { DbOrTx } from '../../db/client'
import { playerName } from '../../db/player-summary'
import { creator, partner, requester, requesterPartner, selectGameWithPlayers } from '../../db/queries'
import { playDates, venues } from '../../db/schema'

// A player's settled, played results as a CSV in the column layout of DUPR's match importer
// (docs/results-export.md): the player's own team is team A. DUPR takes a file only when every
// player in it has a DUPR ID; the rows of games where someone has none are still written, with
// that ID empty, so the player sees which ones to complete.

export const DUPR_COLUMNS = [
  'matchType',
  'event',
  'date',
  'playerA1',
  'playerA1DuprId',
  'playerA1ExternalId',
  'playerA2',
  'playerA2DuprId',
  'playerA2ExternalId',
  'playerB1',
  'playerB1DuprId',
  'playerB1ExternalId',
  'playerB2',
  'playerB2DuprId',
  'playerB2ExternalId',
  'teamAGame1',
  'teamBGame1',
  'teamAGame2',
  'teamBGame2',
  'teamAGame3',
  'teamBGame3',
  'teamAGame4',
  'teamBGame4',
  'teamAGame5',
  'teamBGame5',
  'location',
  'scoreType',
] as const

// The most rows one file holds: a year of games several times over.
export const EXPORT_LIMIT = 1000

// One cell: quoted when it holds a comma, a quote or a line break; a leading = + - @ is escaped
// so a spreadsheet never reads a name as a formula.
export function csvCell(value: string | number | null): string {
  if (value === null) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

type Person = { id: AnyPgColumn; firstName: AnyPgColumn; lastName: AnyPgColumn; duprId: AnyPgColumn }
const person = (t: Person) => ({
  id: sql<string>`${t.id}`,
  name: playerName(t),
  duprId: sql<string | null>`${t.duprId}`,
  externalId: sql<string>`${t.id}`,
})

export async function resultsCsv(db: DbOrTx, playerId: string): Promise<string> {
  const rows = await selectGameWithPlayers(db, {
    startsAt: playDates.startsAt,
    timeZone: playDates.timeZone,
    createdAt: playDates.createdAt,
    games: playDates.resultGames,
    venue: venues.name,
    place: playDates.place,
    creator: person(creator),
    partner: {
      id: sql<string | null>`${partner.id}`,
      name: sql<string | null>`${playerName(partner)}`,
      duprId: sql<string | null>`${partner.duprId}`,
    },
    requester: person(requester),
    requesterPartner: person(requesterPartner),
  })
    .leftJoin(venues, eq(venues.id, playDates.venueId))
    .where(
      and(
        eq(playDates.status, 'completed'),
        eq(playDates.resultOutcome, 'played'),
        // A played game's other side is a full pair: the accepted application, its captain and
        // its partner, as inner joins would have it (PostgreSQL turns those left joins into inner
        // ones on these tests).
        isNotNull(requester.id),
        isNotNull(requesterPartner.id),
        // The player's PlayDates, each side found through its own index.
        sql`${playDates.id} in (
          select id from play_dates where creator_id = ${playerId}
          union all select id from play_dates where partner_id = ${playerId}
          union all select play_date_id from play_date_requests
            where requester_id = ${playerId} and status = 'accepted'
          union all select play_date_id from play_date_requests
            where requester_partner_id = ${playerId} and status = 'accepted'
        )`,
      ),
    )
    .orderBy(desc(sql`coalesce(${playDates.startsAt}, ${playDates.createdAt})`), desc(playDates.id))
    .limit(EXPORT_LIMIT)

  const lines = [DUPR_COLUMNS.join(',')]
  for (const row of rows) {
    const creatorSide = [row.creator, row.partner.id ? { ...row.partner, externalId: row.partner.id } : null]
    const respondingSide = [row.requester, row.requesterPartner]
    const mine: TeamSide = creatorSide.some((x) => x?.id === playerId) ? 'creator' : 'responding'
    const [a, b] = mine === 'creator' ? [creatorSide, respondingSide] : [respondingSide, creatorSide]
    const date = row.startsAt
      ? wallClock(row.startsAt, row.timeZone ?? 'UTC').date
      : row.createdAt.toISOString().slice(0, 10)
    const scores: Array<number | null> = []
    for (let i = 0; i < 5; i++) {
      const game = row.games?.[i]
      if (!game) scores.push(null, null)
      else if (mine === 'creator') scores.push(game.creatorTeam, game.respondingTeam)
      else scores.push(game.respondingTeam, game.creatorTeam)
    }
    const player = (
      x: { name: string | null; duprId: string | null; externalId?: string | null } | null | undefined,
    ) => [x?.name ?? null, x?.duprId ?? null, x?.externalId ?? null]
    const cells = [
      'D',
      'PickleMatch PlayDate',
      date,
      ...player(a[0]),
      ...player(a[1]),
      ...player(b[0]),
      ...player(b[1]),
      ...scores,
      row.venue ?? row.place ?? null,
      null,
    ]
    lines.push(cells.map(csvCell).join(','))
  }
  return `${lines.join('\r\n')}\r\n`
}
