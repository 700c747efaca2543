// Loaded into every server of the mix with `node --import` (bench/lib/mix.ts): once a second it
// appends one JSON line to PM_BENCH_PROBE_FILE with what that second held for its thread: how
// busy the event loop was, how late it ran a timer (perf_hooks' histogram), garbage collection's
// pauses, and, on the main thread, how long queries and transactions waited for a pooled
// database connection (pg-pool's `connect`, which both go through). Nothing
// of it is in the app: the server runs the same bundle, with this beside it. A worker thread
// loads it too (the embedded database's): its lines say which thread wrote them.
import { createRequire } from 'node:module'
import v8 from 'node:v8'
import { appendFileSync } from 'node:fs'
import { monitorEventLoopDelay, performance, PerformanceObserver, constants } from 'node:perf_hooks'
import { isMainThread, threadId } from 'node:worker_threads'

const file = process.env.PM_BENCH_PROBE_FILE
if (file) {
  const require = createRequire(`${process.cwd()}/package.json`)
  // The histogram holds the time between two runs of a 5 ms timer: what is over 5 ms is how late
  // the loop ran it.
  const RESOLUTION_MS = 5
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
  const late = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS)
  delay.enable()

  const emptyGc = () => ({ ms: 0, maxMs: 0, majorCount: 0 })
  let gc = emptyGc()
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.ms += entry.duration
      gc.maxMs = Math.max(gc.maxMs, entry.duration)
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.majorCount++
    }
  }).observe({ entryTypes: ['gc'] })

  const emptyPool = () => ({ acquired: 0, waited: 0, waitMs: 0, maxWaitMs: 0, maxQueue: 0 })
  let pool = emptyPool()
  const pgPool = isMainThread ? Object.getPrototypeOf(require('pg').Pool.prototype) : {}
  const connect = pgPool.connect
  if (isMainThread)
    pgPool.connect = function probedConnect(callback) {
      const started = performance.now()
      const queue = this.waitingCount ?? 0
      pool.maxQueue = Math.max(pool.maxQueue, queue)
      const record = () => {
        const waited = performance.now() - started
        traced(waited, queue)
        pool.acquired++
        pool.waitMs += waited
        pool.maxWaitMs = Math.max(pool.maxWaitMs, waited)
        if (waited >= 1) pool.waited++
      }
      if (typeof callback === 'function')
        return connect.call(this, (error, client, release) => {
          record()
          callback(error, client, release)
        })
      return connect.call(this).then((client) => {
        record()
        return client
      })
    }

  // With PM_BENCH_TRACE_FILE as well (a mix step's --mix-server-env), the main thread also writes
  // to that file, a JSON line each: every request (`r`: its path, `at`: when it came in on the
  // wall clock, `ms`: to the last byte of its answer), every statement slower than
  // PM_BENCH_TRACE_QUERY_MS (`q`, default 20 ms), every wait of 5 ms or more for a pooled
  // connection (`pool`: how many were waiting), every full or incremental garbage collection of
  // 5 ms or more (`gc`: its kind), and every 100 ms a line `w` with the process's CPU (ms, all
  // threads), the loop's utilization, how late that timer ran, the pool's queue and idle
  // connections, the heap's size (MB) and how many scavenges ran. With the load generator's own
  // trace (PM_BENCH_MIX_TRACE, mix-load.ts) it shows what a step's slowest requests had in
  // common (bench/mix-trace.ts, bench/notes.md).
  const traceFile = isMainThread ? process.env.PM_BENCH_TRACE_FILE : undefined
  const trace = []
  let scavenges = 0
  const traced = (waited, queue) => {
    if (traceFile && waited >= 5) trace.push({ pool: queue, at: Date.now(), ms: +waited.toFixed(2) })
  }
  if (traceFile) {
    const http = require('node:http')
    const emit = http.Server.prototype.emit
    http.Server.prototype.emit = function tracedEmit(event, request, response) {
      if (event === 'request') {
        const at = Date.now()
        const started = performance.now()
        response.once('finish', () =>
          trace.push({ r: request.url.split('?')[0], at, ms: +(performance.now() - started).toFixed(2) }),
        )
      }
      return emit.apply(this, arguments)
    }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) scavenges++
        else if (entry.duration >= 5)
          trace.push({
            gc: entry.detail?.kind,
            at: Math.round(performance.timeOrigin + entry.startTime),
            ms: +entry.duration.toFixed(2),
          })
    }).observe({ entryTypes: ['gc'] })

    const { Client, Pool } = require('pg')
    const slowMs = Number(process.env.PM_BENCH_TRACE_QUERY_MS ?? 20)
    const query = Client.prototype.query
    Client.prototype.query = function tracedQuery(config, ...rest) {
      const started = performance.now()
      const result = query.call(this, config, ...rest)
      if (result && typeof result.then === 'function')
        result.then(
          () => {
            const ms = performance.now() - started
            if (ms < slowMs) return
            const text = typeof config === 'string' ? config : (config?.text ?? config?.name ?? '')
            trace.push({
              q: String(text).replace(/\s+/g, ' ').slice(0, 160),
              at: Date.now() - Math.round(ms),
              ms: +ms.toFixed(2),
            })
          },
          () => undefined,
        )
      return result
    }

    const pools = []
    const poolConnect = Pool.prototype.connect
    Pool.prototype.connect = function remembered(...args) {
      if (!pools.includes(this)) pools.push(this)
      return poolConnect.apply(this, args)
    }
    let cpu = process.cpuUsage()
    let loop = performance.eventLoopUtilization()
    let due = performance.now() + 100
    setInterval(() => {
      const now = performance.now()
      const nextCpu = process.cpuUsage()
      const nextLoop = performance.eventLoopUtilization()
      trace.push({
        w: 1,
        at: Date.now(),
        cpu: +((nextCpu.user - cpu.user + nextCpu.system - cpu.system) / 1000).toFixed(1),
        elu: +performance.eventLoopUtilization(nextLoop, loop).utilization.toFixed(2),
        late: +(now - due).toFixed(1),
        queue: pools.reduce((sum, pool) => sum + (pool.waitingCount ?? 0), 0),
        idle: pools.reduce((sum, pool) => sum + (pool.idleCount ?? 0), 0),
        heap: Math.round(v8.getHeapStatistics().used_heap_size / 1e6),
        scavenges,
      })
      scavenges = 0
      cpu = nextCpu
      loop = nextLoop
      due = now + 100
    }, 100).unref()
  }

  // PM_BENCH_HEAP_SAMPLE=file,from,seconds[,promoted]: the main thread's allocations, sampled
  // (every 32 KB) from `from` seconds after start for `seconds`, written to `file` as a heap
  // profile (DevTools' "Allocation sampling" reads it): what a step's requests allocate, by
  // function. With `promoted`, only what lived through the scavenges (what full collections
  // then have to mark and free); else the collected ones too.
  const heapSample = isMainThread ? process.env.PM_BENCH_HEAP_SAMPLE?.split(',') : undefined
  if (heapSample) {
    const [sampleFile, from, seconds, which] = heapSample
    const { Session } = require('node:inspector')
    const session = new Session()
    session.connect()
    setTimeout(
      () => {
        session.post('HeapProfiler.startSampling', {
          samplingInterval: 32768,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: which !== 'promoted',
        })
        setTimeout(
          () => {
            session.post('HeapProfiler.stopSampling', (error, result) => {
              if (!error) require('node:fs').writeFileSync(sampleFile, JSON.stringify(result.profile))
            })
          },
          Number(seconds) * 1000,
        ).unref()
      },
      Number(from) * 1000,
    ).unref()
  }

  let elu = performance.eventLoopUtilization()
  setInterval(() => {
    const nextElu = performance.eventLoopUtilization()
    const line = {
      t: Date.now(),
      thread: isMainThread ? 'main' : `worker ${threadId}`,
      loop: {
        p99: late(delay.percentile(99)),
        max: late(delay.max),
      },
      elu: performance.eventLoopUtilization(nextElu, elu).utilization,
      gc,
      pool,
    }
    appendFileSync(file, `${JSON.stringify(line)}\n`)
    if (trace.length > 0)
      appendFileSync(
        traceFile,
        trace
          .splice(0)
          .map((entry) => `${JSON.stringify(entry)}\n`)
          .join(''),
      )
    delay.reset()
    elu = nextElu
    gc = emptyGc()
    pool = emptyPool()
  }, 1000).unref()
}
