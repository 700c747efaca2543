// The waitlist, offers and subs (docs/decisions/0138-offer-timings-and-waves.md and
// docs/decisions/0152-waitlist-drop-outs-and-subs.md): pure rules the server offers spots with
// and the pages word them with.
import type { OpenSpots } from './spots'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

// How long a waitlisted application has an offer to itself, and a sub wave before the next is
// asked: 2 hours while the game is more than 24 hours away, 30 minutes under that, 10 minutes in
// the last 3 hours. Never past the start.
export const OFFER_WINDOWS = [
  { moreThanHours: 24, minutes: 120 },
  { moreThanHours: 3, minutes: 30 },
  { moreThanHours: 0, minutes: 10 },
] as const

export function offerWindowMinutes(startsAt: Date, now: Date): number {
  const left = startsAt.getTime() - now.getTime()
  return OFFER_WINDOWS.find((w) => left > w.moreThanHours * HOUR)?.minutes ?? OFFER_WINDOWS[2].minutes
}

// When an offer made now stops being exclusive: its window, cut at the start.
export function offerWindowEnd(startsAt: Date, now: Date): Date {
  const end = now.getTime() + offerWindowMinutes(startsAt, now) * MINUTE
  return new Date(Math.min(end, startsAt.getTime()))
}

// In the last hour before the start a sub search asks every candidate at once.
export const ALL_AT_ONCE_MINUTES = 60
export const isLastHour = (startsAt: Date, now: Date) =>
  startsAt.getTime() - now.getTime() <= ALL_AT_ONCE_MINUTES * MINUTE

// Under 24 hours before the start a sub search starts by itself once the waitlist has no one
// left to offer the spot to; before that the players left ask for it ("Find a sub").
export const SUB_SEARCH_AUTO_HOURS = 24
export const subSearchStartsItself = (startsAt: Date, now: Date) =>
  startsAt.getTime() - now.getTime() <= SUB_SEARCH_AUTO_HOURS * HOUR

// The waves of a sub search, in order.
export const SUB_WAVES = [
  { wave: 1, name: 'friends' },
  { wave: 2, name: 'subs' },
] as const
export const LAST_SUB_WAVE = 2
// The most players one wave asks.
export const WAVE_MAX = 50

// Subs are asked only if they had no no-show in this many days.
export const SUB_NO_SHOW_DAYS = 90

// Whether a waitlisted application fits the open spots: a pair needs the two spots of one side,
// a player alone any one spot.
export function fitsSpots(applicant: 'pair' | 'solo', spots: OpenSpots): boolean {
  return applicant === 'pair' ? spots.otherSide === 2 : spots.left > 0
}

// A player whose quiet hours end at or after the start is skipped, instead of being woken for a
// spot they could only take once the game began (or as it begins).
export const isSkippedForQuietHours = (quietHoursEnd: Date | null, startsAt: Date) =>
  quietHoursEnd !== null && quietHoursEnd.getTime() >= startsAt.getTime()

// "You're #2 on the waitlist"
export const waitlistPositionText = (position: number) => `You're #${position} on the waitlist`

export const OFFER_MESSAGES = {
  gone: 'This offer is no longer open',
  spotTaken: 'That spot was just taken',
  notYours: 'Offer not found',
  waitlistFirst: 'The spot is offered to the waitlist first',
  noOpenSpot: 'This game has no open spot',
  notWaitlisted: 'Only an application on the waitlist can be moved',
  onlyCreator: 'Only the creator can reorder the waitlist',
  cannotMove: 'It is already at that end of the waitlist',
  creatorCannotLeave: 'As the creator you cannot leave your PlayDate: cancel it instead',
  notMatched: 'Only a matched game can be left',
  notInGame: 'You are not playing in this game',
  started: 'This game has already started',
  noPartnerToLeaveWith: 'You have no partner in this game to leave with',
  joinedAloneLeavesAlone: 'You joined alone: you can only drop out yourself',
  partnerJoinedAloneLeavesAlone: 'Your partner joined alone: you can only drop out yourself',
  searchUnderWay: 'A sub search is already under way',
  notOnSide: 'Only the players left on that side can ask for a sub',
} as const

// Dropping out with one's partner is for a pair who came together: a side with a player who came
// to it alone is no pair, and each of its players drops out only themselves. The refusal says what
// is true of the one asking (docs/decisions/0207-joined-alone-player-by-player.md).
export function leaveWithPartnerRefusal(side: { viewerJoinedAlone: boolean; partnerJoinedAlone: boolean }) {
  if (side.viewerJoinedAlone) return OFFER_MESSAGES.joinedAloneLeavesAlone
  if (side.partnerJoinedAlone) return OFFER_MESSAGES.partnerJoinedAloneLeavesAlone
  return null
}
