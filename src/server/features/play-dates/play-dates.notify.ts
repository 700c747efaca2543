import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import type { DbOrTx } from '../../db/client'
import { notifications } from '../../db/schema'
import { publishToUsers } from '../../lib/realtime'
import { NEW_MESSAGE_TITLE } from '../../../domain/notifications/notification.schema'
import type { NotificationKind } from '../../../domain/notifications/preferences.schema'
import { createNotifications } from '../notifications'
import {
  noteParameters,
  notePlaceholder,
  notePlaceholders,
  notificationInsertsTo,
} from '../../db/queries/notice-inserts'

export type PlayDateEvent =
  | 'created'
  | 'applied'
  | 'appliedAlone'
  | 'appliedWithYou'
  | 'accepted'
  | 'acceptedAlone'
  | 'partnerJoined'
  | 'declined'
  | 'withdrawn'
  | 'cancelled'
  | 'cancelledLate'
  | 'message'
  | 'joinedWaitlist'
  | 'droppedOut'
  | 'spotFilled'
  | 'offerExpired'

// The switch each event is under (Profile Settings): its email and push follow it.
const kindOf: Record<PlayDateEvent, NotificationKind> = {
  created: 'applications',
  applied: 'applications',
  appliedAlone: 'applications',
  appliedWithYou: 'applications',
  accepted: 'applications',
  acceptedAlone: 'applications',
  partnerJoined: 'applications',
  declined: 'applications',
  withdrawn: 'applications',
  cancelled: 'cancellations',
  cancelledLate: 'cancellations',
  message: 'messages',
  joinedWaitlist: 'applications',
  droppedOut: 'applications',
  spotFilled: 'applications',
  offerExpired: 'applications',
}

const texts: Record<PlayDateEvent, { title: string; message: (name: string) => string }> = {
  created: { title: 'New PlayDate', message: (n) => `${n} created a PlayDate with you as partner` },
  applied: { title: 'New application', message: (n) => `${n} applied to your PlayDate` },
  appliedAlone: { title: 'New application', message: (n) => `${n} applied alone to your PlayDate` },
  // The partner an application names hears of it at once, and can withdraw it too.
  appliedWithYou: { title: 'Applied with you', message: (n) => `${n} applied with you to a PlayDate` },
  accepted: {
    title: 'Application accepted',
    message: (n) => `${n} accepted the application: you are matched`,
  },
  // A player alone accepted before every spot is taken: the game is not matched yet.
  acceptedAlone: {
    title: 'Application accepted',
    message: (n) => `${n} accepted you: you hold a spot until the game is matched`,
  },
  // Told to a player whose team a player alone just completed (the actor is that partner).
  partnerJoined: {
    title: 'New partner',
    message: (n) => `${n} joined alone and is your partner for this PlayDate`,
  },
  declined: { title: 'Application declined', message: (n) => `${n} declined the application` },
  withdrawn: { title: 'Application withdrawn', message: (n) => `${n} withdrew their application` },
  cancelled: { title: 'PlayDate cancelled', message: (n) => `${n} cancelled the PlayDate` },
  // Under 24 hours before the start: it counts against the team's reliability.
  cancelledLate: {
    title: 'PlayDate cancelled',
    message: (n) => `${n} cancelled the PlayDate late, under 24 hours before the start`,
  },
  message: { title: NEW_MESSAGE_TITLE, message: (n) => `${n} sent a message about your PlayDate` },
  // The waitlist and its offers (docs/decisions/0152-waitlist-drop-outs-and-subs.md).
  joinedWaitlist: { title: 'Waitlist', message: (n) => `${n} joined the waitlist of your full game` },
  droppedOut: {
    title: 'Player dropped out',
    message: (n) => `${n} dropped out of your game: the spot is offered to the waitlist, then to subs`,
  },
  spotFilled: { title: 'Spot filled', message: (n) => `${n} took the open spot in your game` },
  // Told by the app to a waitlisted player whose offer ran out (the actor is the app: no name).
  offerExpired: {
    title: 'Offer timed out',
    message: () => 'The spot you were offered went to the next in line. You keep your place on the waitlist.',
  },
}

