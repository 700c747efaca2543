import { eq, inArray, sql } from 'drizzle-orm'
import {
  DEFAULT_QUIET_HOURS,
  deliveryTime,
  type QuietHours,
  quietHoursEnd,
  URGENT_AT_NIGHT,
} from '../../domain/notifications/quiet-hours'
import type { NotificationKind, QuietHoursSettings } from '../../domain/notifications/preferences.schema'
import { gameLabel } from '../../domain/play-dates/game-label'
import { type PlayDateZone, zoneOfState } from '../../domain/play-dates/schedule'
import type { DbOrTx } from './client'
import {
  connections,
  notificationPreferences,
  notificationQuietHours,
  playDateOffers,
  playDateRequests,
  playDates,
  profiles,
  venues,
} from './schema'

// What every channel of a notice needs to know besides the notice itself, read in one place for
// the email, the chat digest and the push (docs/decisions/0139): the game it is about, named with
// `gameLabel`, and when the player may be reached outside the app (`noticeContext`).

export interface NoticeGame {
  id: string
  startsAt: Date | null
  status: string
  lateCancel: boolean
  // "Sat, Dec 5 · 8:00 AM MST at Red Mountain Pickleball Park"
  label: string
}

// The zone quiet hours are read in for a player who never chose one: their home state's, else
// Arizona's (where the app began).
export const DEFAULT_NOTICE_ZONE: PlayDateZone = 'America/Phoenix'

// What a player's quiet hours are read from: their own row, else their home state.
const quietHoursColumns = {
  id: profiles.id,
  enabled: notificationQuietHours.enabled,
  start: notificationQuietHours.startTime,
  end: notificationQuietHours.endTime,
  timeZone: notificationQuietHours.timeZone,
  homeState: profiles.homeState,
}
type QuietHoursRow = {
  enabled: boolean | null
  start: string | null
  end: string | null
  timeZone: string | null
  homeState: keyof typeof zoneOfState | null
}

// The player's quiet hours as they set them, or the defaults in their home state's zone.
export async function quietHoursOf(db: DbOrTx, userId: string): Promise<QuietHoursSettings> {
  const [row] = await db
    .select(quietHoursColumns)
    .from(profiles)
    .leftJoin(notificationQuietHours, eq(notificationQuietHours.profileId, profiles.id))
    .where(eq(profiles.id, userId))
  return quietSettingsOf(row)
}

// Whether each player can be reached now: paused by an admin (reached by nothing,
// docs/decisions/0200), and when the quiet hours holding `now` end (null: not in them): a spot is
// not offered to a player whose quiet hours end only once the game has started
// (docs/decisions/0138-offer-timings-and-waves.md). One read for them all.
export interface Reach {
  paused: boolean
  quietEnd: Date | null
}

