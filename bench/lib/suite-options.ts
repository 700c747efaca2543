// What a run of the suite is given: the data sets to measure (Target), what to measure on them
// and how (SuiteOptions), and the window of each measured run that its CPU profiles are read by
// (profile-report.ts).
import type { ReadEndpoint } from './endpoints'

export interface Target {
  label: string
  kind: 'postgres' | 'pglite'
  profiles: number
  playDates: number
  databaseUrl?: string
  dataDir?: string
}

export interface SuiteOptions {
  connections: number
  seconds: number
  warmupSeconds: number
  poolSize: number
  players: number
  // A directory for CPU profiles (node --cpu-prof) of the app server and the least server, written
  // when they stop; each measured read's window is added to `profileWindows`, so the profiles can
  // be read read by read (lib/profile-report.ts).
  cpuProfileDir?: string | undefined
  profileWindows?: ProfileWindow[] | undefined
  reads: ReadEndpoint[]
  writes: boolean
  floor: boolean
  fanout: { clients: number; ratePerSecond: number } | null
  log: (line: string) => void
}

// One measured run of a read on one server, on the monotonic clock that CPU profiles use (µs).
export interface ProfileWindow {
  server: 'app' | 'least'
  dataset: string
  key: string
  name: string
  fromUs: number
  toUs: number
  requests: number
  // The server process's CPU per request in the window, all threads (from /proc).
  serverCpuUs?: number | undefined
}

// A CPU profile for node, named after the server and the data set.
export const cpuProfileArgs = (dir: string, name: string) => [
  '--cpu-prof',
  `--cpu-prof-dir=${dir}`,
  `--cpu-prof-name=${name.replace(/[^\w-]+/g, '-')}.cpuprofile`,
]
