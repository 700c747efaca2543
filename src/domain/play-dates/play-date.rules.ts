import type { PlayDateStatus, PlayDateSummary, PlayDateType } from './play-date.schema'
import { type GameOutcome } from './results.rules'

// Team rating: the mean of the two players, to 2 decimals (computed in hundredths).
export function teamAverage(a: number, b?: number | null) {
  if (b === undefined || b === null) return Math.round(a * 100) / 100
  return Math.round((Math.round(a * 100) + Math.round(b * 100)) / 2) / 100
}

const transitions: Record<PlayDateStatus, readonly PlayDateStatus[]> = {
  open: ['matched', 'cancelled', 'expired'],
  // A matched game is cancelled before its start (a late cancel under 24 h), or completed with
  // its result after it (docs/decisions/0089-results-and-reliability.md).
  matched: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
  expired: [],
}

// open -> matched -> completed, open or matched -> cancelled, and open -> expired when the start
// passes unmatched (a job); nothing else.
export const canTransition = (from: PlayDateStatus, to: PlayDateStatus) => transitions[from].includes(to)

// "$25/hr", "$20-30/hr", or "Free" for a game that costs nothing (a group's weekly game may).
export const formatPayment = (min: number, max: number) =>
  max === 0 ? 'Free' : min === max ? `$${min}/hr` : `$${min}-${max}/hr`

// The money from one team's side: in a challenge the creator team pays the responding team, in
// an earn PlayDate the responding team pays the creator team. Anyone not on the creator team
// reads it as the responding team would (a player looking at Available is about to be one).
export const teamPays = (type: PlayDateType, onCreatorTeam: boolean) =>
  (type === 'challenge') === onCreatorTeam

// When the money is told: ahead of a game ('due': "Your team pays"), after a game that was played
// ('paid': "Your team paid"), of a game that never was (cancelled, expired, a no-show or not
// played: 'void', "Your team would have paid"), where no money changes hands, or of a game over
// with no result reported ('unreported': "Your team was to pay", docs/decisions/0222): whether it
// was played is not known, so neither "paid" nor "would have paid" is true, only what was agreed.
// A game completed before results were reported has no result and was played.
export type PaymentTime = 'due' | 'paid' | 'void' | 'unreported'
export function paymentTime(
  status: PlayDateStatus,
  result?: Pick<GameOutcome, 'outcome'> | null,
  noResultReported = false,
): PaymentTime {
  if (status === 'matched' && noResultReported) return 'unreported'
  if (status === 'open' || status === 'matched') return 'due'
  if (status === 'completed' && (!result || result.outcome === 'played')) return 'paid'
  return 'void'
}

const paymentWords: Record<PaymentTime, { pays: string; earns: string }> = {
  due: { pays: 'Your team pays', earns: 'Your team earns' },
  paid: { pays: 'Your team paid', earns: 'Your team earned' },
  void: { pays: 'Your team would have paid', earns: 'Your team would have earned' },
  unreported: { pays: 'Your team was to pay', earns: 'Your team was to earn' },
}

export const yourTeamPayment = (type: PlayDateType, onCreatorTeam: boolean, time: PaymentTime = 'due') =>
  paymentWords[time][teamPays(type, onCreatorTeam) ? 'pays' : 'earns']

// An open PlayDate whose start has passed is expired by the app's clock from that moment, before
// the expiry job has had its turn (docs/decisions/0222, 0227): nobody can join it any more, and
// History, its page and the calendar feed all tell it as expired. A PlayDate with no time never
// expires.
export const statusAt = (status: PlayDateStatus, startsAt: Date | null, now: Date): PlayDateStatus =>
  status === 'open' && startsAt !== null && startsAt.getTime() <= now.getTime() ? 'expired' : status

export const statusLabel = (status: PlayDateStatus) =>
  status === 'open' ? 'Available' : status.charAt(0).toUpperCase() + status.slice(1)

// The soonest start after `now` among games a player may join (Available, the dashboard's
// suggestions, a group's coming games): each leaves its list then, as nobody may join a game that
// has started (docs/decisions/0229). Null when none is ahead. (My PlayDates' moments are the
// server's, over all the player's games: play-dates.clock-change.ts.)
export function soonestStartAfter(games: ReadonlyArray<Pick<PlayDateSummary, 'startsAt'>>, now: number) {
  let next: number | null = null
  for (const game of games) {
    const start = game.startsAt ? Date.parse(game.startsAt) : null
    if (start !== null && start > now && (next === null || start < next)) next = start
  }
  return next
}
