// The hot writes of a data set, each at the run's connections and, on the main data set, at fewer
// connections too, where the latency bound is read.
import { WRITES } from './endpoints'
import { httpLoad, type HttpCall } from './load'
import { fmt, measuredRun } from './suite-measure'
import type { SuiteOptions } from './suite-options'
import type { OpenDataset } from './suite-results'

// More writes a second than the server can take: each write run gets this many distinct calls.
export const WRITES_PER_SECOND_BOUND = 3000
// Each write runs at the run's connections, then at these fewer: at 32 connections on two cores a
// request waits behind the others (p50 ≈ 32 ÷ throughput), so a latency bound is read where the
// queue is shorter, as the mix reads its players at p99 < 100 ms.
export const WRITE_SWEEP_CONNECTIONS = [16, 8]

// The hot writes on one data set. Each call must be a new write: more calls than the run can send
// (wrk would start over at the end).
export async function measureWrites(open: OpenDataset, options: SuiteOptions, sweep = false) {
  const { log } = options
  if (!open.writeCalls) return
  const writeCalls = open.writeCalls
  const { result, server } = open
  const base = server.url
  for (const write of WRITES) {
    const calls = (seconds: number) =>
      Array.from({ length: seconds * WRITES_PER_SECOND_BOUND }, () => writeCalls[write.key](base))
    await httpLoad(base, calls(options.warmupSeconds), {
      connections: options.connections,
      seconds: options.warmupSeconds,
    })
    const window = { server: 'app', dataset: open.target.label, key: write.key, name: write.name } as const
    const api = await measuredRun(options, window, () =>
      httpLoad(base, calls(options.seconds), {
        connections: options.connections,
        seconds: options.seconds,
        serverPid: server.pid,
      }),
    )
    log(`  ${open.target.label} ${write.name}: API ${fmt(api)}`)
    const byConnections = [{ connections: options.connections, api }]
    // Fewer connections served at most 1.3 times the requests of the run above: calls for twice its
    // rate. A data set with too few left (the 10k one has open PlayDates for fewer applications)
    // ends the write's sweep there.
    const sweepRate = Math.min(WRITES_PER_SECOND_BOUND, Math.ceil(api.rps * 2))
    const sweepCalls = (seconds: number) =>
      Array.from({ length: seconds * sweepRate }, () => writeCalls[write.key](base))
    for (const connections of sweep ? WRITE_SWEEP_CONNECTIONS.filter((n) => n < options.connections) : []) {
      let warm: HttpCall[]
      let measured: HttpCall[]
      try {
        warm = sweepCalls(options.warmupSeconds)
        measured = sweepCalls(options.seconds)
      } catch (error) {
        log(
          `  ${open.target.label} ${write.name}: not run at ${connections} connections (${(error as Error).message})`,
        )
        break
      }
      await httpLoad(base, warm, { connections, seconds: options.warmupSeconds })
      const fewer = await httpLoad(base, measured, {
        connections,
        seconds: options.seconds,
        serverPid: server.pid,
      })
      log(`  ${open.target.label} ${write.name} at ${connections} connections: API ${fmt(fewer)}`)
      byConnections.push({ connections, api: fewer })
    }
    result.writes.push({
      key: write.key,
      name: write.name,
      api,
      byConnections,
      explain: open.writeExplains.get(write.key) ?? [],
    })
  }
}
