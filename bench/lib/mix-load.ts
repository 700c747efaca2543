// One step of the mixed workload against running servers: every player's event stream opened,
// then the players' actions (mix-model.ts) for a warm-up and a measured window, each request's
// latency recorded. node:http with keep-alive: wrk cannot hold event streams.
import { appendFileSync } from 'node:fs'
import http from 'node:http'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { gunzipSync } from 'node:zlib'
import { latencyPercentiles, round } from './load'
import { ACTIONS, type ActionKey, MixState, pickAction, type MixRequest } from './mix-model'
import type { MixData, MixPlayer } from './mix-players'
import { cpuMs, monotonicUs, postgresCpu, postgresCpuSince, rssMb } from './processes'

const REQUEST_TIMEOUT_MS = 10_000
const STREAM_READY_TIMEOUT_MS = 60_000
// How long the measured requests still under way at the end of the window may take.
const DRAIN_TIMEOUT_MS = 15_000
// The warm-up sends at least this many actions a second: on a server just started, even a small
// step's measurement then runs compiled code. Its answers are all in before the window opens.
export const MIN_WARMUP_ACTIONS_PER_SECOND = 20
// Streams are opened in bursts, as players arrive, not all in one tick.
const STREAM_BURST = 100
const STREAM_BURST_PAUSE_MS = 20

export interface MixInstance {
  url: string
  pid: number | undefined
}

export interface StepOptions {
  instances: MixInstance[]
  data: MixData
  players: number
  thinkSeconds: number
  warmupSeconds: number
  seconds: number
  // PostgreSQL: the database whose backends' CPU is counted.
  database?: string | undefined
  // Only these actions in the measured window (the warm-up does the whole mix).
  actions?: ActionKey[] | undefined
  // No event streams: the players only act (default: each holds one).
  streams?: boolean | undefined
  // The actions' rate, warm-up and window, instead of players ÷ think time.
  actionsPerSecond?: number | undefined
  // What earlier steps on the same servers did (applications to accept, friends already asked).
  state?: MixState | undefined
}

export interface LatencySummary {
  requests: number
  errors: number
  p50: number
  p95: number
  p99: number
  max: number
}

