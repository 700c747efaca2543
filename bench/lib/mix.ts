// Capacity on a realistic mix (docs/decisions/0117-capacity-on-a-realistic-mix.md): how many
// active players one instance serves with p99 under 100 ms, on PGlite, on PostgreSQL and as two
// instances on one PostgreSQL, each step on servers started for it and measured in turns.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sessionCookieName } from '../../src/server/features/auth'
import { JOB_TURN_MS } from '../../src/server/lib/job-runner'
import { databaseNameOf, databaseUrlFor, datasetLabel, openPgliteRunner, type SqlRunner } from './databases'
import {
  compareAlone,
  comparedStep,
  DEFAULT_ALONE_ACTIONS_PER_SECOND,
  measureAlone,
  type MixAlone,
} from './mix-alone'
import { describeModel, runStep, type StepResult } from './mix-load'
import { type MixData, prepareMixData, removeMixSessions, undoStep } from './mix-players'
import { describeProbe, PROBE_MODULE, type ProbeSummary, summarizeProbe } from './mix-probe'
import { ROOT, type Started, startAppServer } from './processes'
import { DESCRIBED_TABLES } from '../dataset/tables'
import { ensureDataset } from './suite-dataset'
import type { Target } from './suite-options'

// A step passes when its p99 is under this and nothing failed.
export const MIX_P99_MS = 100

export const MIX_CONFIGS = {
  pglite: { name: 'One instance on PGlite', kind: 'pglite', instances: 1 },
  postgres: { name: 'One instance on PostgreSQL', kind: 'postgres', instances: 1 },
  'postgres-2': { name: 'Two instances on one PostgreSQL', kind: 'postgres', instances: 2 },
} as const
export type MixConfigKey = keyof typeof MIX_CONFIGS

export interface MixOptions {
  profiles: number
  configs: MixConfigKey[]
  // The ramp of active players; then `bisections` steps between the last pass and the first fail.
  steps: number[]
  bisections: number
  thinkSeconds: number
  warmupSeconds: number
  seconds: number
  // Each action alone after the configuration's steps (mix-alone.ts): seconds per action (0: not
  // measured), and the rate (default the capacity step's).
  aloneSeconds: number
  aloneRate?: number | undefined
  poolSize: number
  dataDir?: string | undefined
  databaseUrl?: string | undefined
  // A directory for CPU profiles of the servers (node --cpu-prof), one subdirectory per profiled
  // step (mix-profile-report.ts reads them); the steps to profile, by players (all when absent).
  cpuProfileDir?: string | undefined
  cpuProfilePlayers?: number[] | undefined
  // More flags for node in every server (a V8 setting to compare, say).
  nodeArgs?: string[] | undefined
  // More environment for every server (a malloc setting, say).
  serverEnv?: Record<string, string> | undefined
  log: (line: string) => void
}

export type MixStep = StepResult & {
  pass: boolean
  // What the servers' main threads went through in the measured window (loop-probe.mjs).
  probe?: ProbeSummary | undefined
  // The profiled step's directory of CPU profiles, one per thread of each server, under
  // `cpuProfileDir`, and the servers' process ids.
  profile?: { dir: string; pids: number[] }
  // The jobs due by the end of the measured window and not yet run then, how long the oldest of
  // them had waited (s), and how many of them had waited longer than the runner's interval between
  // turns (JOB_TURN_MS: a turn that takes fewer than its limit is followed that much later, so a
  // job may wait that long by design): a job runner that keeps up leaves none of those.
  jobs?: { due: number; oldestSeconds: number; late: number } | undefined
}

// What the job runner had left at `to` (epoch ms): read after the servers stopped, before the
// step is undone. A job done after `to` counts as waiting at `to`.
async function jobsBehind(runner: SqlRunner, to: number) {
  const [row] = await runner.rows<{ due: number; oldest: number | null; late: number }>(
    `select count(*)::int as due, extract(epoch from (to_timestamp($1::float8 / 1000) - min(run_at)))::float8 as oldest,
       (count(*) filter (where run_at <= to_timestamp(($1::float8 - $2::float8) / 1000)))::int as late
     from jobs where run_at <= to_timestamp($1::float8 / 1000)
       and (done_at is null or done_at > to_timestamp($1::float8 / 1000))`,
    [to, JOB_TURN_MS],
  )
  return {
    due: row?.due ?? 0,
    oldestSeconds: Math.round((row?.oldest ?? 0) * 10) / 10,
    late: row?.late ?? 0,
  }
}

