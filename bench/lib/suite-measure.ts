// How the suite measures one thing: a read through a server or as direct SQL, warmed up first when
// asked, each measured window kept for the CPU profiles; the better of two runs, and a run's
// figures as the log shows them.
import { type Execute, httpLoad, type LoadResult, sqlLoad } from './load'
import type { Call, ReadPlan } from './probe'
import { monotonicUs, type Started } from './processes'
import type { ProfileWindow, SuiteOptions } from './suite-options'
import type { OpenDataset } from './suite-results'

// A measured run, its window kept when profiles are being written.
export async function measuredRun(
  options: SuiteOptions,
  window: Omit<ProfileWindow, 'fromUs' | 'toUs' | 'requests' | 'serverCpuUs'>,
  run: () => Promise<LoadResult>,
) {
  const fromUs = monotonicUs()
  const result = await run()
  const toUs = monotonicUs()
  options.profileWindows?.push({
    ...window,
    fromUs,
    toUs,
    requests: result.requests,
    serverCpuUs: result.serverCpuUs,
  })
  return result
}

// A run's figures, as the log shows them.
export const fmt = (r: LoadResult) =>
  `p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.rps} req/s` +
  (r.serverCpuUs ? `, ${r.serverCpuUs} µs server CPU/req` : '') +
  (r.clientCpuUs ? `, ${r.clientCpuUs} µs client CPU/req` : '') +
  (r.databaseCpuUs ? `, ${r.databaseCpuUs} µs database CPU/req` : '') +
  (r.errors ? `, ${r.errors} errors` : '')

export async function measureSql(plan: ReadPlan, execute: Execute, options: SuiteOptions, warm = true) {
  const calls = plan.calls.map((c) => c.steps)
  if (warm)
    await sqlLoad(execute, calls, { connections: options.connections, seconds: options.warmupSeconds })
  return sqlLoad(execute, calls, { connections: options.connections, seconds: options.seconds })
}

export const httpCalls = (calls: Call[]) =>
  calls.map((call) => ({ path: call.path, headers: { cookie: call.cookie } }))

// A read through one server (the app's or the least server), warmed up first when asked; its
// window is kept for the profiles.
export async function measureOn(
  side: ProfileWindow['server'],
  server: Started,
  dataset: string,
  plan: ReadPlan,
  options: SuiteOptions,
  warm: boolean,
) {
  const calls = httpCalls(plan.calls)
  if (warm)
    await httpLoad(server.url, calls, { connections: options.connections, seconds: options.warmupSeconds })
  const window = { server: side, dataset, key: plan.endpoint.key, name: plan.endpoint.name }
  return measuredRun(options, window, () =>
    httpLoad(server.url, calls, {
      connections: options.connections,
      seconds: options.seconds,
      serverPid: server.pid,
    }),
  )
}

export const measureApi = (open: OpenDataset, plan: ReadPlan, options: SuiteOptions, warm: boolean) =>
  measureOn('app', open.server, open.target.label, plan, options, warm)

// The lower p50 of two measurements of the same thing.
export const better = (a: LoadResult | undefined, b: LoadResult) => (a && a.p50 <= b.p50 ? a : b)