export interface StepResult extends LatencySummary {
  players: number
  // Refusals another player's action explains: a 409 (an application to a PlayDate being matched,
  // an acceptance that clashes with another game of one of the four players) or a PlayDate matched
  // while its detail was asked for. Not errors.
  refused: number
  rps: number
  actionsPerSecond: number
  streams: { opened: number; failed: number; dropped: number; openSeconds: number; eventsPerSecond: number }
  byKind: Record<string, LatencySummary>
  // Each action of the window: how many were done (an action that could not be done counts as the
  // one done in its place) and its requests' latencies.
  byAction: Partial<Record<ActionKey, LatencySummary & { actions: number }>>
  // CPU per measured request, µs: the app server(s), the local PostgreSQL backends of the data
  // set's database, and this load generator.
  serverCpuUs: number | null
  // The server(s)' CPU per player action (an action sends one or two requests), µs.
  serverCpuPerActionUs: number | null
  databaseCpuUs: number | null
  clientCpuUs: number | null
  // The highest resident memory of any one instance during the step.
  rssPeakMb: number | null
  // How late the load generator sent the measured actions (p99): large values mean it, not the
  // server, was the bottleneck.
  lagP99Ms: number
  errorSamples: string[]
  // The measured window on the monotonic clock CPU profiles use (µs), to cut a profile of the
  // server(s) to it.
  window: { fromUs: number; toUs: number }
  // The same window on the wall clock (epoch ms), to cut the servers' probe lines (loop-probe.mjs).
  wallWindow: { from: number; to: number }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const expo = (rate: number) => (-Math.log(1 - Math.random()) / rate) * 1000

function summarize(latencies: number[], errors: number): LatencySummary {
  return { requests: latencies.length + errors, errors, ...latencyPercentiles(latencies) }
}

// The players' event streams, held open for the step.
async function openStreams(players: MixPlayer[], instances: MixInstance[]) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity })
  const requests: http.ClientRequest[] = []
  const counts = { events: 0, dropped: 0 }
  // What went wrong with the streams, a few distinct reasons.
  const problems = new Set<string>()
  const problem = (why: string) => {
    if (problems.size < 3) problems.add(why)
  }
  let closing = false
  const started = performance.now()
  const ready: Array<Promise<boolean>> = []
  for (const player of players) {
    const instance = instances[player.index % instances.length]!
    ready.push(
      new Promise<boolean>((resolve) => {
        let isReady = false
        let settled = false
        const settle = (ok: boolean) => {
          if (settled) return
          settled = true
          clearTimeout(timer)
          resolve(ok)
        }
        const timer = setTimeout(() => {
          if (!settled) problem('event stream: no ready event in time')
          settle(false)
        }, STREAM_READY_TIMEOUT_MS)
        const lost = (error?: Error) => {
          if (!closing && (isReady || !settled))
            problem(`event stream ${isReady ? 'dropped' : 'failed'}${error ? `: ${error.message}` : ''}`)
          if (isReady && !closing) counts.dropped++
          isReady = false
          settle(false)
        }
        const request = http.get(
          `${instance.url}/api/events`,
          { agent, headers: { cookie: player.cookie, accept: 'text/event-stream' } },
          (response) => {
            if (response.statusCode !== 200) {
              problem(`event stream answered ${response.statusCode}`)
              response.resume()
              return settle(false)
            }
            response.setEncoding('utf8')
            response.on('data', (chunk: string) => {
              if (!isReady && chunk.includes('"type":"ready"')) {
                isReady = true
                settle(true)
                return
              }
              counts.events += chunk.split('data:').length - 1
            })
            response.on('close', () => lost())
          },
        )
        request.on('error', lost)
        requests.push(request)
      }),
    )
    if (ready.length % STREAM_BURST === 0) await sleep(STREAM_BURST_PAUSE_MS)
  }
  const opened = (await Promise.all(ready)).filter(Boolean).length
  return {
    opened,
    failed: players.length - opened,
    openSeconds: round((performance.now() - started) / 1000),
    counts,
    problems,
    close() {
      closing = true
      for (const request of requests) request.destroy()
      agent.destroy()
    },
  }
}

// Latencies by kind of request, for the requests sent during the measured window.
class Recorder {
  readonly latencies = new Map<string, number[]>()
  readonly errors = new Map<string, number>()
  readonly actionLatencies = new Map<ActionKey, number[]>()
  readonly actionErrors = new Map<ActionKey, number>()
  readonly actionCounts = new Map<ActionKey, number>()
  readonly errorSamples: string[] = []
  readonly lags: number[] = []
  refused = 0
  outstanding = 0
  actions = 0

  acted(action: ActionKey) {
    this.actions++
    this.actionCounts.set(action, (this.actionCounts.get(action) ?? 0) + 1)
  }

  answered(request: MixRequest, status: number, ms: number) {
    const { kind, action } = request
    const refused = status === 409 || (status >= 400 && request.isRace?.(status) === true)
    if (status >= 400 && !refused) return this.failed(request, `${kind}: answered ${status}`)
    if (refused) this.refused++
    const list = this.latencies.get(kind) ?? []
    list.push(ms)
    this.latencies.set(kind, list)
    const ofAction = this.actionLatencies.get(action) ?? []
    ofAction.push(ms)
    this.actionLatencies.set(action, ofAction)
  }

  failed(request: MixRequest, why: string) {
    this.errors.set(request.kind, (this.errors.get(request.kind) ?? 0) + 1)
    this.actionErrors.set(request.action, (this.actionErrors.get(request.action) ?? 0) + 1)
    if (this.errorSamples.length < 5) this.errorSamples.push(why)
  }
}

