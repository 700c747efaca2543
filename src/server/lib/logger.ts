import pino from 'pino'
import type { Env } from '../env'

export type Logger = pino.Logger

// Log lines gather in memory and leave in writes of about this size, or after FLUSH_MS at the
// latest; what is still buffered is written out when the process exits. A write per line cost
// more than the rest of the work of a small request.
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

// Each logger made here owns its request lines, under this key, so logRequest finds them on the
// logger it is given.
const requestLinesKey = Symbol('requestLines')
type LoggerWithLines = Logger & { [requestLinesKey]?: RequestLines }

export function createLogger(
  env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>,
  // Standard output unless given (tests pass their own).
  stream?: LogDestination,
): Logger {
  const level = env.NODE_ENV === 'test' ? 'silent' : env.LOG_LEVEL
  if (level === 'silent') return pino({ level })
  const destination: LogDestination =
    stream ?? pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES })
  const requestLines = new RequestLines(destination)
  setInterval(() => {
    requestLines.flush()
    // A write may still be under way: the buffer then leaves with the next tick.
    try {
      destination.flush?.()
    } catch {
      // nothing to flush yet
    }
  }, FLUSH_MS).unref()
  process.once('exit', () => {
    requestLines.flush()
    try {
      destination.flushSync?.()
    } catch {
      // the destination is closed already
    }
  })
  const logger = pino(
    {
      level,
      base: undefined,
      redact: { paths: ['req.headers.cookie', 'password', '*.password', 'token'], remove: true },
      hooks: { streamWrite: (line) => requestLines.take() + line },
    },
    destination as pino.DestinationStream,
  )
  Object.defineProperty(logger, requestLinesKey, { value: requestLines })
  return logger
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
  const batch = (logger as LoggerWithLines)[requestLinesKey]
  if (batch) {
    batch.add(text)
    return
  }
  // A logger made elsewhere: the line goes straight to its stream.
  const stream = (logger as unknown as Record<symbol, { write(chunk: string): unknown }>)[
    pino.symbols.streamSym
  ]
  stream?.write(text)
}
