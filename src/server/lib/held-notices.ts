import type { NotificationKind, QuietHoursSettings } from '../../domain/notifications/preferences.schema'
import type { DbOrTx } from '../db/client'
import { noticeDeliveryTime } from '../db/notice-context'
import { enqueueJob, type JobRow } from './jobs'

// Held until the player's quiet hours end: the same job again, under a key of its own, due then.
// False when it may leave now.
export async function heldForQuietHours(
  tx: DbOrTx,
  job: JobRow,
  notice: {
    userId: string
    kind: NotificationKind | null
    gameStart: Date | null | undefined
    // The player's, read with the rest of what the notice needs (noticeContext).
    quietHours: QuietHoursSettings
  },
  now: Date,
): Promise<boolean> {
  if ((job.payload as { held?: boolean }).held) return false
  const { userId } = notice
  const at = noticeDeliveryTime(notice.quietHours, notice.kind, notice.gameStart, now)
  if (at.getTime() <= now.getTime()) return false
  await enqueueJob(tx, {
    kind: job.kind,
    key: `${job.key}:held`,
    runAt: at,
    payload: { ...(job.payload as Record<string, unknown>), held: true },
    ownerId: userId,
  })
  return true
}