// One request, with the player's session and the headers a browser sends; `done` gets its status
// (0 for a network error or a timeout) and its latency up to the last byte of the answer.
function send(
  instance: MixInstance,
  agent: http.Agent,
  request: MixRequest,
  done: (status: number, ms: number, why?: string) => void,
) {
  const headers: Record<string, string> = { cookie: request.player.cookie, 'accept-encoding': 'gzip' }
  if (request.method === 'POST') {
    headers.origin = instance.url
    headers['content-type'] = 'application/json'
    headers['content-length'] = String(Buffer.byteLength(request.body ?? ''))
  }
  const started = performance.now()
  let finished = false
  const finish = (status: number, why?: string) => {
    if (finished) return
    finished = true
    done(status, performance.now() - started, why)
  }
  const outgoing = http.request(
    `${instance.url}${request.path}`,
    { method: request.method, agent, headers },
    (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => {
        if (request.onCreated) chunks.push(chunk)
      })
      response.on('end', () => {
        const status = response.statusCode ?? 0
        if (status < 300 && request.onCreated) {
          let body = Buffer.concat(chunks)
          if (response.headers['content-encoding'] === 'gzip') body = gunzipSync(body)
          request.onCreated(body.toString('utf8'))
        }
        finish(status)
      })
      response.on('error', (error) => finish(0, `${request.kind}: ${error.message}`))
    },
  )
  outgoing.setTimeout(REQUEST_TIMEOUT_MS, () => outgoing.destroy(new Error('timed out')))
  outgoing.on('error', (error) => finish(0, `${request.kind}: ${error.message}`))
  outgoing.end(request.body)
}

// Actions at `rate` a second for `seconds`, as a Poisson process.
function generate(rate: number, seconds: number, act: (scheduled: number, now: number) => void) {
  return new Promise<void>((resolve) => {
    const end = performance.now() + seconds * 1000
    let next = performance.now() + expo(rate)
    const tick = () => {
      const now = performance.now()
      for (; next <= now && next < end; next += expo(rate)) act(next, now)
      if (next >= end) setTimeout(resolve, Math.max(0, end - now))
      else setTimeout(tick, Math.max(0, next - now))
    }
    tick()
  })
}

