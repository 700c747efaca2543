import { TZDate } from '@date-fns/tz'
import { NOTICE_EMAIL_JOB } from '../db/queries/notice-inserts'
import { jobHandlers } from '../jobs'
import { runDueJobs } from '../lib/jobs'
import type { TestApp } from './test-app'

// Noon in Phoenix (a player's default zone) on the day after `now`: outside every default quiet
// hours, and after any job made by now, so a test's emails do not depend on the hour it runs at.
export function nextNoonInPhoenix(now: Date): Date {
  const local = new TZDate(now.getTime(), 'America/Phoenix')
  const noon = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + 1,
    12,
    0,
    0,
    'America/Phoenix',
  )
  return new Date(noon.getTime())
}

// Runs the notice emails due at `at` (by default the next noon) and nothing else.
export function runNoticeEmails(t: TestApp, at: Date = nextNoonInPhoenix(t.clock.now())) {
  const handler = jobHandlers(t.deps)[NOTICE_EMAIL_JOB]!
  return runDueJobs(t.db, { [NOTICE_EMAIL_JOB]: handler }, at)
}
