import type { Logger } from './logger'

// A database that cannot serve for a while (docs/decisions/0145): a PostgreSQL server that is
// down, restarting or cut off, or a disk that takes no more writes. Each request then answers
// 503 with Retry-After, and the log says so once per outage, not once per request.

export type OutageKind = 'connection' | 'storage'

// SQLSTATE: the connection exceptions (class 08), a server shutting down or starting (57P01-03),
// too many connections (53300), a statement cancelled by statement_timeout (57014); and a disk
// that is full or failing (53100, 53000, 58030).
const CONNECTION_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014'])
const STORAGE_STATES = new Set(['53100', '53000', '58030'])
// The network's errors, as Node names them.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
// node-postgres's own: a connection lost or never made in time, a query with no answer in time.
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|is not queryable|Client was closed/

// Whether `error` (or one it wraps) says the database is out of reach, or cannot store.
export function outageKind(error: unknown): OutageKind | undefined {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown }
    if (typeof code === 'string') {
      if (STORAGE_STATES.has(code)) return 'storage'
      if (CONNECTION_STATES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code)) return 'connection'
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return 'connection'
    current = cause
  }
  return undefined
}

export const outageMessages: Record<OutageKind, string> = {
  connection: 'The database is not answering right now. Please try again in a moment.',
  storage: 'The server cannot save changes right now. Please try again in a moment.',
}

// Seconds a client is told to wait.
export const OUTAGE_RETRY_AFTER_SECONDS = 10
// How often the database is tried while out, and how long a disk must go without a failed write
// before its outage ends (a full disk can still take a small write now and then).
const PROBE_MS = 2_000
const STORAGE_QUIET_MS = 30_000

interface Outage {
  kind: OutageKind
  since: number
  lastFailure: number
  refused: number
}

export class DatabaseOutages {
  #current: Outage | undefined
  #timer: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly logger: Logger,
    // A write that must succeed for the outage to be over.
    private readonly probe: () => Promise<unknown>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get current(): Pick<Outage, 'kind' | 'since'> | undefined {
    return this.#current
  }

  // A request failed for an outage of `kind`: the first is logged with its error, the others
  // counted, until the database answers again.
  report(error: unknown, kind: OutageKind) {
    const at = this.now()
    const current = this.#current
    if (current) {
      current.refused++
      current.lastFailure = at
      if (kind === 'storage') current.kind = 'storage'
      return
    }
    this.#current = { kind, since: at, lastFailure: at, refused: 1 }
    this.logger.error({ err: error, kind }, 'database unavailable; answering 503 until it is back')
    this.#schedule()
  }

  #schedule() {
    this.#timer = setTimeout(() => void this.#check(), PROBE_MS)
    this.#timer.unref()
  }

  async #check() {
    const current = this.#current
    if (!current) return
    const answered = await this.probe().then(
      () => true,
      () => false,
    )
    const quiet = current.kind !== 'storage' || this.now() - current.lastFailure >= STORAGE_QUIET_MS
    if (answered && quiet) {
      this.#current = undefined
      this.logger.warn(
        {
          kind: current.kind,
          seconds: Math.round((this.now() - current.since) / 1000),
          refused: current.refused,
        },
        'database back',
      )
    } else this.#schedule()
  }

  stop() {
    clearTimeout(this.#timer)
  }
}