export async function runStep(options: StepOptions): Promise<StepResult> {
  const { instances } = options
  const players = options.data.players.slice(0, options.players)
  const agents = instances.map(() => new http.Agent({ keepAlive: true, maxSockets: Infinity }))
  const rssPeak = instances.map(() => 0)
  const sampleRss = () =>
    instances.forEach((instance, i) => (rssPeak[i] = Math.max(rssPeak[i]!, rssMb(instance.pid) ?? 0)))
  const sampler = setInterval(sampleRss, 500)
  const streams = await openStreams(options.streams === false ? [] : players, instances)
  try {
    const state = options.state ?? new MixState(options.data)
    let recorder: Recorder | undefined
    let inFlight = 0
    // PM_BENCH_MIX_TRACE=file: every measured request (its kind, when it was sent on the wall
    // clock, its latency, its status), and how late the load generator's own loop ran, appended.
    const traceFile = process.env.PM_BENCH_MIX_TRACE
    const clientTrace: Array<Record<string, unknown>> | undefined = traceFile ? [] : undefined
    const clientDelay = monitorEventLoopDelay({ resolution: 5 })
    const act = (scheduled: number, now: number) => {
      const player = players[Math.floor(Math.random() * players.length)]!
      const measuring = recorder
      const requests = state.requestsFor(
        pickAction(Math.random(), measuring ? options.actions : undefined),
        player,
      )
      if (measuring) {
        measuring.acted(requests[0]!.action)
        measuring.lags.push(now - scheduled)
      }
      for (const request of requests) {
        const index = request.player.index % instances.length
        if (measuring) measuring.outstanding++
        inFlight++
        const sentAt = Date.now()
        send(instances[index]!, agents[index]!, request, (status, ms, why) => {
          inFlight--
          if (!measuring) return
          if (clientTrace) clientTrace.push({ k: request.kind, at: sentAt, ms: round(ms), status })
          measuring.outstanding--
          if (status === 0) measuring.failed(request, why ?? `${request.kind}: no answer`)
          else measuring.answered(request, status, ms)
        })
      }
    }
    const rate = options.actionsPerSecond ?? players.length / options.thinkSeconds
    await generate(Math.max(rate, MIN_WARMUP_ACTIONS_PER_SECOND), options.warmupSeconds, act)
    const warmedBy = performance.now() + DRAIN_TIMEOUT_MS
    while (inFlight > 0 && performance.now() < warmedBy) await sleep(20)

    const measured = new Recorder()
    recorder = measured
    const pids = instances.map((instance) => instance.pid)
    const serverCpu = () => pids.reduce<number | undefined>((sum, pid) => (sum ?? 0) + (cpuMs(pid) ?? NaN), 0)
    const serverBefore = serverCpu()
    const databaseBefore = options.database ? postgresCpu(options.database) : undefined
    const clientBefore = process.cpuUsage()
    const eventsBefore = streams.counts.events
    const droppedBefore = streams.counts.dropped
    const fromUs = monotonicUs()
    const from = Date.now()
    if (traceFile) clientDelay.enable()
    await generate(rate, options.seconds, act)
    recorder = undefined
    const toUs = monotonicUs()
    const to = Date.now()
    const drainUntil = performance.now() + DRAIN_TIMEOUT_MS
    while (measured.outstanding > 0 && performance.now() < drainUntil) await sleep(20)
    const serverMs = (serverCpu() ?? NaN) - (serverBefore ?? NaN)
    const databaseMs = options.database ? postgresCpuSince(databaseBefore, options.database) : undefined
    const client = process.cpuUsage(clientBefore)
    sampleRss()
    if (traceFile && clientTrace) {
      clientDelay.disable()
      clientTrace.push({
        client: { p99: clientDelay.percentile(99) / 1e6 - 5, max: clientDelay.max / 1e6 - 5 },
        players: players.length,
        from,
        to,
      })
      appendFileSync(traceFile, clientTrace.map((entry) => `${JSON.stringify(entry)}\n`).join(''))
    }

    const kinds = [...new Set([...measured.latencies.keys(), ...measured.errors.keys()])]
    const byKind = Object.fromEntries(
      kinds.map((kind) => [
        kind,
        summarize([...(measured.latencies.get(kind) ?? [])], measured.errors.get(kind) ?? 0),
      ]),
    )
    const byAction = Object.fromEntries(
      [...measured.actionCounts].map(([action, actions]) => [
        action,
        {
          actions,
          ...summarize(
            [...(measured.actionLatencies.get(action) ?? [])],
            measured.actionErrors.get(action) ?? 0,
          ),
        },
      ]),
    )
    const errors = [...measured.errors.values()].reduce((a, b) => a + b, 0) + measured.outstanding
    const all = summarize([...measured.latencies.values()].flat(), errors)
    const perRequest = (ms: number | undefined) =>
      ms !== undefined && Number.isFinite(ms) && all.requests > 0
        ? Math.round((ms * 1000) / all.requests)
        : null
    return {
      players: players.length,
      ...all,
      refused: measured.refused,
      rps: Math.round(all.requests / options.seconds),
      actionsPerSecond: round(measured.actions / options.seconds),
      streams: {
        opened: streams.opened,
        failed: streams.failed,
        dropped: streams.counts.dropped - droppedBefore,
        openSeconds: streams.openSeconds,
        eventsPerSecond: round((streams.counts.events - eventsBefore) / options.seconds),
      },
      byKind,
      byAction,
      serverCpuUs: perRequest(serverMs),
      serverCpuPerActionUs:
        Number.isFinite(serverMs) && measured.actions > 0
          ? Math.round((serverMs * 1000) / measured.actions)
          : null,
      databaseCpuUs: perRequest(databaseMs),
      clientCpuUs: perRequest((client.user + client.system) / 1000),
      rssPeakMb: Math.max(...rssPeak) || null,
      lagP99Ms: latencyPercentiles(measured.lags).p99,
      errorSamples: [...streams.problems, ...measured.errorSamples],
      window: { fromUs, toUs },
      wallWindow: { from, to },
    }
  } finally {
    clearInterval(sampler)
    streams.close()
    for (const agent of agents) agent.destroy()
  }
}

// The model as the report states it.
export const describeModel = (thinkSeconds: number) => ({
  thinkSeconds,
  actions: ACTIONS.map(({ name, weight }) => ({ name, weight })),
})
