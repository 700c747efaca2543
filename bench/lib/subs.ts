import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { fillPlaceholders } from 'drizzle-orm'
import type { PgDialect } from 'drizzle-orm/pg-core'
import { type Database, openPostgres } from '../../src/server/db/client'
import { buildDeps } from '../../src/server/deps'
import { parseEnv } from '../../src/server/env'
import { jobHandlers } from '../../src/server/jobs'
import { runDueJobs } from '../../src/server/lib/jobs'
import { createLogger } from '../../src/server/lib/logger'
import { availableSubsSql, SUB_WAVE_JOB, subCandidates } from '../../src/server/features/play-dates'
import { arizonaRegions } from '../../src/domain/play-dates/play-date.constants'
import { WAVE_MAX } from '../../src/domain/play-dates/offers'
import { RESULTS_DIR } from './report'
import { ensureDataset } from './suite-dataset'
import type { Target } from './suite-options'

// Subs on the main data set (docs/decisions/0138-offer-timings-and-waves.md): finding a sub's
// candidates (wave 2: players available as a sub in the game's home area and rating range, with
// no recent no-show) must read indexes, at p99 < 50 ms; asking a wave of 50 players (their offers,
// notices, email and push jobs, in one job) must take under 1 s of server time. A tenth of the
// players are made available as a sub in an Arizona region for the run, and put back after it.

export const SUBS_TARGETS = { candidatesP99Ms: 50, waveMs: 1000 } as const

export interface SubsResult {
  dataset: string
  availableSubs: number
  candidates: { runs: number; p50: number; p99: number; max: number }
  friends: { runs: number; p50: number; p99: number }
  plan: { customIndexes: string[]; genericIndexes: string[]; seqScans: string[] }
  waves: { rounds: number; asked: number[]; ms: number[] }
  checks: Array<{ target: string; measured: string; pass: boolean }>
}

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  Plans?: PlanNode[]
}

function walk(node: PlanNode, found: { indexes: Set<string>; seqScans: Set<string> }) {
  if (node['Index Name']) found.indexes.add(node['Index Name'])
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) found.seqScans.add(node['Relation Name'])
  for (const child of node.Plans ?? []) walk(child, found)
  return found
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
const round = (ms: number) => Math.round(ms * 100) / 100

