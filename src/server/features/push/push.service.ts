import { and, desc, eq, notInArray, sql } from 'drizzle-orm'
import webpush from 'web-push'
import { AppError } from '../../../domain/errors'
import { PUSH_MESSAGES, type PushPayload, type PushSubscriptionInput } from '../../../domain/push/push.schema'
import type { Db, DbOrTx, Tx } from '../../db/client'
import { type NoticeContext, noticeContext } from '../../db/notice-context'
import { heldForQuietHours } from '../../lib/held-notices'
import { PUSH_JOB } from '../../db/queries'
import { notifications, profiles, pushSubscriptions } from '../../db/schema'
import { playDateIdOfPage } from '../../../domain/play-dates/play-date.constants'
import { NEW_MESSAGE_TITLE } from '../../../domain/notifications/notification.schema'
import type { NotificationKind } from '../../../domain/notifications/preferences.schema'
import type { DueJob, JobHandlers, JobRow, OutsideCall, ReadFirstJob } from '../../lib/jobs'
import type { VapidKeys } from '../../lib/vapid-keys'

// Web Push (docs/decisions/0091-web-push.md): each notice of a kind a player left push on for goes
// to every device they turned push on for, through the jobs table, so N instances send it once
// (docs/decisions/0139: switches per kind, quiet hours, the game named).

// How long a push service keeps a push for a device that is off: a reminder 2 h ahead is stale
// after that.
const PUSH_TTL_SECONDS = 2 * 60 * 60
// Each send gives up after this long (and is tried again later, backing off): the call holds no
// transaction (lib/jobs.ts), but the job runner takes jobs one after another.
export const SEND_TIMEOUT_MS = 5_000
// A player keeps push on at most this many devices; turning it on on one more forgets the one
// that turned it on longest ago.
export const DEVICES_PER_PLAYER = 10
// The push services of the browsers players use, by exact host: a subscription must name one of
// them, over https on port 443, so the server never posts to an address a caller chose (an
// internal host, a storage bucket under googleapis.com). Microsoft's service gives each device a
// host of its own under notify.windows.com. In every mode; a local push service for tests is
// named by PUSH_TEST_SERVER (refused in production).
const PUSH_SERVICE_HOSTS = new Set([
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
])
const WNS_HOST = /^[a-z0-9-]+\.notify\.windows\.com$/
export function isPushService(endpoint: string, testServer?: string): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  if (testServer && url.origin === new URL(testServer).origin) return true
  // URL drops https' default port: an empty port is 443.
  if (url.protocol !== 'https:' || url.port !== '') return false
  return PUSH_SERVICE_HOSTS.has(url.hostname) || WNS_HOST.test(url.hostname)
}
// A device turns push on: its subscription is kept for the player (a device that changed player
// is moved to the new one), and the player's devices beyond DEVICES_PER_PLAYER are forgotten,
// oldest first. The player's row is locked first, so two devices turning push on at once count
// each other.
export async function subscribe(db: Db, userId: string, input: PushSubscriptionInput, testServer?: string) {
  if (!isPushService(input.endpoint, testServer))
    throw new AppError('invalid', PUSH_MESSAGES.notAPushService, { endpoint: PUSH_MESSAGES.notAPushService })
  await db.transaction(async (tx) => {
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for('update')
    await tx
      .insert(pushSubscriptions)
      .values({
        profileId: userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { profileId: userId, p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: sql`now()` },
      })
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.profileId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(DEVICES_PER_PLAYER)
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.profileId, userId), notInArray(pushSubscriptions.id, kept)))
  })
}
// A device turns push off (only the player's own subscription).
export async function unsubscribe(db: Db, userId: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.profileId, userId)))
}

