import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import type { PlayDateStatus } from '../../../domain/play-dates/play-date.schema'

// PlayDates as calendar entries (RFC 5545), for the "Add to calendar" download and a player's
// subscribed feed. Times are written in UTC: every calendar shows them in its own zone, and no
// VTIMEZONE block has to be kept up to date.

export interface CalendarGame {
  id: string
  status: PlayDateStatus
  startsAt: Date
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

const summaryOf = (game: CalendarGame, productName: string) =>
  `${productName}: ${game.creatorTeam} vs ${game.otherTeam ?? 'a team to be found'}`

export function calendarOf(games: CalendarGame[], options: CalendarOptions): string {
  const calendar = ical({
    prodId: { company: options.productName, product: 'PlayDates', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ...(options.name ? { name: options.name, ttl: 60 * 60 } : {}),
  })
  for (const game of games) {
    calendar.createEvent({
      id: calendarUid(game.id, options.host),
      sequence: game.revision,
      stamp: game.updatedAt,
      start: game.startsAt,
      end: new Date(game.startsAt.getTime() + game.durationMinutes * 60_000),
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
