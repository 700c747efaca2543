// What the probe in each server of a mix step (loop-probe.mjs) wrote, summed up over the step's
// measured window: how its threads fared, for the report and the log.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT } from './processes'

// One second of one of a server's threads, as loop-probe.mjs writes it (the pool's figures are the
// main thread's).
interface ProbeLine {
  t: number
  thread: string
  loop: { p99: number; max: number }
  elu: number
  gc: { ms: number; maxMs: number; majorCount: number }
  pool: { acquired: number; waited: number; waitMs: number; maxWaitMs: number; maxQueue: number }
}

// The measured window's seconds of every instance, summed up: how late the event loop ran its
// timers (the worst second's p99, the longest delay), how busy it was, garbage collection's pauses,
// and the waits for a pooled connection.
export interface ProbeSummary {
  loopP99Ms: number
  loopMaxMs: number
  eluMean: number
  eluMax: number
  gcMsPerSecond: number
  gcMaxMs: number
  majorGcs: number
  poolAcquired: number
  poolWaitedShare: number
  poolWaitMeanMs: number
  poolWaitMaxMs: number
  poolQueueMax: number
  // The embedded database's thread (PGlite only): how busy its event loop was, mean and worst second.
  workerEluMean?: number | undefined
  workerEluMax?: number | undefined
}

export const PROBE_MODULE = path.join(ROOT, 'bench/lib/loop-probe.mjs')

export function summarizeProbe(
  files: string[],
  window: { from: number; to: number },
): ProbeSummary | undefined {
  const all: ProbeLine[] = []
  for (const file of files) {
    let text = ''
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      continue
    }
    for (const line of text.split('\n')) {
      if (!line) continue
      const parsed = JSON.parse(line) as ProbeLine
      // Each line covers the second before its time.
      if (parsed.t - 1000 >= window.from && parsed.t <= window.to + 500) all.push(parsed)
    }
  }
  const lines = all.filter((line) => line.thread === 'main')
  const workers = all.filter((line) => line.thread !== 'main')
  if (lines.length === 0) return undefined
  const sum = (of: (line: ProbeLine) => number, from = lines) =>
    from.reduce((total, line) => total + of(line), 0)
  const max = (of: (line: ProbeLine) => number, from = lines) => Math.max(...from.map(of))
  const acquired = sum((line) => line.pool.acquired)
  const round = (value: number, digits = 2) => Number(value.toFixed(digits))
  return {
    loopP99Ms: round(max((line) => line.loop.p99)),
    loopMaxMs: round(max((line) => line.loop.max)),
    eluMean: round(sum((line) => line.elu) / lines.length),
    eluMax: round(max((line) => line.elu)),
    gcMsPerSecond: round(sum((line) => line.gc.ms) / lines.length, 1),
    gcMaxMs: round(
      max((line) => line.gc.maxMs),
      1,
    ),
    majorGcs: sum((line) => line.gc.majorCount),
    poolAcquired: acquired,
    poolWaitedShare: acquired ? round(sum((line) => line.pool.waited) / acquired, 3) : 0,
    poolWaitMeanMs: acquired ? round(sum((line) => line.pool.waitMs) / acquired, 3) : 0,
    poolWaitMaxMs: round(
      max((line) => line.pool.maxWaitMs),
      1,
    ),
    poolQueueMax: max((line) => line.pool.maxQueue),
    ...(workers.length
      ? {
          workerEluMean: round(sum((line) => line.elu, workers) / workers.length),
          workerEluMax: round(max((line) => line.elu, workers)),
        }
      : {}),
  }
}

export const describeProbe = (probe: ProbeSummary | undefined) =>
  probe
    ? `; main thread: timers late p99 ${probe.loopP99Ms} ms (worst second), most ${probe.loopMaxMs} ms, ` +
      `busy ${Math.round(probe.eluMean * 100)}% (max ${Math.round(probe.eluMax * 100)}%), ` +
      `GC ${probe.gcMsPerSecond} ms/s (max pause ${probe.gcMaxMs} ms, ${probe.majorGcs} major), ` +
      `pool: ${Math.round(probe.poolWaitedShare * 100)}% of ${probe.poolAcquired} waited, ` +
      `mean ${probe.poolWaitMeanMs} ms, max ${probe.poolWaitMaxMs} ms, queue ≤ ${probe.poolQueueMax}` +
      (probe.workerEluMean === undefined
        ? ''
        : `; database thread busy ${Math.round(probe.workerEluMean * 100)}% (max ${Math.round((probe.workerEluMax ?? 0) * 100)}%)`)
    : ''
