import { randomBytes } from 'node:crypto'
import type { AppDeps } from './app-env'
import type { Database } from './db/client'
import type { Env } from './env'
import { type Clock, systemClock } from './lib/clock'
import { DatabaseOutages } from './lib/db-outage'
import { HEALTH_WRITE_SQL } from './lib/health-write'
import { createLlmFromEnv } from './lib/llm'
import type { Logger } from './lib/logger'
import { createMailer, type Mailer } from './lib/mail'
import { RealtimeHub } from './lib/realtime'
import { createTtlCache } from './lib/ttl-cache'
import type { VapidKeys } from './lib/vapid-keys'

// The parts of the app that touch the outside world (database, mailer, event hub, clock, model
// client), put together once: by main.ts with the real ones, by a test with its own (a recording mailer, a fake clock). Each part is built here
// and handed down; nothing looks one up later.
export function buildDeps(parts: {
  database: Database
  env: Env
  logger: Logger
  mailer?: Mailer | undefined
  clock?: Clock | undefined
  // main.ts passes the configured or kept key; elsewhere (tests, tools) a fresh one is enough.
  refereeKey?: Buffer | undefined
  webRoot?: string | undefined
  vapid?: VapidKeys | undefined
}): AppDeps {
  const { database, env, logger } = parts
  const clock = parts.clock ?? systemClock
  return {
    database,
    env,
    logger,
    clock,
    mailer: parts.mailer ?? createMailer({ db: database.db, env, logger }),
    // One hub per server instance: one LISTEN, fan-out to this instance's streams. It reads the
    // app's clock, which dates the answers a page's `since` is read from (app.ts).
    realtime: new RealtimeHub(database, logger, () => clock.now().getTime()),
    llm: createLlmFromEnv(env),
    refereeKey: parts.refereeKey ?? randomBytes(32),
    webRoot: parts.webRoot,
    vapid: parts.vapid,
    cache: createTtlCache(() => clock.now()),
    status: {
      stopping: false,
      // Over once a write commits again.
      outages: new DatabaseOutages(logger, () => database.db.execute(HEALTH_WRITE_SQL)),
    },
  }
}
