import type { NotificationKind } from '../../domain/notifications/preferences.schema'
import type { Tx } from '../db/client'
import { type NoticeContext, noticeDeliveryTime } from '../db/notice-context'
import { type JobRow, runAgainAt } from './jobs'

// Held until the player's quiet hours end: the same job, due again then (marked held, so it leaves
// then whatever the hour). False when it may leave now.
export async function heldForQuietHours(
  tx: Tx,
  job: JobRow,
  kind: NotificationKind | null,
  // The player's quiet hours and the game, read with the rest of what the notice needs.
  context: Pick<NoticeContext, 'recipient' | 'quietHours' | 'game'>,
  now: Date,
): Promise<boolean> {
  if ((job.payload as { held?: boolean }).held) return false
  const at = noticeDeliveryTime(context.quietHours, kind, context.game?.startsAt, now)
  if (at.getTime() <= now.getTime()) return false
  await runAgainAt(tx, job, at, { ...(job.payload as Record<string, unknown>), held: true })
  return true
}
