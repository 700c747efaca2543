import pino from 'pino'
import type { Env } from '../env'

export type Logger = pino.Logger

// Log lines gather in memory and leave in writes of about this size, or after FLUSH_MS at the
// latest; what is still buffered is written out when the process exits. A write per line cost
// more than the rest of the work of a small request.
const BATCH_BYTES = 4096
const FLUSH_MS = 250

export function createLogger(env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  const level = env.NODE_ENV === 'test' ? 'silent' : env.LOG_LEVEL
  if (level === 'silent') return pino({ level })
  const destination = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES })
  setInterval(() => {
    // A write may still be under way: the buffer then leaves with the next tick.
    try {
      destination.flush()
    } catch {
      // nothing to flush yet
    }
  }, FLUSH_MS).unref()
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: ['req.headers.cookie', 'password', '*.password', 'token'], remove: true },
    },
    destination,
  )
}