interface NotifyArgs {
  playDateId: string
  actor: Pick<SessionUser, 'id' | 'firstName' | 'lastName'>
  recipients: string[]
  // Where the notification leads: the PlayDate, unless the recipients can no longer open it.
  link?: string
  // An application to answer from the notification itself.
  requestId?: string
  // What the app says itself: no player's face beside it.
  asApp?: boolean
  // The actor's partner, named beside them: a pair's application names both players.
  partnerName?: string
}

// What the row offers: Accept or Decline an application; Open chat once matched, or for a message.
function actionOf(event: PlayDateEvent, playDateId: string, requestId: string | undefined) {
  if ((event === 'applied' || event === 'appliedAlone') && requestId)
    return { kind: 'answer_application' as const, subjectId: requestId }
  if (event === 'accepted' || event === 'message')
    return { kind: 'open_chat' as const, subjectId: playDateId }
  return null
}

// For players whose application ended with the PlayDate closed to them (matched with another
// team, or cancelled): the PlayDate's page would only answer 'Not authorized to view this
// PlayDate', so their notification leads to the PlayDates they can still apply to.
export const AVAILABLE_PLAY_DATES_LINK = '/playdates?tab=available'

type NoteArgs = Omit<NotifyArgs, 'recipients'>

// Where a PlayDate's notices lead unless told otherwise: its page (and its chat).
const pageOf = (playDateId: string) => `/playdates/${playDateId}`

// What a PlayDate event tells each player it notifies (for a statement that adds it with its own
// write: notificationInserts).
export function playDateNote(
  event: PlayDateEvent,
  { playDateId, actor, link, requestId, asApp, partnerName }: NoteArgs,
) {
  const text = texts[event]
  const actorName = `${actor.firstName} ${actor.lastName}`
  return {
    type: event === 'created' ? ('playdate_created' as const) : ('other' as const),
    title: text.title,
    message: text.message(partnerName === undefined ? actorName : `${actorName} and ${partnerName}`),
    link: link ?? pageOf(playDateId),
    actorId: asApp ? null : actor.id,
    action: actionOf(event, playDateId, requestId),
    kind: kindOf[event],
    playDateId,
  }
}

// The note of a pair's event for a statement that reads the partner's name itself (the
// application, one statement): its message is a `format` template, the partner's name at `%s`
// (every other % doubled, so a name is kept as written), which `pairMessage` fills.
const PARTNER_SLOT = '\u0000' // never in a name: PostgreSQL's text cannot hold it
export function pairNoteTemplate(event: PlayDateEvent, args: Omit<NoteArgs, 'partnerName'>) {
  const note = playDateNote(event, { ...args, partnerName: PARTNER_SLOT })
  return { ...note, message: note.message.replaceAll('%', '%%').replace(PARTNER_SLOT, '%s') }
}
export const pairMessage = (template: SQLWrapper, partnerName: SQLWrapper) =>
  sql`format(${template}::text, ${partnerName})`

// A spot offered to a player (docs/decisions/0138-offer-timings-and-waves.md): in the app at
// once, with "Take the spot" in the row; its email and push follow the player's quiet hours, and
// are not sent once the offer is gone (db/notice-context.ts).
export const OFFER_TEXTS = {
  waitlist: {
    title: 'A spot opened for you',
    message: (until: string) =>
      `A spot opened in the game you wait for. It is yours to take until ${until}, then it goes to the next in line.`,
  },
  sub: {
    title: 'Sub wanted',
    message: (names: string) => `${names} need a sub for their game. The first to take the spot plays.`,
  },
} as const

