import pino from 'pino'
import type { Env } from '../env'

export type Logger = pino.Logger

export function createLogger(env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  return pino({
    level: env.NODE_ENV === 'test' ? 'silent' : env.LOG_LEVEL,
    base: undefined,
    redact: { paths: ['req.headers.cookie', 'password', '*.password', 'token'], remove: true },
  })
}
