import type { Db } from '../db/client'
import type { Clock } from './clock'
import { type JobHandlers, runDueJobs } from './jobs'
import type { Logger } from './logger'

// Runs due jobs every few seconds (lib/jobs.ts takes each one once, whatever the number of
// instances). One turn at a time per instance; a turn that fails is logged and the next one
// tries again. A turn takes at most JOB_TURN_LIMIT jobs, one after another; one that took as
// many leaves more waiting, so the next starts soon, not a whole interval later: a busy hour's
// notices (an email each) must not pile up at 50 every 15 s, each later than the last.
//
// How soon (`catchUp`): on a PostgreSQL server, after a pause as long as that turn took (at
// least JOB_CATCH_UP_MIN_MS), so a backlog has about half of one of the pool's connections, as
// long as it lasts (docs/decisions/0230). On the embedded database, a second later: its one
// session is every request's, and a backlog's jobs must not take it from the players' requests
// for as long as the backlog lasts.
export const JOB_TURN_MS = 15_000
export const JOB_TURN_LIMIT = 50
export const JOB_CATCH_UP_MS = 1_000
export const JOB_CATCH_UP_MIN_MS = 50

export interface JobRunner {
  // Runs a turn now (after the one under way, if any); resolves to how many jobs were taken.
  runNow(): Promise<number>
  // Stops the timer and waits for a turn under way, so the database can close after it.
  stop(): Promise<void>
}

export function startJobRunner(options: {
  db: Db
  handlers: JobHandlers
  clock: Clock
  logger: Logger
  turnMs?: number
  // The pause after a turn that took its limit: a number of ms, or 'paced' (as long as the turn).
  catchUp?: number | 'paced'
}): JobRunner {
  const { db, handlers, clock, logger } = options
  const pace = options.catchUp ?? JOB_CATCH_UP_MS
  const pauseAfter = (took: number) => (pace === 'paced' ? Math.max(JOB_CATCH_UP_MIN_MS, took) : pace)
  let running: Promise<number> = Promise.resolve(0)
  let stopped = false

  // The turn that follows one that took its limit, once planned.
  let catchUp: NodeJS.Timeout | undefined
  const turn = (): Promise<number> => {
    running = running.then(async () => {
      if (stopped) return 0
      try {
        const started = performance.now()
        const taken = await runDueJobs(db, handlers, clock.now(), JOB_TURN_LIMIT)
        const took = performance.now() - started
        if (taken > 0) logger.info({ taken }, 'jobs run')
        if (taken >= JOB_TURN_LIMIT && !catchUp && !stopped) {
          catchUp = setTimeout(() => {
            catchUp = undefined
            void turn()
          }, pauseAfter(took))
          catchUp.unref()
        }
        return taken
      } catch (err) {
        logger.error({ err }, 'job turn failed')
        return 0
      }
    })
    return running
  }

  const timer = setInterval(() => void turn(), options.turnMs ?? JOB_TURN_MS)
  timer.unref()
  return {
    runNow: turn,
    async stop() {
      stopped = true
      clearInterval(timer)
      clearTimeout(catchUp)
      await running
    },
  }
}