export async function reachOf(
  db: DbOrTx,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, Reach>> {
  const reach = new Map<string, Reach>()
  if (userIds.length === 0) return reach
  const rows = await db
    .select({ ...quietHoursColumns, paused: profiles.isPaused })
    .from(profiles)
    .leftJoin(notificationQuietHours, eq(notificationQuietHours.profileId, profiles.id))
    .where(inArray(profiles.id, [...new Set(userIds)]))
  for (const row of rows) {
    const settings = quietSettingsOf(row)
    reach.set(row.id, { paused: row.paused, quietEnd: quietHoursEnd(now, settings, settings.timeZone) })
  }
  return reach
}

function quietSettingsOf(row: QuietHoursRow | undefined): QuietHoursSettings {
  if (row?.enabled != null && row.start && row.end && row.timeZone) {
    return {
      enabled: row.enabled,
      start: row.start,
      end: row.end,
      timeZone: row.timeZone as PlayDateZone,
    }
  }
  const zone = row?.homeState ? zoneOfState[row.homeState] : DEFAULT_NOTICE_ZONE
  return { ...DEFAULT_QUIET_HOURS, timeZone: zone }
}

// When an email or push of `kind` to the player may leave: now, or the end of their quiet hours.
// A reminder or a cancellation of a game that starts before then leaves now: it is the point.
export function noticeDeliveryTime(
  settings: QuietHoursSettings,
  kind: NotificationKind | null,
  gameStart: Date | null | undefined,
  now: Date,
): Date {
  const quiet: QuietHours = { enabled: settings.enabled, start: settings.start, end: settings.end }
  const urgent = kind && (URGENT_AT_NIGHT as readonly string[]).includes(kind) ? gameStart : null
  return deliveryTime(now, quiet, settings.timeZone, urgent)
}

// Everything a notice's email, digest or push asks before it leaves, read in one statement (for an
// email, before the job's transaction, where a statement holds the embedded database's one
// session: docs/decisions/0234): whether the player still wants it, whether its offer is still open, the game,
// the player's quiet hours and their address. Undefined when the player is gone; `wants` false
// while an admin has paused them; `stale` once what it asks of the player is no longer there.
export interface NoticeContext {
  wants: boolean
  stale: boolean
  game: NoticeGame | null
  quietHours: QuietHoursSettings
  recipient: { id: string; email: string; firstName: string }
}

// The query of `noticeContext`, one text per channel (the column of the player's switch), built
// once per connection (db/prepared.ts): a notice's email is the job the mix runs most, and
// building this select each time was most of the ORM's work in a job's turn. What the notice
// does not name (no kind, no game, nothing to answer) goes in as null and matches nothing.
const contextQuery = (channel: 'email' | 'push') => () => {
  const wanted = channel === 'email' ? notificationPreferences.email : notificationPreferences.push
  return (db: DbOrTx) =>
    db
      .select({
        ...quietHoursColumns,
        email: profiles.email,
        firstName: profiles.firstName,
        wants: sql<boolean>`coalesce((select ${wanted} from ${notificationPreferences} where ${notificationPreferences.profileId} = ${profiles.id} and ${notificationPreferences.kind} = ${sql.placeholder('kind')}::text), true)`,
        offerStatus: sql<
          string | null
        >`(select ${playDateOffers.status} from ${playDateOffers} where ${playDateOffers.id} = ${sql.placeholder('offerId')}::uuid)`,
        connectionStatus: sql<
          string | null
        >`(select ${connections.status} from ${connections} where ${connections.id} = ${sql.placeholder('connectionId')}::uuid)`,
        requestStatus: sql<
          string | null
        >`(select ${playDateRequests.status} from ${playDateRequests} where ${playDateRequests.id} = ${sql.placeholder('requestId')}::uuid)`,
        paused: profiles.isPaused,
        game: {
          id: playDates.id,
          startsAt: playDates.startsAt,
          timeZone: playDates.timeZone,
          place: playDates.place,
          venue: venues.name,
          status: playDates.status,
          lateCancel: playDates.lateCancel,
        },
      })
      .from(profiles)
      .leftJoin(notificationQuietHours, eq(notificationQuietHours.profileId, profiles.id))
      .leftJoin(playDates, eq(playDates.id, sql`${sql.placeholder('playDateId')}::uuid`))
      .leftJoin(venues, eq(venues.id, playDates.venueId))
      .where(eq(profiles.id, sql.placeholder('userId')))
}

export async function noticeContext(
  db: DbOrTx,
  notice: {
    userId: string
    kind: NotificationKind | null
    channel: 'email' | 'push'
    playDateId?: string | null | undefined
    action?: string | null | undefined
    subjectId?: string | null | undefined
  },
): Promise<NoticeContext | undefined> {
  const offerId = notice.action === 'take_spot' ? notice.subjectId : null
  const connectionId = notice.action === 'answer_connection' ? notice.subjectId : null
  const requestId = notice.action === 'answer_application' ? notice.subjectId : null
  const [row] = await db
    .preparedShape(`notice_context_${notice.channel}`, contextQuery(notice.channel))
    .execute({
      userId: notice.userId,
      kind: notice.kind ?? null,
      offerId: offerId ?? null,
      connectionId: connectionId ?? null,
      requestId: requestId ?? null,
      playDateId: notice.playDateId ?? null,
    })
  if (!row) return undefined
  const game = row.game
  return {
    // A player an admin paused is reached by nothing (docs/decisions/0200).
    wants: row.wants && !row.paused,
    // An offer taken, declined or timed out; a friend or partner request answered or cancelled; an
    // application accepted, declined or withdrawn.
    stale: offerId
      ? row.offerStatus !== 'open'
      : connectionId
        ? row.connectionStatus !== 'pending'
        : requestId
          ? row.requestStatus !== 'pending'
          : false,
    game:
      game?.id && game.status
        ? {
            id: game.id,
            startsAt: game.startsAt,
            status: game.status,
            lateCancel: game.lateCancel ?? false,
            label: gameLabel(game),
          }
        : null,
    quietHours: quietSettingsOf(row),
    recipient: { id: row.id, email: row.email, firstName: row.firstName },
  }
}
