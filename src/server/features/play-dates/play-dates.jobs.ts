import { and, eq, lte, sql } from 'drizzle-orm'
import { type AnyPgColumn } from 'drizzle-orm/pg-core'
import { venueAddressLine } from '../../../domain/venues/venue.schema'
import type { DbOrTx, Tx } from '../../db/client'
import { playDates, venues } from '../../db/schema'
import { playerName } from '../../db/player-summary'
import { creator, partner, requester, requesterPartner, selectGameWithPlayers } from '../../db/queries'
import { enqueueJobs, type JobHandlers, type NewJob } from '../../lib/jobs'
import { createNotifications, type NoticeEmailSettings } from '../notifications'
import { CHAT_DIGEST_JOB, chatDigestJobHandler } from './play-dates.chat-digest'
import { RESULT_CONFIRMED_JOB, settleConfirmation } from './play-dates.results.confirm'
import { RESULT_STANDS_JOB, standUnanswered } from './play-dates.results.stands'
import { offerJobs } from './play-dates.offers'

// What happens around a PlayDate's start without anyone asking: reminders to the four players
// of a matched game, and open PlayDates whose start has passed leaving the lists.

export const REMINDER_JOB = 'play-date-reminder'
export const EXPIRY_JOB = 'play-date-expiry'

export const reminderLeads = [
  { lead: '24h', minutes: 24 * 60, title: 'PlayDate tomorrow', when: 'in 24 hours' },
  { lead: '2h', minutes: 2 * 60, title: 'PlayDate in 2 hours', when: 'in 2 hours' },
] as const
type Lead = (typeof reminderLeads)[number]['lead']

interface Timed {
  id: string
  startsAt: Date
}

// The reminders still ahead of `now` for a matched PlayDate. The key names the start time, so a
// PlayDate moved to another time gets reminders of its own and the old ones find it moved.
export function reminderJobs(playDate: Timed, now: Date): NewJob[] {
  return reminderLeads
    .map(({ lead, minutes }) => ({
      kind: REMINDER_JOB,
      key: `reminder:${lead}:${playDate.id}:${playDate.startsAt.toISOString()}`,
      runAt: new Date(playDate.startsAt.getTime() - minutes * 60_000),
      payload: { playDateId: playDate.id, lead, startsAt: playDate.startsAt.toISOString() },
    }))
    .filter((job) => job.runAt.getTime() > now.getTime())
}

export const scheduleReminders = (db: DbOrTx, playDate: Timed, now: Date) =>
  enqueueJobs(db, reminderJobs(playDate, now))

// An open PlayDate leaves the lists when its start passes.
export const scheduleExpiry = (db: DbOrTx, playDate: Timed) =>
  enqueueJobs(db, [
    {
      kind: EXPIRY_JOB,
      key: `expiry:${playDate.id}:${playDate.startsAt.toISOString()}`,
      runAt: playDate.startsAt,
      payload: { playDateId: playDate.id },
    },
  ])

type Person = { id: AnyPgColumn; email: AnyPgColumn; firstName: AnyPgColumn; lastName: AnyPgColumn }

// The matched game as its reminder tells it, with its players (four, or fewer while a spot someone
// dropped out of is open); none if it is not matched.
async function loadMatchedGame(tx: Tx, playDateId: string) {
  const player = (p: Person) => ({
    id: sql<string>`${p.id}`,
    email: sql<string>`${p.email}`,
    firstName: sql<string>`${p.firstName}`,
  })
  const [game] = await selectGameWithPlayers(tx, {
    startsAt: playDates.startsAt,
    timeZone: playDates.timeZone,
    place: playDates.place,
    venue: { name: venues.name, address: venues.address, city: venues.city, state: venues.state },
    // A spot someone dropped out of and no one took yet is left out (docs/decisions/0152).
    creatorTeam: sql<string>`concat_ws(' & ', ${playerName(creator)}, ${playerName(partner)})`,
    otherTeam: sql<string>`coalesce(nullif(concat_ws(' & ', ${playerName(requester)}, ${playerName(requesterPartner)}), ''), 'an open side')`,
    creator: player(creator),
    partner: player(partner),
    requester: player(requester),
    requesterPartner: player(requesterPartner),
  })
    .leftJoin(venues, eq(venues.id, playDates.venueId))
    .where(and(eq(playDates.id, playDateId), eq(playDates.status, 'matched')))
  return game
}

// What the jobs about PlayDates need to email players (the result that stands, the chat).
export type ReminderSettings = NoticeEmailSettings

async function remind(tx: Tx, payload: { playDateId: string; lead: Lead; startsAt: string }) {
  const game = await loadMatchedGame(tx, payload.playDateId)
  // Cancelled, completed or moved since the reminder was planned: nothing to say.
  if (!game || !game.startsAt || game.startsAt.toISOString() !== payload.startsAt) return
  const lead = reminderLeads.find((l) => l.lead === payload.lead)!
  // Who plays, and at a venue its address. Every channel names the game (its start and venue or
  // place) beside the message: the app's game line, the email's subject and "The game:" line, the
  // push after the message (docs/decisions/0206).
  const teams = `${game.creatorTeam} vs ${game.otherTeam}`
  const message = game.venue ? `${teams} · ${venueAddressLine(game.venue)}` : teams
  const link = `/playdates/${payload.playDateId}`
  const players = [game.creator, game.partner, game.requester, game.requesterPartner].filter((p) => p.id)
  // In the app, by email and by push, each to the players who left reminders on there (the email
  // and push by their jobs, which name the game: notifications.service.ts).
  await createNotifications(
    tx,
    players.map((p) => ({
      userId: p.id,
      type: 'other' as const,
      title: lead.title,
      message,
      link,
      kind: 'reminders' as const,
      playDateId: payload.playDateId,
    })),
  )
}

// An open PlayDate whose start has passed becomes 'expired' (History); one matched, cancelled
// or moved to a later start since is left as it is.
async function expire(tx: Tx, playDateId: string, now: Date) {
  await tx
    .update(playDates)
    .set({ status: 'expired', revision: sql`${playDates.revision} + 1` })
    .where(and(eq(playDates.id, playDateId), eq(playDates.status, 'open'), lte(playDates.startsAt, now)))
}

export function playDateJobs(settings: ReminderSettings): JobHandlers {
  return {
    [REMINDER_JOB]: ({ tx, job }) => remind(tx, job.payload as Parameters<typeof remind>[1]),
    [EXPIRY_JOB]: ({ tx, job, now }) => expire(tx, (job.payload as { playDateId: string }).playDateId, now),
    [RESULT_STANDS_JOB]: ({ tx, job, now }) =>
      standUnanswered(tx, settings, (job.payload as { playDateId: string }).playDateId, now),
    [RESULT_CONFIRMED_JOB]: ({ tx, job, now }) =>
      settleConfirmation(tx, job.payload as Parameters<typeof settleConfirmation>[1], now),
    [CHAT_DIGEST_JOB]: chatDigestJobHandler(settings),
    ...offerJobs(),
  }
}
