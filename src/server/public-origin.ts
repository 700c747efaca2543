import type { Env } from './env'

// The origin links in emails and calendars point at: PUBLIC_URL, or this machine on its port
// in development. Never a request's Host, which the sender of a request chooses.
export const publicOrigin = (env: Pick<Env, 'PUBLIC_URL' | 'PORT'>) =>
  (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')