export async function measureSubs(
  target: Target,
  options: { poolSize: number; runs?: number; rounds?: number; log: (line: string) => void },
): Promise<SubsResult> {
  const { log } = options
  const runs = options.runs ?? 500
  const rounds = options.rounds ?? 10
  const runner = await ensureDataset(target, log, options.poolSize)
  const database: Database = runner.database ?? (await openPostgres(target.databaseUrl!, options.poolSize))
  const db = database.db
  const regions = arizonaRegions.map((r) => r.key)
  const regionCase = `(array[${regions.map((r) => `'${r}'`).join(', ')}])[1 + abs(hashtext(id::text)) % ${regions.length}]`
  const made = await runner.rows<{ id: string }>(
    `update profiles set available_as_sub = true, home_state = 'AZ', home_region = ${regionCase}
     where abs(hashtext(id::text || 'sub')) % 10 = 0 and not available_as_sub and home_state is null
       and not is_paused
     returning id`,
  )
  await runner.exec('analyze profiles')
  const games: string[] = []
  try {
    const players = await runner.rows<{ id: string }>(
      `select id from profiles where not available_as_sub and not is_paused order by id limit 400`,
    )
    const pick = () => players[Math.floor(Math.random() * players.length)]!.id
    const now = new Date()

    // Wave 2's candidates, as the server reads them (a prepared statement), for random games;
    // the first 20 untimed (the pool's connections prepare the statement).
    const times: number[] = []
    for (let i = -20; i < runs; i++) {
      const center = 2.5 + Math.random() * 3
      const game = {
        state: 'AZ',
        regions: [regions[(i + regions.length) % regions.length]!],
        minDupr: (center - 0.5).toFixed(2),
        maxDupr: (center + 0.5).toFixed(2),
      }
      const started = performance.now()
      await subCandidates(db, 2, game, [], [pick(), pick(), pick(), pick()], now)
      if (i >= 0) times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    const friendTimes: number[] = []
    for (let i = 0; i < Math.min(runs, 200); i++) {
      const game = { state: 'AZ', regions: ['east_valley'], minDupr: '3.00', maxDupr: '4.50' }
      const three = [pick(), pick(), pick()]
      const started = performance.now()
      await subCandidates(db, 1, game, three, three, now)
      friendTimes.push(performance.now() - started)
    }
    friendTimes.sort((a, b) => a - b)

    // Its plan, with the values of one game, planned for them (custom) and for any (generic).
    const { dialect } = db as unknown as { dialect: PgDialect }
    const query = dialect.sqlToQuery(availableSubsSql())
    const values = fillPlaceholders(query.params, {
      state: 'AZ',
      regions: ['east_valley'],
      min: 3.25,
      max: 4.25,
      exclude: [pick()],
      since: new Date(now.getTime() - 90 * 24 * 60 * 60_000).toISOString(),
    })
    const [custom] = await runner.rows<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      `explain (analyze, format json) ${query.sql}`,
      values,
    )
    const customFound = walk(custom!['QUERY PLAN'][0]!.Plan, { indexes: new Set(), seqScans: new Set() })
    let genericFound = { indexes: new Set<string>(), seqScans: new Set<string>() }
    if (runner.kind === 'postgres') {
      await runner.exec(`prepare sub_candidates_bench as ${query.sql}`)
      await runner.exec('set plan_cache_mode = force_generic_plan')
      const literal = (v: unknown) =>
        Array.isArray(v)
          ? `'{${v.map((x) => `"${String(x)}"`).join(',')}}'`
          : typeof v === 'number'
            ? String(v)
            : `'${String(v).replace(/'/g, "''")}'`
      const [generic] = await runner.rows<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
        `explain (analyze, format json) execute sub_candidates_bench(${values.map(literal).join(', ')})`,
      )
      await runner.exec('reset plan_cache_mode')
      await runner.exec('deallocate sub_candidates_bench')
      genericFound = walk(generic!['QUERY PLAN'][0]!.Plan, { indexes: new Set(), seqScans: new Set() })
    }

    // A wave of 50: a game whose creator's partner dropped out 20 hours before its start, wave 1
    // asked; the job that asks wave 2, timed as the runner takes it.
    const env = parseEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost' })
    const handler = jobHandlers(buildDeps({ database, env, logger: createLogger(env) }))[SUB_WAVE_JOB]!
    const asked: number[] = []
    const waveMs: number[] = []
    for (let i = 0; i < rounds; i++) {
      const [creator, captain, mate] = [pick(), pick(), pick()]
      if (new Set([creator, captain, mate]).size < 3) {
        i--
        continue
      }
      const [game] = await runner.rows<{ id: string }>(
        `insert into play_dates (creator_id, partner_id, posted_alone, type, status, state, regions,
           payment_per_hour_min, payment_per_hour_max, description, starts_at, time_zone, duration_minutes,
           min_dupr, max_dupr, vacant_since, sub_wave)
         values ($1, null, true, 'challenge', 'matched', 'AZ', '{east_valley}', 25, 25, 'Bench game',
           $2, 'America/Phoenix', 120, 3.00, 4.50, $3, 1)
         returning id`,
        [creator, new Date(now.getTime() + 20 * 60 * 60_000).toISOString(), now.toISOString()],
      )
      games.push(game!.id)
      await runner.rows(
        `insert into play_date_requests (play_date_id, requester_id, requester_partner_id, status)
         values ($1, $2, $3, 'accepted')`,
        [game!.id, captain, mate],
      )
      await runner.rows(`insert into jobs (kind, key, run_at, payload) values ($1, $2, $3, $4)`, [
        SUB_WAVE_JOB,
        `bench-sub-wave:${game!.id}`,
        now.toISOString(),
        JSON.stringify({ playDateId: game!.id, afterWave: 1 }),
      ])
      const started = performance.now()
      await runDueJobs(db, { [SUB_WAVE_JOB]: handler }, now, 1)
      waveMs.push(performance.now() - started)
      const [count] = await runner.rows<{ n: number }>(
        `select count(*)::int as n from play_date_offers where play_date_id = $1`,
        [game!.id],
      )
      asked.push(count!.n)
    }

    const candidates = {
      runs,
      p50: round(percentile(times, 50)),
      p99: round(percentile(times, 99)),
      max: round(times.at(-1) ?? 0),
    }
    const plan = {
      customIndexes: [...customFound.indexes],
      genericIndexes: [...genericFound.indexes],
      seqScans: [...new Set([...customFound.seqScans, ...genericFound.seqScans])],
    }
    const usesIndex =
      plan.customIndexes.includes('profiles_sub_candidates_idx') &&
      (runner.kind !== 'postgres' || plan.genericIndexes.includes('profiles_sub_candidates_idx')) &&
      plan.seqScans.length === 0
    const slowestWave = Math.max(...waveMs)
    return {
      dataset: target.label,
      availableSubs: made.length,
      candidates,
      friends: {
        runs: friendTimes.length,
        p50: round(percentile(friendTimes, 50)),
        p99: round(percentile(friendTimes, 99)),
      },
      plan,
      waves: { rounds, asked, ms: waveMs.map(round) },
      checks: [
        {
          target: 'sub candidates read profiles_sub_candidates_idx, no sequential scan',
          measured: `indexes ${plan.customIndexes.join(', ')}; seq scans: ${plan.seqScans.join(', ') || 'none'}`,
          pass: usesIndex,
        },
        {
          target: `sub candidates p99 < ${SUBS_TARGETS.candidatesP99Ms} ms`,
          measured: `${candidates.p99} ms (p50 ${candidates.p50} ms, ${runs} runs)`,
          pass: candidates.p99 < SUBS_TARGETS.candidatesP99Ms,
        },
        {
          target: `a wave of ${WAVE_MAX} players asked in < ${SUBS_TARGETS.waveMs} ms of server time`,
          measured: `slowest ${round(slowestWave)} ms of ${rounds} waves, ${Math.min(...asked)}–${Math.max(...asked)} players each`,
          pass: slowestWave < SUBS_TARGETS.waveMs && asked.every((n) => n === WAVE_MAX),
        },
      ],
    }
  } finally {
    // The data set as it was: the bench games (with their offers, notices and jobs), the players.
    if (games.length > 0) {
      const ids = `{${games.join(',')}}`
      await runner.rows(
        `delete from jobs where payload->>'playDateId' = any($1::text[])
           or payload->'notice'->>'playDateId' = any($1::text[])`,
        [ids],
      )
      await runner.rows(`delete from notifications where play_date_id = any($1::uuid[])`, [ids])
      await runner.rows(`delete from play_dates where id = any($1::uuid[])`, [ids])
    }
    if (made.length > 0) {
      await runner.rows(
        `update profiles set available_as_sub = false, home_state = null, home_region = null
         where id = any($1::uuid[])`,
        [`{${made.map((m) => m.id).join(',')}}`],
      )
    }
    await database.close()
    await runner.close()
  }
}

