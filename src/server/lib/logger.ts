import pino from 'pino'
import type { Env } from '../env'

export type Logger = pino.Logger

// Log lines gather in memory and leave in writes of about this size, or after FLUSH_MS at the
// latest. A write per line cost more than the rest of the work of a small request. Every write is
// synchronous (no write is ever under way on another thread), so whatever is still gathered when
// the process ends, a crash included, is written out before it goes (exitOnCrash).
const BATCH_BYTES = 4096
const FLUSH_MS = 250
// The request lines, one per API call, gather in a string of their own and go to the destination
// in pieces of this size (or with the next other line, or every FLUSH_MS). Handed over one at a
// time, each line cost the destination a measure of everything it held (sonic-boom measures its
// whole pending buffer on every write) and a write of its own about every twenty requests, a
// sixth of the CPU of GET /api/ping (docs/decisions/0050-request-path-cpu.md).
const REQUEST_BATCH_CHARS = 16 * 1024

export interface LogDestination {
  write(chunk: string): unknown
  flush?(): void
  flushSync?(): void
}

// The request lines not yet handed to the destination. Any other line the logger writes takes
// them along in front of itself, so the log keeps the order in which things happened.
class RequestLines {
  #pending = ''
  constructor(private readonly destination: LogDestination) {}

  add(line: string) {
    this.#pending += line
    if (this.#pending.length >= REQUEST_BATCH_CHARS) this.flush()
  }

  take() {
    const pending = this.#pending
    this.#pending = ''
    return pending
  }

  flush() {
    if (this.#pending) this.destination.write(this.take())
  }
}

// Each logger made here owns its request lines (when it batches them) and a way to write out
// everything it holds, under these keys, so logRequest and flushLogs find them on the logger
// they are given.
const requestLinesKey = Symbol('requestLines')
const flushKey = Symbol('flushLogs')
type OwnLogger = Logger & { [requestLinesKey]?: RequestLines; [flushKey]?: () => void }

export interface LoggerOptions {
  // Request lines gathered and log lines written in pieces (the default). Off, every line is
  // written on its own, synchronously: for benchmark comparisons (SERVER_OPTIMIZATIONS_OFF).
  batching?: boolean
}

export function createLogger(
  env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>,
  // Standard output unless given (tests pass their own).
  stream?: LogDestination,
  options: LoggerOptions = {},
): Logger {
  const level = env.NODE_ENV === 'test' ? 'silent' : env.LOG_LEVEL
  if (level === 'silent') return pino({ level })
  const batching = options.batching ?? true
  const destination: LogDestination =
    stream ?? pino.destination({ dest: 1, sync: true, minLength: batching ? BATCH_BYTES : 0 })
  const requestLines = batching ? new RequestLines(destination) : undefined
  // Synchronous: called on the way out, where nothing asynchronous runs any more.
  const flushAll = () => {
    requestLines?.flush()
    try {
      destination.flushSync?.()
    } catch {
      // the destination is closed already
    }
  }
  if (batching) {
    setInterval(() => {
      requestLines?.flush()
      try {
        destination.flush?.()
      } catch {
        // nothing to flush yet
      }
    }, FLUSH_MS).unref()
  }
  process.once('exit', flushAll)
  const logger = pino(
    {
      level,
      base: undefined,
      redact: { paths: ['req.headers.cookie', 'password', '*.password', 'token'], remove: true },
      ...(requestLines ? { hooks: { streamWrite: (line: string) => requestLines.take() + line } } : {}),
    },
    destination as pino.DestinationStream,
  )
  if (requestLines) Object.defineProperty(logger, requestLinesKey, { value: requestLines })
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
  const batch = (logger as OwnLogger)[requestLinesKey]
  if (batch) {
    batch.add(text)
    return
  }
  // A logger that does not batch, or one made elsewhere: the line goes straight to its stream.
  const stream = (logger as unknown as Record<symbol, { write(chunk: string): unknown }>)[
    pino.symbols.streamSym
  ]
  stream?.write(text)
}
