import { TZDate } from '@date-fns/tz'
import ical, {
  ICalAlarmType,
  ICalCalendarMethod,
  ICalEventRepeatingFreq,
  ICalEventStatus,
  type ICalWeekday,
} from 'ical-generator'
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

// A group's weekly series in a member's feed (docs/decisions/0169-recurring-series.md): one entry
// with its rule, and every date it does not stand for excluded: the dates skipped or cancelled, and
// the games the member plays in, which are their own entries. So each occurrence appears once.
export interface CalendarSeries {
  id: string
  groupName: string
  // The first date's start, on the rule's wall clock.
  firstStart: Date
  timeZone: string
  weekday: string
  durationMinutes: number
  location: string
  price: string
  until: Date | null
  excluded: Date[]
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

export const seriesUid = (seriesId: string, host: string) => `series-${seriesId}@${host}`

export function calendarOf(
  games: CalendarGame[],
  options: CalendarOptions,
  series: CalendarSeries[] = [],
): string {
  const calendar = ical({
    prodId: { company: options.productName, product: 'PlayDates', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ...(options.name ? { name: options.name, ttl: 60 * 60 } : {}),
    // A VTIMEZONE block for each zone the entries use.
    timezone: { name: null, generator: (zone) => tzlib_get_ical_block(zone)[0] || null },
  })
  for (const game of games) {
    // A game cancelled, or an open PlayDate nobody joined before its start, does not take place:
    // calendars strike or drop it (STATUS:CANCELLED), and it rings no alarm.
    const isOn = game.status !== 'cancelled' && game.status !== 'expired'
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
      status: !isOn
        ? ICalEventStatus.CANCELLED
        : game.status === 'open'
          ? ICalEventStatus.TENTATIVE
          : ICalEventStatus.CONFIRMED,
    })
  }
  for (const one of series) {
    const at = (instant: Date) => new TZDate(instant.getTime(), one.timeZone)
    calendar.createEvent({
      id: seriesUid(one.id, options.host),
      timezone: one.timeZone,
      start: at(one.firstStart),
      end: at(new Date(one.firstStart.getTime() + one.durationMinutes * 60_000)),
      repeating: {
        freq: ICalEventRepeatingFreq.WEEKLY,
        byDay: [one.weekday as ICalWeekday],
        ...(one.until ? { until: one.until } : {}),
        ...(one.excluded.length > 0 ? { exclude: one.excluded.map(at), excludeTimezone: one.timeZone } : {}),
      },
      summary: `${options.productName}: ${one.groupName} weekly game`,
      description: `${one.price}\n${one.url}`,
      location: one.location,
      url: one.url,
      status: ICalEventStatus.TENTATIVE,
    })
  }
  return calendar.toString()
}
