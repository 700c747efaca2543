import { and, desc, eq, gt, ne, type SQL, sql } from 'drizzle-orm'
import { chatLink } from '../../../domain/notifications/notification.schema'
import type { DbOrTx } from '../../db/client'
import { type NoticeContext, type NoticeGame, noticeContext } from '../../db/notice-context'
import { heldForQuietHours } from '../../lib/held-notices'
import {
  chatReads,
  notificationPreferences,
  playDateMessages,
  playDateRequests,
  playDates,
  profiles,
} from '../../db/schema'
import type { DueJob, JobContext, ReadFirstJob } from '../../lib/jobs'
import { composeNoticeEmail, type NoticeEmailSettings } from '../notifications'

// The chat by email (docs/decisions/0139): messages are not emailed one by one. The first message
// a player has not read plans one email to them, 10 minutes later, with the latest lines; it is
// not sent if they have read the chat in the app meanwhile (chat_reads, marked when the app shows
// them the newest messages or they send one). The job's key names how far they had read: later
// messages of the same unread stretch find it planned and add nothing, so the stretch gives one
// email; once they read on, the next message plans the next.

export const CHAT_DIGEST_JOB = 'chat-digest'
export const CHAT_DIGEST_DELAY_MINUTES = 10
// The latest lines the email quotes.
export const CHAT_DIGEST_LINES = 5

// The digest jobs of the statement that sends a message (play-dates.chat.ts), over its CTEs
// `allowed` (the chat's members) and `inserted` (the message): one per other player who left chat
// emails on, due `now` (the app's clock) plus 10 minutes.
export function chatDigestJobs(playDateId: SQL, sender: SQL, now: SQL) {
  return sql`
    insert into jobs (kind, key, run_at, payload, owner_id)
    select ${CHAT_DIGEST_JOB},
      'chat-digest:' || ${playDateId} || ':' || m.id || ':'
        || coalesce((extract(epoch from cr.read_up_to) * 1000000)::bigint::text, 'unread'),
      ${now} + make_interval(mins => ${CHAT_DIGEST_DELAY_MINUTES}),
      json_build_object('playDateId', ${playDateId}, 'userId', m.id, 'since', cr.read_up_to), m.id
    from allowed cross join lateral unnest(allowed.members) as m (id)
      left join ${chatReads} cr on cr.play_date_id = ${playDateId} and cr.profile_id = m.id
    where m.id <> ${sender} and exists (select 1 from inserted)
      and not exists (select 1 from ${notificationPreferences} np
        where np.profile_id = m.id and np.kind = 'messages' and not np.email)
    on conflict (key) do nothing`
}

interface DigestPayload {
  playDateId: string
  userId: string
  // How far the player had read when the job was planned (null: never).
  since: string | null
}

// Whether the player is still one of the game's players (both teams, the responding one from its
// accepted request), as the chat's members are counted (play-dates.chat.ts).
async function isPlayerOf(db: DbOrTx, playDateId: string, userId: string) {
  const [row] = await db
    .select({ id: playDates.id })
    .from(playDates)
    .where(
      and(
        eq(playDates.id, playDateId),
        sql`(${userId}::uuid in (${playDates.creatorId}, ${playDates.partnerId}) or exists (
          select 1 from ${playDateRequests} r where r.play_date_id = ${playDates.id}
            and r.status = 'accepted' and ${userId}::uuid in (r.requester_id, r.requester_partner_id)))`,
      ),
    )
  return row !== undefined
}

// What the digest says, read before its job's transaction (docs/decisions/0234). Undefined when
// there is nothing to send: chat emails off, the chat read on in the app since, the game no longer
// matched or played, the player no longer one of its players, no unread line.
type DigestRead =
  | {
      context: NoticeContext & { game: NoticeGame }
      lines: Array<{ firstName: string; content: string }>
      total: number
    }
  | undefined

async function readDigest(db: DbOrTx, job: DueJob): Promise<DigestRead> {
  const { playDateId, userId, since } = job.payload as DigestPayload
  const context = await noticeContext(db, { userId, kind: 'messages', channel: 'email', playDateId })
  if (!context?.wants) return undefined
  // Read on in the app since: nothing to tell.
  const [readSince] = await db
    .select({ at: chatReads.readUpTo })
    .from(chatReads)
    .where(
      and(
        eq(chatReads.playDateId, playDateId),
        eq(chatReads.profileId, userId),
        sql`${chatReads.readUpTo} is distinct from ${since}::timestamptz`,
      ),
    )
  if (readSince) return undefined
  const { game } = context
  if (!game || (game.status !== 'matched' && game.status !== 'completed')) return undefined
  // Dropped out of the game since: its chat is no longer theirs to read.
  if (!(await isPlayerOf(db, playDateId, userId))) return undefined
  const unread = and(
    eq(playDateMessages.playDateId, playDateId),
    ne(playDateMessages.userId, userId),
    since ? gt(playDateMessages.createdAt, sql`${since}::timestamptz`) : undefined,
  )
  const lines = await db
    .select({ firstName: profiles.firstName, content: playDateMessages.content })
    .from(playDateMessages)
    .innerJoin(profiles, eq(profiles.id, playDateMessages.userId))
    .where(unread)
    .orderBy(desc(playDateMessages.createdAt), desc(playDateMessages.id))
    .limit(CHAT_DIGEST_LINES)
  if (lines.length === 0) return undefined
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(playDateMessages)
    .where(unread)
  return { context: { ...context, game }, lines, total: count?.n ?? lines.length }
}

async function sendDigest({ tx, job, now }: JobContext, settings: NoticeEmailSettings, read: DigestRead) {
  if (!read) return
  const { playDateId } = job.payload as DigestPayload
  const { context, lines, total } = read
  // Chat messages are not urgent at night (URGENT_AT_NIGHT): the game's start holds nothing back.
  if (await heldForQuietHours(tx, job, 'messages', context, now)) return
  const { game, recipient: to } = context
  const quoted = [...lines].reverse().map((line) => `${line.firstName}: ${line.content}`)
  const intro =
    total === 1
      ? 'You have 1 unread message in the chat of your PlayDate.'
      : `You have ${total} unread messages in the chat of your PlayDate.`
  const paragraphs = [
    intro,
    `The game: ${game.label}.`,
    total > lines.length ? `The latest ${lines.length}:` : 'The messages:',
    ...quoted,
  ]
  await settings.mailer.send(
    composeNoticeEmail(settings, {
      to,
      kind: 'messages',
      subject: `New messages: ${game.label}`,
      heading: 'New messages',
      paragraphs,
      action: { label: 'Open the chat', path: chatLink(playDateId) },
    }),
    tx,
  )
}

export const chatDigestJobHandler = (settings: NoticeEmailSettings): ReadFirstJob<DigestRead> => ({
  read: readDigest,
  run: (context, read) => sendDigest(context, settings, read),
})
