import type { SessionUser } from '../domain/profiles/profile.schema'
import type { Database, Db } from './db/client'
import type { Env } from './env'
import type { ResolvedSession } from './features/auth/sessions'
import type { Logger } from './lib/logger'
import type { Mailer } from './lib/mail'

export interface AppDeps {
  database: Database
  env: Env
  logger: Logger
  // Outgoing mail; built from the settings when absent (tests may pass their own).
  mailer?: Mailer | undefined
  // Directory of the built web app; absent in route tests.
  webRoot?: string | undefined
}

export interface AppEnv {
  Variables: {
    deps: AppDeps
    db: Db
    log: Logger
    requestId: string
    // Set by loadSession when the cookie names a live session.
    session: ResolvedSession | undefined
    // Set by requireUser / requireAdmin.
    user: SessionUser
  }
}
