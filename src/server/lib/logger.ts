import pino from 'pino'
import type { Env } from '../env'

export type Logger = pino.Logger

// Every line is written as it is logged, synchronously, on its own: nothing is held in memory
// or under way on another thread, so a crash (an uncaught exception, a kill, the machine's
// memory running out) loses no line logged before it. Gathering lines into larger writes saved
// nothing measurable on the benchmark's realistic mix (docs/decisions/0111).

export interface LogDestination {
  write(chunk: string): unknown
  flushSync?(): void
}

const flushKey = Symbol('flushLogs')
type OwnLogger = Logger & { [flushKey]?: () => void }

export function createLogger(
  env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>,
  // Standard output unless given (tests pass their own).
  stream?: LogDestination,
): Logger {
  const level = env.NODE_ENV === 'test' ? 'silent' : env.LOG_LEVEL
  if (level === 'silent') return pino({ level })
  const destination: LogDestination = stream ?? pino.destination({ dest: 1, sync: true })
  // A write the system took in part (a full pipe) is finished before the process goes.
  const flushAll = () => {
    try {
      destination.flushSync?.()
    } catch {
      // the destination is closed already
    }
  }
  process.once('exit', flushAll)
  const logger = pino(
    {
      level,
      base: undefined,
      redact: { paths: ['req.headers.cookie', 'password', '*.password', 'token'], remove: true },
    },
    destination as pino.DestinationStream,
  )
  Object.defineProperty(logger, flushKey, { value: flushAll })
  return logger
}

// Writes out, synchronously, every line the logger still holds.
export function flushLogs(logger: Logger) {
  ;(logger as OwnLogger)[flushKey]?.()
}

// A process that dies of an uncaught exception or an unhandled rejection logs why, writes out
// every line it still holds, and exits with code 1 (a supervisor then starts it again): the lines
// logged just before the crash, which tell what led to it, are never lost.
export function exitOnCrash(logger: Logger) {
  const crash = (message: string) => (error: unknown) => {
    try {
      logger.fatal({ err: error }, message)
    } finally {
      flushLogs(logger)
      process.exit(1)
    }
  }
  process.on('uncaughtException', crash('uncaught exception'))
  process.on('unhandledRejection', crash('unhandled rejection'))
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
  const text = `{"level":30,"time":${Date.now()},"requestId":${JSON.stringify(line.requestId)},"method":${JSON.stringify(line.method)},"path":${JSON.stringify(line.path)},"status":${line.status},"ms":${line.ms},"msg":"request"}\n`
  const stream = (logger as unknown as Record<symbol, { write(chunk: string): unknown }>)[
    pino.symbols.streamSym
  ]
  stream?.write(text)
}
