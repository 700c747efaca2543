import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { Database } from '../../src/server/db/client'
import { hashToken } from '../../src/server/features/auth'
import { createNotification } from '../../src/server/features/notifications'
import type { SqlRunner } from './databases'
import { percentile } from './load'
import { rssMb } from './processes'

export interface FanoutResult {
  clients: number
  connected: number
  notifications: number
  delivered: number
  p50: number
  p95: number
  p99: number
  max: number
  // From the start of creating the notification (insert, unread count, NOTIFY) to arrival.
  endToEndP50: number
  endToEndP99: number
  rssIdleMb: number | null
  rssConnectedMb: number | null
  rssPeakMb: number | null
  connectSeconds: number
  // Why the streams that did not open failed, each reason with how many streams it stopped
  // (absent in results saved before it was kept).
  openFailures?: Array<{ reason: string; streams: number }>
}

interface Stream {
  userId: string
  request: http.ClientRequest
  ready: Promise<void>
}

const round = (value: number) => Math.round(value * 100) / 100

// Sessions straight in the database for many players at once (signing 2,000 players in through
// the password check would measure argon2, not the event stream).
async function createSessions(runner: SqlRunner, count: number) {
  const players = await runner.rows<{ id: string }>(
    `select id from profiles where not is_paused order by md5(id::text) limit $1`,
    [count],
  )
  const sessions = players.map((player) => ({
    userId: player.id,
    token: randomBytes(32).toString('base64url'),
  }))
  for (let start = 0; start < sessions.length; start += 500) {
    const batch = sessions.slice(start, start + 500)
    await runner.rows(
      `insert into sessions (token_hash, profile_id, expires_at, user_agent)
       select hash, profile_id, now() + interval '1 day', 'bench fan-out'
       from unnest($1::text[], $2::uuid[]) as s(hash, profile_id)`,
      [batch.map((s) => hashToken(s.token)), batch.map((s) => s.userId)],
    )
  }
  return sessions
}

// Real HTTP connections to GET /api/events, one per player; every player then gets one
// notification (in random order, at a steady rate) and the time until its event arrives is
// measured from the moment the notification was created.
export async function measureFanout(options: {
  baseUrl: string
  serverPid: number | undefined
  runner: SqlRunner
  database: Database
  clients: number
  ratePerSecond: number
  cookieName: string
}): Promise<FanoutResult> {
  const { baseUrl, runner, database } = options
  const rssIdle = rssMb(options.serverPid) ?? null
  const sessions = await createSessions(runner, options.clients)
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity })
  // Per player: when creating the notification started, when it was committed (the NOTIFY
  // leaves at commit), and when the event arrived on the player's stream.
  const sentAt = new Map<string, number>()
  const committedAt = new Map<string, number>()
  const arrivedAt = new Map<string, number>()
  const streams: Stream[] = []
  const connectStarted = performance.now()

  for (const session of sessions) {
    let resolveReady: () => void = () => undefined
    let rejectReady: (error: Error) => void = () => undefined
    const ready = new Promise<void>((resolve, reject) => {
      resolveReady = resolve
      rejectReady = reject
    })
    const request = http.get(
      `${baseUrl}/api/events`,
      { agent, headers: { cookie: `${options.cookieName}=${session.token}`, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          rejectReady(new Error(`event stream answered ${response.statusCode}`))
          response.resume()
          return
        }
        response.setEncoding('utf8')
        let buffer = ''
        response.on('data', (chunk: string) => {
          buffer += chunk
          let end: number
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const message = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            const data = message
              .split('\n')
              .filter((line) => line.startsWith('data:'))
              .map((line) => line.slice(5).trim())
              .join('\n')
            if (!data) continue
            const event = JSON.parse(data) as { type: string }
            if (event.type === 'ready') resolveReady()
            if (event.type === 'notification') {
              if (sentAt.has(session.userId) && !arrivedAt.has(session.userId)) {
                arrivedAt.set(session.userId, performance.now())
              }
            }
          }
        })
      },
    )
    request.on('error', (error) => rejectReady(error))
    streams.push({ userId: session.userId, request, ready })
    // Open them in small bursts, as players arrive, not all in one tick.
    if (streams.length % 100 === 0) await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const settled = await Promise.allSettled(streams.map((s) => s.ready))
  const connected = settled.filter((s) => s.status === 'fulfilled').length
  const openFailures = countReasons(settled)
  const connectSeconds = round((performance.now() - connectStarted) / 1000)
  const rssConnected = rssMb(options.serverPid) ?? null
  let rssPeak = rssConnected ?? 0
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb(options.serverPid) ?? 0)
  }, 200)

  const live = streams.filter((_, index) => settled[index]!.status === 'fulfilled')
  const order = live.map((s) => s.userId).sort(() => Math.random() - 0.5)
  const interval = 1000 / options.ratePerSecond
  const started = performance.now()
  const pending: Array<Promise<unknown>> = []
  for (const [index, userId] of order.entries()) {
    const due = started + index * interval
    const wait = due - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    const begun = performance.now()
    sentAt.set(userId, begun)
    pending.push(
      createNotification(database.db, {
        userId,
        type: 'other',
        title: 'PlayDate played',
        message: 'A benchmark player marked the PlayDate as played',
        link: '/playdates',
      }).then(() => committedAt.set(userId, performance.now())),
    )
  }
  await Promise.all(pending)
  // Give the last events time to arrive.
  const deadline = performance.now() + 5000
  while (arrivedAt.size < sentAt.size && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50))
  clearInterval(sampler)
  rssPeak = Math.max(rssPeak, rssMb(options.serverPid) ?? 0)

  for (const stream of streams) stream.request.destroy()
  agent.destroy()
  await runner.rows(`delete from sessions where user_agent = 'bench fan-out'`)

  // Delivery: commit to arrival (an event may even arrive before the write's answer does).
  // End to end: from the start of the write, the database's share included.
  const delivered = [...arrivedAt.keys()]
  const sorted = delivered
    .map((id) => Math.max(0, arrivedAt.get(id)! - (committedAt.get(id) ?? sentAt.get(id)!)))
    .sort((a, b) => a - b)
  const endToEnd = delivered.map((id) => arrivedAt.get(id)! - sentAt.get(id)!).sort((a, b) => a - b)
  return {
    clients: options.clients,
    connected,
    notifications: order.length,
    delivered: delivered.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
    endToEndP50: round(percentile(endToEnd, 50)),
    endToEndP99: round(percentile(endToEnd, 99)),
    rssIdleMb: rssIdle,
    rssConnectedMb: rssConnected,
    rssPeakMb: rssPeak || null,
    connectSeconds,
    openFailures,
  }
}

// The distinct reasons among the streams that failed to open (a refused connection, a reset, a
// status other than 200), each with its count, most frequent first.
export function countReasons(settled: Array<PromiseSettledResult<unknown>>) {
  const counts = new Map<string, number>()
  for (const outcome of settled) {
    if (outcome.status === 'fulfilled') continue
    const error = outcome.reason as (Error & { code?: string }) | undefined
    const reason = error?.code ? `${error.code}: ${error.message}` : String(error?.message ?? error)
    counts.set(reason, (counts.get(reason) ?? 0) + 1)
  }
  return [...counts].map(([reason, streams]) => ({ reason, streams })).sort((a, b) => b.streams - a.streams)
}
