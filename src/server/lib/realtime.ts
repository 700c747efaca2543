import { type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  coalesceEvents,
  coalesceKeyOf,
  realtimeEvent,
  type RealtimeEvent,
} from '../../domain/realtime/realtime-event'
import type { AfterCommitBatch, Database, DbOrTx } from '../db/client'
import { statementOf } from '../db/prepared'
import type { Logger } from './logger'

// Realtime for every server instance: a write publishes an event with pg_notify on one channel;
// each instance LISTENs once and hands the event to its own streams of the named users. Events
// are signals to refetch (see docs/decisions): nothing is replayed, the database is the state.

export const REALTIME_CHANNEL = 'pm_events'

// PostgreSQL refuses a NOTIFY payload of 8000 bytes or more: users are sent in batches.
const USERS_PER_NOTIFY = 100
const MAX_PAYLOAD_BYTES = 7900

const userIds = z.array(z.string()).min(1)
// An event for the users' streams, or a request that each of their streams check its session now.
const envelope = z.union([
  z.object({ userIds, event: realtimeEvent }),
  z.object({ userIds, check: z.literal('sessions') }),
])

// A live event read from the database as it leaves (`publishQueried`): its name, and the SQL that
// reads it, as JSON, for the player whose id (as text) `userId` gives. Defined once, when its
// module loads, so that the statement that sends events is written once for all of them.
export interface QueriedEvent {
  name: string
  read: (userId: SQL) => SQL
}

const queriedEvents = new Map<string, QueriedEvent>()
// The send statement's name for the events defined so far (it changes only when one is defined).
let sendStatementName = 'realtime_send:'

export function defineQueriedEvent(name: string, read: (userId: SQL) => SQL): QueriedEvent {
  if (queriedEvents.has(name)) throw new Error(`queried event ${name} is defined twice`)
  const event = { name, read }
  queriedEvents.set(name, event)
  sendStatementName = `realtime_send:${[...queriedEvents.keys()].join(',')}`
  return event
}

// What a transaction publishes waits in its outbox and leaves after the commit, all of it in one
// statement: each NOTIFY on its own would be a round trip of its own (docs/decisions/0060).
// An entry is a payload, or an event read at that moment for one player (`publishQueried`).
type Outgoing = { payload: string } | { userId: string; event: QueriedEvent }

// Keyed so the same event leaves once; a Map keeps the order of publishing.
type Outbox = Map<string, Outgoing>

// The statement that sends a batch: one row per entry, in the order published (the arrays are
// read in order), each a payload or the event its kind reads for its player. Its text depends only
// on the events defined, so it is written and prepared once (one per set of events), not built on
// every write: building it cost a write about 100 µs of CPU (bench/results/profiles).
const sendStatement = (kinds: readonly QueriedEvent[]) => {
  const userId = sql`o.user_id`
  const reads = kinds.map(
    (kind) =>
      sql`when ${kind.name} then json_build_object('userIds', json_build_array(${userId}), 'event', ${kind.read(userId)})::text`,
  )
  const queried = reads.length > 0 ? sql`case o.kind ${sql.join(reads, sql` `)} end` : sql`null`
  return sql`select pg_notify(${REALTIME_CHANNEL}, coalesce(o.payload, ${queried}))
    from unnest(${sql.placeholder('payloads')}::text[], ${sql.placeholder('userIds')}::text[],
      ${sql.placeholder('kinds')}::text[]) as o (payload, user_id, kind)`
}

function send(db: DbOrTx, entries: readonly Outgoing[]) {
  const statement = db.preparedShape(sendStatementName, () => {
    const kinds = [...queriedEvents.values()]
    return (handle) => statementOf(handle, sendStatement(kinds))
  })
  return statement.execute({
    payloads: entries.map((entry) => ('payload' in entry ? entry.payload : null)),
    userIds: entries.map((entry) => ('payload' in entry ? null : entry.userId)),
    kinds: entries.map((entry) => ('payload' in entry ? null : entry.event.name)),
  })
}