export function writeSubsResults(result: SubsResult, command: string) {
  const lines = [
    '# Subs on the main data set',
    '',
    `Generated by \`${command}\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, on the ${result.dataset} data set with ${result.availableSubs.toLocaleString('en-US')} players available as a sub (bench/lib/subs.ts, docs/decisions/0138-offer-timings-and-waves.md).`,
    '',
    '| Target | Measured | Met |',
    '| --- | --- | --- |',
    ...result.checks.map((c) => `| ${c.target} | ${c.measured} | ${c.pass ? 'yes' : 'NO'} |`),
    '',
    `- Wave 2 candidates: p50 ${result.candidates.p50} ms, p99 ${result.candidates.p99} ms, slowest ${result.candidates.max} ms over ${result.candidates.runs} random games.`,
    `- Wave 1 candidates (friends of three players): p50 ${result.friends.p50} ms, p99 ${result.friends.p99} ms.`,
    `- Plan of wave 2: custom plan reads ${result.plan.customIndexes.join(', ')}; generic plan reads ${result.plan.genericIndexes.join(', ') || '(not measured on PGlite)'}.`,
    `- Waves of offers (ms, one job each): ${result.waves.ms.join(', ')}.`,
    '',
  ]
  writeFileSync(path.join(RESULTS_DIR, 'subs.md'), lines.join('\n'))
}
