import { createHmac, timingSafeEqual } from 'node:crypto'
import {
  type NotificationKind,
  notificationKindEmailName,
  notificationKinds,
} from '../../../domain/notifications/preferences.schema'
import type { DbOrTx } from '../../db/client'
import { type NoticeContext, noticeContext } from '../../db/notice-context'
import { heldForQuietHours } from '../../lib/held-notices'
import { emailLayout } from '../../lib/email-layout'
import type { DueJob, JobContext, JobHandlers, ReadFirstJob } from '../../lib/jobs'
import type { Mailer, MailMessage } from '../../lib/mail'
import { NOTICE_EMAIL_JOB } from '../../db/queries/notice-inserts'

// Notices by email (docs/decisions/0139): each notice of a kind the player left email on for is
// one job, made in the statement that adds the notice, that writes the email to the outbox in its
// turn's transaction (the mailer sends it once that commits, never holding it). The job's key is the
// notice's id: one email per notice. During the player's quiet hours it waits, in a job of its
// own, for their end.

export interface NoticeEmailSettings {
  mailer: Mailer
  productName: string
  // The app's public origin, for the links in the email.
  origin: string
  // Signs the unsubscribe links (the server's key; see `unsubscribeToken`).
  signingKey: Buffer
}

// Where the player's notification settings are.
export const NOTIFICATION_SETTINGS_PATH = '/profile#notifications'
export const UNSUBSCRIBE_PATH = '/email/unsubscribe'

// An unsubscribe link's token names the player and the kind, signed (HMAC-SHA256) with a key
// derived from the server's signing key for this one purpose, so it cannot be made for another
// player or kind, nor stand for a referee answer's signature.
const unsubscribeKey = (key: Buffer) => createHmac('sha256', key).update('email-unsubscribe').digest()

const mac = (key: Buffer, body: string) =>
  createHmac('sha256', unsubscribeKey(key)).update(body).digest('base64url')

export function unsubscribeToken(key: Buffer, userId: string, kind: NotificationKind): string {
  const body = Buffer.from(JSON.stringify([userId, kind])).toString('base64url')
  return `${body}.${mac(key, body)}`
}

// The player and kind a token names, if its signature holds.
export function readUnsubscribeToken(
  key: Buffer,
  token: string,
): { userId: string; kind: NotificationKind } | null {
  const [body, signature, ...rest] = token.split('.')
  if (!body || !signature || rest.length > 0) return null
  const expected = Buffer.from(mac(key, body))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  try {
    const [userId, kind] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown[]
    if (typeof userId !== 'string' || !notificationKinds.includes(kind as NotificationKind)) return null
    return { userId, kind: kind as NotificationKind }
  } catch {
    return null
  }
}

export interface NoticeEmail {
  to: { id: string; email: string; firstName: string }
  kind: NotificationKind
  subject: string
  heading: string
  paragraphs: string[]
  action: { label: string; path: string }
}

// Every notice email: a plain-text part, the HTML one, a footer with the player's notification
// settings and a one-click link turning this kind of email off, also as List-Unsubscribe (with
// List-Unsubscribe-Post for mail apps that unsubscribe in one click, RFC 8058).
export function composeNoticeEmail(settings: NoticeEmailSettings, email: NoticeEmail): MailMessage {
  const url = `${settings.origin}${email.action.path}`
  const settingsUrl = `${settings.origin}${NOTIFICATION_SETTINGS_PATH}`
  const unsubscribeUrl = `${settings.origin}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(settings.signingKey, email.to.id, email.kind)}`
  const name = notificationKindEmailName[email.kind]
  const note = `You get this email because ${name} emails are on in your ${settings.productName} settings.`
  const text = [
    `Hi ${email.to.firstName},`,
    ...email.paragraphs,
    `${email.action.label}: ${url}`,
    '--',
    note,
    `Notification settings: ${settingsUrl}`,
    `Turn off ${name} emails: ${unsubscribeUrl}`,
  ].join('\n\n')
  return {
    to: email.to.email,
    subject: email.subject,
    text: `${text}\n`,
    html: emailLayout(
      settings.productName,
      email.heading,
      [`Hi ${email.to.firstName},`, ...email.paragraphs],
      { label: email.action.label, url },
      undefined,
      {
        note,
        links: [
          { label: 'Notification settings', url: settingsUrl },
          { label: `Turn off ${name} emails`, url: unsubscribeUrl },
        ],
      },
    ),
    links: [url, settingsUrl, unsubscribeUrl],
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

interface NoticeEmailPayload {
  notificationId: string
  notice: {
    userId: string
    title: string
    message: string
    link: string | null
    kind: NotificationKind
    playDateId: string | null
    action?: string | null
    subjectId?: string | null
  }
  held?: boolean
}

// What the email's button asks the player to do, from what the notice offers and where it leads.
export function noticeActionLabel(
  notice: { link: string | null; action?: string | null },
  productName: string,
): string {
  if (notice.action === 'answer_connection') return 'Answer the request'
  if (notice.action === 'answer_application') return 'Answer the application'
  if (notice.action === 'take_spot') return 'Take the spot'
  const link = notice.link ?? ''
  if (link.startsWith('/playdates/') && link.endsWith('#game-result')) return 'Open the result'
  if (link.startsWith('/playdates/')) return 'Open the PlayDate'
  if (link.startsWith('/playdates?')) return 'Find another PlayDate'
  if (link.startsWith('/profile/')) return 'See their profile'
  if (link.startsWith('/groups/')) return 'Open the group'
  return `Open ${productName}`
}

// What the email says, read before the job's transaction (docs/decisions/0234): its statement
// then holds no connection of the turn's.
const readContext = (db: DbOrTx, job: DueJob) => {
  const { notice } = job.payload as NoticeEmailPayload
  return noticeContext(db, { ...notice, channel: 'email' })
}

async function sendNoticeEmail(
  { tx, job, now }: JobContext,
  settings: NoticeEmailSettings,
  context: NoticeContext | undefined,
) {
  const { notice } = job.payload as NoticeEmailPayload
  // Switched off since the notice, or the player is gone: nothing.
  if (!context?.wants) return
  // An offer taken, declined or timed out, or a request answered or cancelled, while its email
  // waited: nothing to say any more.
  if (context.stale) return
  if (await heldForQuietHours(tx, job, notice.kind, context, now)) return
  const { game, recipient: to } = context
  const paragraphs = [notice.message]
  if (game) paragraphs.push(`The game: ${game.label}.`)
  const message = composeNoticeEmail(settings, {
    to,
    kind: notice.kind,
    subject: game ? `${notice.title}: ${game.label}` : notice.title,
    heading: notice.title,
    paragraphs,
    action: {
      label: noticeActionLabel(notice, settings.productName),
      path: notice.link ?? '/notifications',
    },
  })
  await settings.mailer.send(message, tx)
}

export function noticeEmailJobs(settings: NoticeEmailSettings): JobHandlers {
  const job: ReadFirstJob<NoticeContext | undefined> = {
    read: readContext,
    run: (context, read) => sendNoticeEmail(context, settings, read),
  }
  return { [NOTICE_EMAIL_JOB]: job }
}