// A transaction's outbox: made at its first publish, sent once it has committed.
const outbox: AfterCommitBatch<Outbox> = {
  start: () => new Map(),
  finish: async (entries, db) => {
    if (entries.size > 0) await send(db, [...entries.values()])
  },
}

// Puts entries in the outbox of `db`'s transaction, once per key; outside a transaction they
// leave at once.
function enqueue(db: DbOrTx, entries: ReadonlyArray<{ key: string; entry: Outgoing }>) {
  return db.afterCommitBatch(outbox, (outgoing) => {
    for (const { key, entry } of entries) if (!outgoing.has(key)) outgoing.set(key, entry)
  })
}

// Sends `event` to every open stream of the users. Given a transaction, the event leaves once
// it commits, so a rolled-back write sends nothing, and the NOTIFY goes out after the commit,
// not inside it (`tx.afterCommitBatch`, docs/decisions/0060). The same event to the same users leaves
// once per transaction.
export function publishToUsers(db: DbOrTx, userIds: readonly string[], event: RealtimeEvent) {
  const unique = [...new Set(userIds)]
  const entries: Array<{ key: string; entry: Outgoing }> = []
  for (let start = 0; start < unique.length; start += USERS_PER_NOTIFY) {
    const payload = JSON.stringify({ userIds: unique.slice(start, start + USERS_PER_NOTIFY), event })
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error('realtime event too large')
    entries.push({ key: payload, entry: { payload } })
  }
  if (entries.length === 0) return Promise.resolve()
  return enqueue(db, entries)
}

// Sends one player `event`, read when it leaves: after the commit, so it sees the transaction's
// own changes and every other committed before. One of each event per player leaves per
// transaction. The hub checks every event it receives against the event schema, and drops one
// that does not match.
export function publishQueried(db: DbOrTx, userId: string, event: QueriedEvent) {
  return enqueue(db, [{ key: `${event.name}:${userId}`, entry: { userId, event } }])
}

// Every open stream of the user checks its own session now rather than at its next heartbeat:
// the streams of a session just signed out or revoked end at once, the others go on. Nothing
// reaches the browser unless its session has ended.
export function checkUserSessions(db: DbOrTx, userId: string) {
  const payload = JSON.stringify({ userIds: [userId], check: 'sessions' })
  return enqueue(db, [{ key: payload, entry: { payload } }])
}

export function publishToUser(db: DbOrTx, userId: string, event: RealtimeEvent) {
  return publishToUsers(db, [userId], event)
}

// Every open stream of the user, on every instance, gets 'session-ended' and closes (a pause,
// a sign-out everywhere). The browser then finds its session gone.
export function endUserStreams(db: DbOrTx, userId: string, reason?: 'paused') {
  return publishToUser(db, userId, reason ? { type: 'session-ended', reason } : { type: 'session-ended' })
}

// ---------------------------------------------------------------------------------------------
// One stream's outgoing queue: at most `maxPerSecond` events in any second. Events that wait
// are coalesced (the latest of each kind wins); if too many kinds pile up, they are replaced
// by one 'resync'. 'session-ended' jumps the queue and is the last thing sent.
// ---------------------------------------------------------------------------------------------

export const MAX_EVENTS_PER_SECOND = 10
const WINDOW_MS = 1000
const MAX_PENDING_KINDS = 50

export interface EventQueueOptions {
  send: (event: RealtimeEvent) => Promise<void>
  onEnd?: () => void
  maxPerSecond?: number
  now?: () => number
}

export class EventQueue {
  private readonly pending = new Map<string, RealtimeEvent>()
  private sentAt: number[] = []
  private draining = false
  private timer: ReturnType<typeof setTimeout> | undefined
  private ended = false
  private readonly send: EventQueueOptions['send']
  private readonly onEnd: () => void
  private readonly maxPerSecond: number
  private readonly now: () => number