export interface MixConfigResult {
  key: MixConfigKey
  name: string
  instances: number
  steps: MixStep[]
  // The most players a step passed with (per instance: divided by `instances`); `atLeast` when
  // the largest step of the ramp passed too.
  capacity: number | null
  atLeast: boolean
  // Each action alone on the same servers, and the mix's server CPU per action against it.
  alone?: MixAlone | undefined
}

export interface MixResult {
  model: ReturnType<typeof describeModel>
  profiles: number
  tables: Record<string, Record<string, number>>
  settings: Omit<
    MixOptions,
    | 'log'
    | 'configs'
    | 'dataDir'
    | 'databaseUrl'
    | 'profiles'
    | 'cpuProfileDir'
    | 'cpuProfilePlayers'
    | 'nodeArgs'
    | 'serverEnv'
  >
  configs: MixConfigResult[]
}

interface MixDatabase {
  target: Target
  data: MixData
  // PostgreSQL: open for the whole run. PGlite: opened between steps only (the server owns it).
  runner: SqlRunner | undefined
}

const withRunner = async <T>(db: MixDatabase, use: (runner: SqlRunner) => Promise<T>) => {
  if (db.runner) return use(db.runner)
  const runner = await openPgliteRunner(db.target.dataDir)
  try {
    return await use(runner)
  } finally {
    await runner.close()
  }
}

const passes = (step: StepResult) =>
  step.p99 < MIX_P99_MS && step.errors === 0 && step.streams.failed === 0 && step.streams.dropped === 0

// The ramp, then bisection between the last pass and the first fail.
class CapacitySearch {
  #ramp = 0
  #low = 0
  #high: number | undefined
  #bisections: number
  done = false
  constructor(
    private readonly steps: number[],
    bisections: number,
  ) {
    this.#bisections = bisections
  }

