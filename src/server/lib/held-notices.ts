import type { NotificationKind } from '../../domain/notifications/preferences.schema'
import type { DbOrTx } from '../db/client'
import { type NoticeContext, noticeDeliveryTime } from '../db/notice-context'
import { enqueueJob, type JobRow } from './jobs'

// Held until the player's quiet hours end: the same job again, under a key of its own, due then.
// False when it may leave now.
export async function heldForQuietHours(
  tx: DbOrTx,
  job: JobRow,
  kind: NotificationKind | null,
  // The player's quiet hours and the game, read with the rest of what the notice needs.
  context: Pick<NoticeContext, 'recipient' | 'quietHours' | 'game'>,
  now: Date,
): Promise<boolean> {
  if ((job.payload as { held?: boolean }).held) return false
  const at = noticeDeliveryTime(context.quietHours, kind, context.game?.startsAt, now)
  if (at.getTime() <= now.getTime()) return false
  await enqueueJob(tx, {
    kind: job.kind,
    key: `${job.key}:held`,
    runAt: at,
    payload: { ...(job.payload as Record<string, unknown>), held: true },
    ownerId: context.recipient.id,
  })
  return true
}
