// Loaded into every server of the mix with `node --import` (bench/lib/mix.ts): once a second it
// appends one JSON line to PM_BENCH_PROBE_FILE with what that second held for its thread: how
// busy the event loop was, how late it ran a timer (perf_hooks' histogram), garbage collection's
// pauses, and, on the main thread, how long queries and transactions waited for a pooled
// database connection (pg-pool's `connect`, which both go through). Nothing
// of it is in the app: the server runs the same bundle, with this beside it. A worker thread
// loads it too (the embedded database's): its lines say which thread wrote them.
import { createRequire } from 'node:module'
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
      pool.maxQueue = Math.max(pool.maxQueue, this.waitingCount ?? 0)
      const record = () => {
        const waited = performance.now() - started
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
    delay.reset()
    elu = nextElu
    gc = emptyGc()
    pool = emptyPool()
  }, 1000).unref()
}
