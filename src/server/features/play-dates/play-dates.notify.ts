import { and, eq, inArray } from 'drizzle-orm'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import type { Tx } from '../../db/client'
import { notifications } from '../../db/schema'
import { publishToUsers } from '../../lib/realtime'
import { NEW_MESSAGE_TITLE } from '../../../domain/notifications/notification.schema'
import { createNotification } from '../notifications'

export type PlayDateEvent =
  'created' | 'applied' | 'appliedWithYou' | 'accepted' | 'declined' | 'withdrawn' | 'cancelled' | 'message'

const texts: Record<PlayDateEvent, { title: string; message: (name: string) => string }> = {
  created: { title: 'New PlayDate', message: (n) => `${n} created a PlayDate with you as partner` },
  applied: { title: 'New application', message: (n) => `${n} applied to your PlayDate` },
  // The partner an application names hears of it at once, and can withdraw it too.
  appliedWithYou: { title: 'Applied with you', message: (n) => `${n} applied with you to a PlayDate` },
  accepted: {
    title: 'Application accepted',
    message: (n) => `${n} accepted the application: you are matched`,
  },
  declined: { title: 'Application declined', message: (n) => `${n} declined the application` },
  withdrawn: { title: 'Application withdrawn', message: (n) => `${n} withdrew their application` },
  cancelled: { title: 'PlayDate cancelled', message: (n) => `${n} cancelled the PlayDate` },
  message: { title: NEW_MESSAGE_TITLE, message: (n) => `${n} sent a message about your PlayDate` },
}

interface NotifyArgs {
  playDateId: string
  actor: Pick<SessionUser, 'id' | 'firstName' | 'lastName'>
  recipients: string[]
  // Where the notification leads: the PlayDate, unless the recipients can no longer open it.
  link?: string
  // An application to answer from the notification itself.
  requestId?: string
}

// What the row offers: Accept or Decline an application; Open chat once matched, or for a message.
function actionOf(event: PlayDateEvent, playDateId: string, requestId: string | undefined) {
  if (event === 'applied' && requestId) return { kind: 'answer_application' as const, subjectId: requestId }
  if (event === 'accepted' || event === 'message')
    return { kind: 'open_chat' as const, subjectId: playDateId }
  return null
}

// For players whose application ended with the PlayDate closed to them (matched with another
// team, or cancelled): the PlayDate's page would only answer 'Not authorized to view this
// PlayDate', so their notification leads to the PlayDates they can still apply to.
export const AVAILABLE_PLAY_DATES_LINK = '/playdates?tab=available'

// Every PlayDate event notifies the other players involved (never the actor), with a link.
export async function notifyPlayDate(
  tx: Tx,
  event: PlayDateEvent,
  { playDateId, actor, recipients, link = `/playdates/${playDateId}`, requestId }: NotifyArgs,
) {
  let targets = [...new Set(recipients)].filter((id) => id !== actor.id)
  if (targets.length === 0) return
  const text = texts[event]
  if (event === 'message') {
    // One unread chat notification per PlayDate is enough: later messages don't pile up.
    const unread = await tx
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(
          inArray(notifications.userId, targets),
          eq(notifications.link, link),
          eq(notifications.title, text.title),
          eq(notifications.read, false),
        ),
      )
    const already = new Set(unread.map((u) => u.userId))
    targets = targets.filter((id) => !already.has(id))
    if (targets.length === 0) return
  }
  const name = `${actor.firstName} ${actor.lastName}`
  // Through the notifications service, so each player's badge follows live.
  for (const userId of targets) {
    await createNotification(tx, {
      userId,
      type: event === 'created' ? 'playdate_created' : 'other',
      title: text.title,
      message: text.message(name),
      link,
      actorId: actor.id,
      action: actionOf(event, playDateId, requestId),
    })
  }
}

// Open pages of the PlayDate refetch it (chat, applications, status). Published through the
// transaction, so the event leaves only once the change commits.
export async function announce(tx: Tx, playDateId: string, players: ReadonlyArray<string | null>) {
  const userIds = players.filter((p): p is string => Boolean(p))
  if (userIds.length > 0) await publishToUsers(tx, userIds, { type: 'playdate', topic: playDateId })
}