  next(): number | undefined {
    if (this.done) return undefined
    if (this.#high === undefined) return this.steps[this.#ramp]
    const middle = (this.#low + this.#high) / 2
    const rounded = Math.round(middle / 50) * 50
    const players = rounded > this.#low && rounded < this.#high ? rounded : Math.round(middle)
    if (this.#bisections <= 0 || players <= this.#low || players >= this.#high) {
      this.done = true
      return undefined
    }
    return players
  }

  record(players: number, pass: boolean) {
    if (this.#high === undefined) {
      if (pass) this.#low = players
      else this.#high = players
      this.#ramp++
      if (pass && this.#ramp >= this.steps.length) this.done = true
      return
    }
    if (pass) this.#low = players
    else this.#high = players
    this.#bisections--
  }
}

const describeStep = (step: MixStep) =>
  `p50 ${step.p50} ms, p95 ${step.p95} ms, p99 ${step.p99} ms, ${step.rps} req/s, ` +
  `${step.errors} errors, ${step.refused} refused, ` +
  `CPU/req server ${step.serverCpuUs ?? '-'} µs + database ${step.databaseCpuUs ?? '-'} µs + load ${step.clientCpuUs ?? '-'} µs ` +
  `(server ${step.serverCpuPerActionUs ?? '-'} µs/action), ` +
  `RSS ${step.rssPeakMb ?? '-'} MB, streams ${step.streams.opened}/${step.players}` +
  (step.streams.dropped ? ` (${step.streams.dropped} dropped)` : '') +
  `, lag p99 ${step.lagP99Ms} ms: ${step.pass ? 'pass' : 'FAIL'}` +
  (step.errorSamples.length ? ` (${step.errorSamples.join('; ')})` : '') +
  (step.jobs
    ? `; jobs waiting at the end ${step.jobs.due} (oldest ${step.jobs.oldestSeconds} s, ${step.jobs.late} due over ${JOB_TURN_MS / 1000} s before)`
    : '') +
  describeProbe(step.probe)

export async function measureMix(options: MixOptions): Promise<MixResult> {
  const { log } = options
  const label = datasetLabel(options.profiles, options.profiles * 2)
  const kinds = new Set(options.configs.map((key) => MIX_CONFIGS[key].kind))
  const sessions = Math.max(...options.steps)
  const databases = new Map<'pglite' | 'postgres', MixDatabase>()
  const tables: MixResult['tables'] = {}
  try {
    for (const kind of kinds) {
      const target: Target =
        kind === 'pglite'
          ? {
              label,
              kind,
              profiles: options.profiles,
              playDates: options.profiles * 2,
              dataDir: options.dataDir ?? path.join(ROOT, 'bench/.data', `pglite-${label}`),
            }
          : {
              label,
              kind,
              profiles: options.profiles,
              playDates: options.profiles * 2,
              databaseUrl: options.databaseUrl ?? databaseUrlFor(label),
            }
      const runner = await ensureDataset(target, log)
      tables[kind] = {}
      for (const table of DESCRIBED_TABLES) {
        const [row] = await runner.rows<{ count: number }>(`select count(*)::int as count from ${table}`)
        tables[kind][table] = row?.count ?? 0
      }
      log(`Mix on ${kind}: ${sessions} sessions for the players...`)
      const data = await prepareMixData(runner, sessions, sessionCookieName(true))
      if (kind === 'pglite') await runner.close()
      databases.set(kind, { target, data, runner: kind === 'pglite' ? undefined : runner })
    }

    // A configuration's server(s), started afresh as every step starts them; each goes into
    // `servers` as soon as it runs, so the caller stops whichever started. Returns the probe files.
    const startServers = async (
      key: MixConfigKey,
      servers: Started[],
      probeDir: string,
      profileDir?: string,
    ) => {
      const config = MIX_CONFIGS[key]
      const db = databases.get(config.kind)!
      const probeFiles: string[] = []
      for (let i = 0; i < config.instances; i++) {
        const probeFile = path.join(probeDir, `${i}.jsonl`)
        probeFiles.push(probeFile)
        servers.push(
          await startAppServer({
            databaseUrl: db.target.databaseUrl,
            dataDir: db.target.dataDir,
            poolSize: options.poolSize,
            env: {
              ...options.serverEnv,
              // Per-player limits as in production: the mix stays far below them.
              RATE_LIMIT_FACTOR: '1',
              PM_BENCH_PROBE_FILE: probeFile,
            },
            nodeArgs: [
              ...(options.nodeArgs ?? []),
              '--import',
              PROBE_MODULE,
              ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
            ],
          }),
        )
      }
      return probeFiles
    }

    let profiledSteps = 0
    // One step: fresh servers, the players' streams and actions, then what they wrote undone.
    const runOn = async (key: MixConfigKey, players: number) => {
      const config = MIX_CONFIGS[key]
      const db = databases.get(config.kind)!
      // The servers stamp rows with the database's clock, which on this machine is this one's.
      const since = new Date().toISOString()
      const servers: Started[] = []
      const probeDir = mkdtempSync(path.join(os.tmpdir(), 'pm-mix-probe-'))
      const profiled =
        options.cpuProfileDir && (!options.cpuProfilePlayers || options.cpuProfilePlayers.includes(players))
      // Node names each thread's profile after its process and thread (the PGlite worker's too).
      const profileDir = profiled
        ? path.join(options.cpuProfileDir!, `${key}-${players}-${++profiledSteps}`)
        : undefined
      let step: MixStep | undefined
      try {
        const probeFiles = await startServers(key, servers, probeDir, profileDir)
        const result = await runStep({
          instances: servers.map((server) => ({ url: server.url, pid: server.pid })),
          data: db.data,
          players,
          thinkSeconds: options.thinkSeconds,
          warmupSeconds: options.warmupSeconds,
          seconds: options.seconds,
          database: db.target.databaseUrl ? databaseNameOf(db.target.databaseUrl) : undefined,
        })
        step = {
          ...result,
          pass: passes(result),
          probe: summarizeProbe(probeFiles, result.wallWindow),
          ...(profileDir
            ? { profile: { dir: profileDir, pids: servers.map((server) => server.pid ?? 0) } }
            : {}),
        }
      } finally {
        for (const server of servers) await server.stop()
        rmSync(probeDir, { recursive: true, force: true })
        await withRunner(db, async (runner) => {
          if (step) step.jobs = await jobsBehind(runner, step.wallWindow.to)
          await undoStep(runner, since, db.data.snapshot)
        })
      }
      log(`  ${key}, ${players} players: ${describeStep(step)}`)
      return step
    }

    // Each action alone (mix-alone.ts) on fresh servers of the configuration, at its capacity
    // step's rate; then what the actions wrote undone, as after a step.
    const runAloneOn = async (config: MixConfigResult) => {
      const db = databases.get(MIX_CONFIGS[config.key].kind)!
      const since = new Date().toISOString()
      const servers: Started[] = []
      const probeDir = mkdtempSync(path.join(os.tmpdir(), 'pm-mix-probe-'))
      const step = comparedStep(config.steps, config.capacity)
      const rate =
        options.aloneRate ?? (step?.pass ? step.actionsPerSecond : DEFAULT_ALONE_ACTIONS_PER_SECOND)
      try {
        await startServers(config.key, servers, probeDir)
        log(`  ${config.key}, each action alone at ${rate} actions/s for ${options.aloneSeconds} s:`)
        const alone = await measureAlone({
          instances: servers.map((server) => ({ url: server.url, pid: server.pid })),
          data: db.data,
          actionsPerSecond: rate,
          thinkSeconds: options.thinkSeconds,
          warmupSeconds: options.warmupSeconds,
          seconds: options.aloneSeconds,
          log,
        })
        return compareAlone(alone, step)
      } finally {
        for (const server of servers) await server.stop()
        rmSync(probeDir, { recursive: true, force: true })
        await withRunner(db, (runner) => undoStep(runner, since, db.data.snapshot))
      }
    }

    log(
      `Capacity on a realistic mix (${options.configs.join(', ')}), in turns: steps of ` +
        `${options.steps.join(', ')} players, then ${options.bisections} bisections`,
    )
    const configs: MixConfigResult[] = options.configs.map((key) => ({
      key,
      name: MIX_CONFIGS[key].name,
      instances: MIX_CONFIGS[key].instances,
      steps: [],
      capacity: null,
      atLeast: false,
    }))
    const searches = new Map(configs.map((c) => [c, new CapacitySearch(options.steps, options.bisections)]))
    while ([...searches.values()].some((search) => !search.done)) {
      for (const [config, search] of searches) {
        const players = search.next()
        if (players === undefined) continue
        const step = await runOn(config.key, players)
        config.steps.push(step)
        search.record(players, step.pass)
      }
    }
    for (const config of configs) {
      const passed = config.steps.filter((step) => step.pass).map((step) => step.players)
      config.capacity = passed.length ? Math.max(...passed) : null
      config.atLeast = config.capacity !== null && config.capacity >= Math.max(...options.steps)
      log(
        `  ${config.name}: ${config.capacity === null ? 'no step passed' : `${config.atLeast ? '≥ ' : ''}${config.capacity} players`}`,
      )
    }
    if (options.aloneSeconds > 0)
      for (const config of configs) {
        const alone = await runAloneOn(config)
        config.alone = alone
        log(
          `  ${config.name}: server CPU per action ${alone.compared?.serverCpuPerActionUs ?? '-'} µs at ` +
            `${alone.compared?.players ?? '-'} players${alone.compared?.pass ? '' : ' (no step passed: the largest)'}, ` +
            `${alone.serverCpuPerActionUs ?? '-'} µs each action alone: ${alone.ratio ?? '-'}×`,
        )
      }

    return {
      model: describeModel(options.thinkSeconds),
      profiles: options.profiles,
      tables,
      settings: {
        steps: options.steps,
        bisections: options.bisections,
        thinkSeconds: options.thinkSeconds,
        warmupSeconds: options.warmupSeconds,
        seconds: options.seconds,
        aloneSeconds: options.aloneSeconds,
        aloneRate: options.aloneRate,
        poolSize: options.poolSize,
      },
      configs,
    }
  } finally {
    for (const db of databases.values()) {
      await withRunner(db, removeMixSessions).catch((error: unknown) =>
        log(`  could not remove the mix sessions: ${error}`),
      )
      await db.runner?.close()
    }
  }
}
