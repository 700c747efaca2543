import type { AppDeps } from './app-env'
import type { Db } from './db/client'
import { seriesJobs } from './features/groups'
import { noticeEmailJobs } from './features/notifications'
import { playDateJobs } from './features/play-dates'
import { enqueueHomeAreaBackfill, homeAreaJobs } from './features/profiles'
import { pushJobs } from './features/push'
import { publicOrigin } from './public-origin'

// Every kind of background job the app runs, with the parts each needs.
export const jobHandlers = (deps: AppDeps) => {
  const mail = {
    mailer: deps.mailer,
    productName: deps.env.PRODUCT_NAME,
    origin: publicOrigin(deps.env),
    signingKey: deps.refereeKey,
  }
  return {
    ...playDateJobs(mail),
    ...noticeEmailJobs(mail),
    ...pushJobs(deps.vapid),
    ...seriesJobs(),
    ...homeAreaJobs(),
  }
}

// What every start enqueues: a database's one-time work, run once whatever the number of starts
// and instances (lib/jobs.ts, onceKey).
export async function enqueueStartJobs(db: Db, now: Date) {
  await enqueueHomeAreaBackfill(db, now)
}
