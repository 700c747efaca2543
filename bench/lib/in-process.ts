import { createApp } from '../../src/server/app'
import { buildDeps } from '../../src/server/deps'
import { type Database, openPostgres } from '../../src/server/db/client'
import { parseEnv } from '../../src/server/env'
import { createLogger } from '../../src/server/lib/logger'
import { BENCH_PASSWORD } from '../dataset/dataset'

export const IN_PROCESS_ORIGIN = 'http://localhost'

export interface InProcessApp {
  database: Database
  request: (path: string, init?: { method?: string; cookie?: string; body?: unknown }) => Promise<Response>
  signIn: (email: string) => Promise<string>
  close: () => Promise<void>
}

// The app itself inside the benchmark process (no socket): for signing in, recording the SQL of
// each call and checking answers, on the same database the server uses.
export async function openInProcessApp(
  target: { databaseUrl: string; poolSize: number } | { database: Database },
): Promise<InProcessApp> {
  const database =
    'database' in target ? target.database : await openPostgres(target.databaseUrl, target.poolSize)
  const env = parseEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    RATE_LIMIT_FACTOR: '0',
    PUBLIC_URL: IN_PROCESS_ORIGIN,
  })
  const app = createApp(buildDeps({ database, env, logger: createLogger(env) }))
  const request: InProcessApp['request'] = (path, init = {}) =>
    Promise.resolve(
      app.request(`${IN_PROCESS_ORIGIN}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          origin: IN_PROCESS_ORIGIN,
          ...(init.cookie ? { cookie: init.cookie } : {}),
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      }),
    )
  return {
    database,
    request,
    async signIn(email) {
      const response = await request('/api/auth/sign-in', {
        method: 'POST',
        body: { email, password: BENCH_PASSWORD },
      })
      if (!response.ok)
        throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`)
      const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]!)
      if (cookies.length === 0) throw new Error(`sign-in of ${email} set no cookie`)
      return cookies.join('; ')
    },
    // A database given belongs to its opener: only one opened here is closed here.
    close: () => ('database' in target ? Promise.resolve() : database.close()),
  }
}
