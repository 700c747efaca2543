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

export interface RequestLine {
  requestId: string
  method: string
  path: string
  status: number
  ms: number
}

// The request log: one line per API call, in the logger's own format and through its destination
// ({"level":30,"time":…,"requestId":…,"method":…,"path":…,"status":…,"ms":…,"msg":"request"}).
// It is the one line every request writes, so it is put together here instead of through the
// logger's generic path (serializers, redaction, key checks), which cost several times as much
// as the rest of a small request's logging (docs/decisions/0040-performance-at-scale.md). None of
// its fields can carry a secret; the strings are JSON-escaped.
export function logRequest(logger: Logger, line: RequestLine) {
  if (!logger.isLevelEnabled('info')) return
  const stream = (logger as unknown as Record<symbol, { write(chunk: string): unknown }>)[
    pino.symbols.streamSym
  ]
  stream?.write(
    `{"level":30,"time":${Date.now()},"requestId":${JSON.stringify(line.requestId)},"method":${JSON.stringify(line.method)},"path":${JSON.stringify(line.path)},"status":${line.status},"ms":${line.ms},"msg":"request"}\n`,
  )
}