// The PlayDate a link leads to (a notification from before notices named their game).
const playDateIdOfLink = (link: string | null) =>
  link ? (playDateIdOfPage(link.split(/[?#]/, 1)[0]!) ?? null) : null

interface PushNotice {
  userId: string
  title: string
  message: string
  link: string | null
  kind: NotificationKind | null
  playDateId: string | null
  action?: string | null
  subjectId?: string | null
}

interface PushJobPayload {
  subscriptionId: string
  notificationId: string
  // Absent in jobs made before notices carried their words: the notification is read instead.
  inApp?: boolean
  notice?: PushNotice
}

// What the push says: the notice as the app kept it, or as the job carries it when the player
// keeps no copy in the app. Dismissed in the app since: nothing.
async function noticeOf(db: DbOrTx, payload: PushJobPayload): Promise<PushNotice | undefined> {
  if (payload.notice && payload.inApp === false) return payload.notice
  const [row] = await db.select().from(notifications).where(eq(notifications.id, payload.notificationId))
  if (!row) return undefined
  return {
    userId: row.userId,
    title: row.title,
    message: row.message,
    link: row.link,
    kind: row.kind,
    playDateId: row.playDateId ?? payload.notice?.playDateId ?? null,
    action: row.action,
    subjectId: row.subjectId,
  }
}

type Subscription = typeof pushSubscriptions.$inferSelect

// What a push needs, read before the job's transaction (docs/decisions/0234): where to send it,
// what it says and whether it may leave. Undefined when there is nothing to send: push turned off,
// the device unsubscribed, the notice dismissed, switched off or no longer standing.
async function readPush(
  db: DbOrTx,
  job: DueJob,
): Promise<{ subscription: Subscription; notice: PushNotice; context: NoticeContext } | undefined> {
  const payload = job.payload as PushJobPayload
  const [subscription] = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, payload.subscriptionId))
  const notice = await noticeOf(db, payload)
  if (!subscription || !notice) return undefined
  const context = await noticeContext(db, {
    ...notice,
    playDateId: notice.playDateId ?? playDateIdOfLink(notice.link),
    channel: 'push',
  })
  if (!context?.wants || context.stale) return undefined
  return { subscription, notice, context }
}

// In the job's transaction, with what was read: the push waits for the end of the player's quiet
// hours in a job of its own, or its send is the outside call the job returns, made once the claim
// has committed; its outcome is written in a new transaction.
async function prepareSend(
  tx: Tx,
  keys: VapidKeys,
  job: JobRow,
  now: Date,
  { subscription, notice, context }: NonNullable<Awaited<ReturnType<typeof readPush>>>,
): Promise<OutsideCall | undefined> {
  const payload = job.payload as PushJobPayload
  if (await heldForQuietHours(tx, job, notice.kind, context, now)) return undefined
  const { game } = context
  const message: PushPayload = {
    title: notice.title,
    // A phone's lock screen is all the player may read: the game is named there too.
    body: game ? `${notice.message} · ${game.label}` : notice.message,
    url: notice.link ?? '/notifications',
    tag: payload.notificationId,
    ...(notice.title === NEW_MESSAGE_TITLE ? { quietWhileOpen: true } : {}),
  }
  // The request web-push builds (VAPID header, aes128gcm body), sent with the platform's fetch.
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(message),
    {
      vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    },
  )
  return async () => {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      // A push service answers; it never sends the server elsewhere.
      redirect: 'error',
    })
    await response.body?.cancel()
    if (response.ok)
      return async (tx: Tx) => {
        await tx
          .update(pushSubscriptions)
          .set({ lastSentAt: now })
          .where(eq(pushSubscriptions.id, subscription.id))
      }
    // The push service forgot the device (unsubscribed, expired): so do we.
    if (response.status === 404 || response.status === 410)
      return async (tx: Tx) => {
        await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id))
      }
    // Anything else is tried again by the jobs table (1, 2, 4, 8 minutes).
    throw new Error(`the push service answered ${response.status}`)
  }
}

export function pushJobs(keys: VapidKeys | undefined): JobHandlers {
  const job: ReadFirstJob<Awaited<ReturnType<typeof readPush>>> = {
    // Push turned off since the job was made (no keys): nothing can be sent, nothing to read.
    read: (db, job) => (keys ? readPush(db, job) : Promise.resolve(undefined)),
    run: async ({ tx, job, now }, read) => (keys && read ? prepareSend(tx, keys, job, now, read) : undefined),
  }
  return { [PUSH_JOB]: job }
}