export function offerNote(
  offer: { userId: string; offerId: string; playDateId: string },
  text: { title: string; message: string },
) {
  return {
    userId: offer.userId,
    type: 'other' as const,
    title: text.title,
    message: text.message,
    link: `/playdates/${offer.playDateId}`,
    actorId: null,
    action: { kind: 'take_spot' as const, subjectId: offer.offerId },
    kind: 'applications' as const,
    playDateId: offer.playDateId,
  }
}

// A notification row `n` that is the player's unread notice of the chat whose link is `link`.
const isUnreadChatNote = (userId: SQLWrapper, link: string | SQLWrapper) =>
  sql`n.user_id = ${userId} and n.link = ${link} and n.title = ${NEW_MESSAGE_TITLE} and not n.read`

// One unread chat notification per PlayDate is enough: later messages don't pile up. (SQL over
// the notification rows `v` of notificationInserts.)
const noUnreadChatNote = (link: string | SQLWrapper) =>
  sql`not exists (select 1 from ${notifications} n where ${isUnreadChatNote(sql`v.user_id`, link)})`

// The player `userId` has read the chat of PlayDate `playDateId`: its notice, if one is unread,
// is read (and seen) too. A statement (a CTE of the caller's) that answers the ids it marked. Both
// ids are SQL (a prepared statement's parameters), so the link is made in SQL as `pageOf` makes it.
export const readChatNote = (userId: SQLWrapper, playDateId: SQLWrapper) =>
  sql`update ${notifications} n set read = true, seen = true
    where ${isUnreadChatNote(userId, sql`'/playdates/' || ${playDateId}::text`)}
    returning n.id`

// Each player of `recipients` but the actor, told `note`.
const notesTo = (recipients: readonly string[], actorId: string, note: ReturnType<typeof playDateNote>) =>
  [...new Set(recipients)].filter((id) => id !== actorId).map((userId) => ({ userId, ...note }))

// Every PlayDate event notifies the other players involved (never the actor), with a link.
export async function notifyPlayDate(tx: DbOrTx, event: PlayDateEvent, { recipients, ...args }: NotifyArgs) {
  const note = playDateNote(event, args)
  const notes = notesTo(recipients, args.actor.id, note)
  if (notes.length === 0) return
  // Through the notifications service, so each player's badge follows live. One statement for
  // all of them.
  await createNotifications(tx, notes, event === 'message' ? noUnreadChatNote(note.link) : undefined)
}

// Several events of one change (an accept: the match, a partner joining, the declined), told in
// one statement: each is a round trip fewer inside the change's transaction. Not for messages,
// whose notices depend on the unread ones (`notifyPlayDate`).
export async function notifyPlayDateEvents(
  tx: DbOrTx,
  events: ReadonlyArray<{ event: Exclude<PlayDateEvent, 'message'> } & NotifyArgs>,
) {
  const notes = events.flatMap(({ event, recipients, ...args }) =>
    notesTo(recipients, args.actor.id, playDateNote(event, args)),
  )
  await createNotifications(tx, notes)
}

// The chat's notifications as CTEs of the prepared statement that sends the message (its
// placeholders: `chatNoteParameters`): each player `recipients` selects (one uuid column) who has
// no unread one for this chat yet, once `sent` (SQL) holds. The caller announces the players in
// `added` (announceAdded).
export function chatNoteInserts(recipients: SQL, sent: SQL) {
  const note = notePlaceholders('chat')
  return notificationInsertsTo(
    recipients,
    note,
    sql`${sent} and ${noUnreadChatNote(notePlaceholder(note, 'link'))}`,
  )
}

export const chatNoteParameters = (args: NoteArgs) => noteParameters('chat', playDateNote('message', args))

// Open pages of the PlayDate refetch it (chat, applications, status). Published through the
// transaction, so the event leaves only once the change commits.
export async function announce(tx: DbOrTx, playDateId: string, players: ReadonlyArray<string | null>) {
  const userIds = players.filter((p): p is string => Boolean(p))
  if (userIds.length > 0) await publishToUsers(tx, userIds, { type: 'playdate', topic: playDateId })
}