  constructor(options: EventQueueOptions) {
    this.send = options.send
    this.onEnd = options.onEnd ?? (() => undefined)
    this.maxPerSecond = options.maxPerSecond ?? MAX_EVENTS_PER_SECOND
    this.now = options.now ?? Date.now
  }

  get isEnded() {
    return this.ended
  }

  get pendingCount() {
    return this.pending.size
  }

  push(event: RealtimeEvent) {
    if (this.ended) return
    if (event.type === 'session-ended') {
      this.pending.clear()
      this.pending.set(event.type, event)
      this.clearTimer()
    } else {
      const key = coalesceKeyOf(event)
      if (!this.pending.has(key) && this.pending.size >= MAX_PENDING_KINDS) {
        this.pending.clear()
        this.pending.set('resync', { type: 'resync' })
      } else if (!this.pending.has('resync') || key === 'resync') {
        this.pending.set(key, coalesceEvents(this.pending.get(key), event))
      }
    }
    this.kick()
  }

  // Stops sending; nothing queued is sent afterwards.
  end() {
    if (this.ended) return
    this.ended = true
    this.pending.clear()
    this.clearTimer()
    this.onEnd()
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
  }

  private kick() {
    if (this.draining || this.timer || this.ended) return
    void this.drain()
  }

  private async drain() {
    this.draining = true
    try {
      while (!this.ended && this.pending.size > 0) {
        const [key, event] = this.pending.entries().next().value as [string, RealtimeEvent]
        const now = this.now()
        this.sentAt = this.sentAt.filter((time) => now - time < WINDOW_MS)
        const isLast = event.type === 'session-ended'
        if (!isLast && this.sentAt.length >= this.maxPerSecond) {
          const wait = Math.max(1, (this.sentAt[0] ?? now) + WINDOW_MS - now)
          this.timer = setTimeout(() => {
            this.timer = undefined
            this.kick()
          }, wait)
          return
        }
        this.pending.delete(key)
        this.sentAt.push(now)
        await this.send(event)
        if (isLast) this.end()
      }
    } catch {
      // The stream is gone: nothing more can be sent on it.
      this.end()
    } finally {
      this.draining = false
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The hub of one server instance: one LISTEN, fan-out to the streams of each user.
// ---------------------------------------------------------------------------------------------

// A player's open stream, as the hub sees it: events go in, the hub can end it (shutdown), ask
// it to check its session (checkUserSessions) and beat its heartbeat.
type Subscriber = Pick<EventQueue, 'push' | 'end'> & { checkSession?: () => void; heartbeat?: () => void }

// A proxy may drop an idle connection after 30 to 60 s: every stream gets a comment line every
// 25 s. One timer per instance, not one per stream: each tick beats one slice of the streams, so
// the beats are spread over the interval rather than all at once. (An object, so a test can
// shorten it; a change takes effect from the next tick.)
export const heartbeatTiming = { intervalMs: 25_000 }
const HEARTBEAT_SLICES = 25

// How far back the hub remembers that a player had an event: a stream opened with `since` within
// it learns whether it missed one (`quietSince`); an older `since` is told to refetch.
export const QUIET_WINDOW_MS = 10 * 60_000

export class RealtimeHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>()
  // Every stream, in the slice of the heartbeat it is beaten in; the ticker runs while any is open.
  private readonly heartbeatSlices = Array.from({ length: HEARTBEAT_SLICES }, () => new Set<Subscriber>())
  private streams = 0
  private nextSlice = 0
  private ticks = 0
  private ticker: ReturnType<typeof setTimeout> | undefined
  private closing = false
  private listening: Promise<void> | undefined
  private stopResumeWatch: (() => void) | undefined
  // When each player last had an event on this instance, and since when it has heard every event
  // (LISTEN on, and not lost since): on the wall clock, as the HTTP Date header the browser reads
  // its `since` from (docs/decisions/0124-a-stream-that-opens-quiet.md).
  private readonly lastEventAt = new Map<string, number>()
  private hearingSince: number | undefined
  private sweptAt = 0

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  // Resolves once this instance LISTENs; a failed attempt is tried again on the next call.
  start(): Promise<void> {
    this.listening ??= this.database
      .listen(REALTIME_CHANNEL, (payload) => this.dispatch(payload))
      .then(() => {
        this.hearingSince ??= this.now()
        // Events published while LISTEN was down never reach this instance: every stream
        // is told to refetch what it shows.
        this.stopResumeWatch ??= this.database.onListenResumed(() => this.resyncAll())
      })
      .catch((error: unknown) => {
        this.listening = undefined
        throw error
      })
    return this.listening
  }

  subscribe(userId: string, subscriber: Subscriber) {
    let set = this.subscribers.get(userId)
    if (!set) {
      set = new Set()
      this.subscribers.set(userId, set)
    }
    set.add(subscriber)
    const slice = this.heartbeatSlices[this.nextSlice++ % HEARTBEAT_SLICES]!
    slice.add(subscriber)
    if (++this.streams === 1) this.scheduleHeartbeat()
    return () => {
      set.delete(subscriber)
      if (set.size === 0 && this.subscribers.get(userId) === set) this.subscribers.delete(userId)
      if (slice.delete(subscriber) && --this.streams === 0) {
        clearTimeout(this.ticker)
        this.ticker = undefined
      }
    }
  }

  private scheduleHeartbeat() {
    this.ticker = setTimeout(() => {
      for (const subscriber of this.heartbeatSlices[this.ticks++ % HEARTBEAT_SLICES]!)
        subscriber.heartbeat?.()
      this.scheduleHeartbeat()
    }, heartbeatTiming.intervalMs / HEARTBEAT_SLICES)
    // Open streams keep the server running, not their heartbeat.
    this.ticker.unref()
  }

  // Ends every stream of this instance (shutdown): each browser reconnects, to another
  // instance behind a load balancer, and refetches. No stream starts after it.
  closeAllStreams() {
    this.closing = true
    for (const set of [...this.subscribers.values()]) for (const subscriber of [...set]) subscriber.end()
  }

  get isClosing() {
    return this.closing
  }

  streamCount(userId: string) {
    return this.subscribers.get(userId)?.size ?? 0
  }

  // Whether the player can have missed no event since `since` (epoch ms): this instance has heard
  // every event since then, remembers that far back, and had none for them from then on. A stream
  // subscribed before it asks gets whatever comes after, so nothing falls between the two.
  quietSince(userId: string, since: number): boolean {
    if (this.hearingSince === undefined || since < this.hearingSince) return false
    if (this.now() - since > QUIET_WINDOW_MS) return false
    const last = this.lastEventAt.get(userId)
    return last === undefined || last < since
  }

  private heard(userIds: readonly string[]) {
    const now = this.now()
    for (const userId of userIds) this.lastEventAt.set(userId, now)
    if (now - this.sweptAt < QUIET_WINDOW_MS) return
    this.sweptAt = now
    for (const [userId, at] of this.lastEventAt)
      if (now - at > QUIET_WINDOW_MS) this.lastEventAt.delete(userId)
  }

  private resyncAll() {
    // What was published while LISTEN was down is unknown: no stream opening now can be vouched for
    // before this moment.
    this.hearingSince = this.now()
    this.logger.info({ players: this.subscribers.size }, 'realtime listen resumed; streams resync')
    for (const set of this.subscribers.values())
      for (const subscriber of set) subscriber.push({ type: 'resync' })
  }

  private dispatch(payload: string) {
    let parsed: z.infer<typeof envelope>
    try {
      parsed = envelope.parse(JSON.parse(payload))
    } catch (error) {
      this.logger.warn({ err: error }, 'ignored a malformed realtime event')
      return
    }
    if ('event' in parsed) this.heard(parsed.userIds)
    for (const userId of parsed.userIds) {
      for (const subscriber of this.subscribers.get(userId) ?? []) {
        if ('event' in parsed) subscriber.push(parsed.event)
        else subscriber.checkSession?.()
      }
    }
  }
}
