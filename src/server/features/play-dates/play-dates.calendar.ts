import { TZDate } from '@date-fns/tz'
import ical, { ICalAlarmType, ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import { tzlib_get_ical_block } from 'timezones-ical-library'
import type { PlayDateStatus } from '../../../domain/play-dates/play-date.schema'

// PlayDates as calendar entries (RFC 5545), for the "Add to calendar" download and a player's
// subscribed feed. Times are written in the venue's time zone (TZID), with its VTIMEZONE block
// from the maintained IANA-based library, so a calendar app that shows an event's zone shows the
// court's; every app still places the game at the right instant in its own zone. Each game that
// is on rings an alarm an hour before it starts.

export interface CalendarGame {
  id: string
  status: PlayDateStatus
  startsAt: Date
  // The venue's IANA zone, the one the game's time is set in: "America/Phoenix".
  timeZone: string
  durationMinutes: number
  // "Mesa Tennis Center, 1550 N Stapley Dr, Mesa, AZ", or the creator's words for the place.
  location: string | null
  // The two teams as players read them: "Maya Lopez & Sam Ortiz".
  creatorTeam: string
  otherTeam: string | null
  // "You pay $25/hour · 2 h · $50", from the reader's side.
  price: string
  revision: number
  updatedAt: Date
  url: string
}

export interface CalendarOptions {
  productName: string
  // The host part of every entry's UID, so UIDs are unique across calendars: the app's host.
  host: string
  // A feed's name in the calendar app; a single download has none.
  name?: string
}

export const calendarUid = (playDateId: string, host: string) => `playdate-${playDateId}@${host}`

export const ALARM_SECONDS_BEFORE = 60 * 60

const summaryOf = (game: CalendarGame, productName: string) =>
  `${productName}: ${game.creatorTeam} vs ${game.otherTeam ?? 'a team to be found'}`

export function calendarOf(games: CalendarGame[], options: CalendarOptions): string {
  const calendar = ical({
    prodId: { company: options.productName, product: 'PlayDates', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ...(options.name ? { name: options.name, ttl: 60 * 60 } : {}),
    // A VTIMEZONE block for each zone the entries use.
    timezone: { name: null, generator: (zone) => tzlib_get_ical_block(zone)[0] || null },
  })
  for (const game of games) {
    const isOn = game.status !== 'cancelled'
    calendar.createEvent({
      id: calendarUid(game.id, options.host),
      sequence: game.revision,
      stamp: game.updatedAt,
      timezone: game.timeZone,
      start: new TZDate(game.startsAt.getTime(), game.timeZone),
      end: new TZDate(game.startsAt.getTime() + game.durationMinutes * 60_000, game.timeZone),
      alarms: isOn
        ? [
            {
              type: ICalAlarmType.display,
              trigger: ALARM_SECONDS_BEFORE,
              description: summaryOf(game, options.productName),
            },
          ]
        : [],
      summary: summaryOf(game, options.productName),
      description: `${game.price}\n${game.url}`,
      location: game.location,
      url: game.url,
      status:
        game.status === 'cancelled'
          ? ICalEventStatus.CANCELLED
          : game.status === 'open'
            ? ICalEventStatus.TENTATIVE
            : ICalEventStatus.CONFIRMED,
    })
  }
  return calendar.toString()
}
