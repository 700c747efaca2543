import type { SessionUser } from '../domain/profiles/profile.schema'
import type { Context } from 'hono'
import type { Database, Db } from './db/client'
import type { Env } from './env'
import type { Clock } from './lib/clock'
import type { LlmClient } from './lib/llm'
import type { Logger } from './lib/logger'
import type { Mailer } from './lib/mail'
import type { RealtimeHub } from './lib/realtime'
import type { ServiceStatus } from './lib/service-status'
import type { TtlCache } from './lib/ttl-cache'
import type { VapidKeys } from './lib/vapid-keys'

export interface AppDeps {
  database: Database
  env: Env
  logger: Logger
  // Outgoing mail: SMTP or the outbox, from the settings (tests may pass their own).
  mailer: Mailer
  // This instance's live event streams.
  realtime: RealtimeHub
  clock: Clock
  // The referee's language model; absent without one configured (rulebook-only answers).
  llm: LlmClient | undefined
  // Signs the referee's answers (lib/signing-key.ts).
  refereeKey: Buffer
  // Signs Web Push messages; absent when push is off (lib/vapid-keys.ts).
  vapid?: VapidKeys | undefined
  // Values this instance keeps for a while (what steers a query plan).
  cache: TtlCache
  // What this instance reports on /api/health beyond its database (lib/service-status.ts).
  status: ServiceStatus
  // Directory of the built web app; absent in route tests.
  webRoot?: string | undefined
}

// The session a request's cookie names (features/auth/sessions.ts resolves it).
export interface ResolvedSession {
  user: SessionUser
  isPaused: boolean
  tokenHash: string
  expiresAt: Date
  // When it ends unless used again: its expiry, or its absolute end if sooner.
  endsAt: Date
  renewed: boolean
}

export interface AppEnv {
  Variables: {
    deps: AppDeps
    db: Db
    // The request's own logger: use requestLog(c), which makes it when first needed.
    log: Logger | undefined
    requestId: string
    // The headers every response carries (middleware/response-headers.ts), for a response
    // written outside the middleware's reach (an event stream).
    commonHeaders: ReadonlyArray<readonly [string, string]>
    // Set by loadSession when the cookie names a live session.
    session: ResolvedSession | undefined
    // Set by requireUser / requireAdmin.
    user: SessionUser
  }
}

// A request's logger for work that outlives the request (an event stream), made at its first use
// from the two parts it needs: the work holds no reference to the request's context.
export function logMadeOnDemand(logger: Logger, requestId: string): () => Logger {
  let log: Logger | undefined
  return () => (log ??= logger.child({ requestId }))
}

// A logger whose lines carry the request id, made on first use: most requests log nothing but
// the request line, which the app writes itself.
export function requestLog(c: Context<AppEnv>): Logger {
  let log = c.get('log')
  if (!log) {
    log = c.get('deps').logger.child({ requestId: c.get('requestId') })
    c.set('log', log)
  }
  return log
}
