import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { fillPlaceholders } from 'drizzle-orm'
import pg from 'pg'
import { format, resolveConfig } from 'prettier'
import { boxAround } from '../../src/domain/places/distance'
import { CONNECTION_SETTINGS_SQL } from '../../src/server/db/client'
import {
  type AvailableShape,
  listQueriesOf,
  shapeName,
} from '../../src/server/features/play-dates/play-dates.queries'
import {
  databaseNameOf,
  databaseUrlFor,
  openPostgresRunner,
  recreateDatabase,
  databaseExists,
} from './databases'
import { loadDataset } from '../dataset/load'
import { openInProcessApp } from './in-process'
import { RESULTS_DIR } from './report'
import { percentile } from './load'

// Available by distance from home (docs/decisions/0158) at 200,000 PlayDates: the near index in
// each plan, and each read's time through the whole app (session, home, the page's one statement,
// JSON), one after another, from the homes of a few players around Phoenix where the games are
// densest. Its own data set (10,000 players, 200,000 PlayDates), made once.

export const NEAR_ME_TARGET_P99_MS = 50
const NEAR_INDEX = 'play_dates_open_near_idx'
const PROFILES = 10_000
const PLAY_DATES = 200_000

const READS: Array<{ name: string; query: string; shape: Partial<AvailableShape> }> = [
  { name: 'Within 10 miles', query: 'within=10', shape: { near: true } },
  {
    name: 'Within 25 miles, nearest first',
    query: 'within=25&sort=nearest',
    shape: { near: true, nearest: true },
  },
  {
    name: 'Within 50 miles, rating 3.5-4.5',
    query: 'within=50&minRating=3.5&maxRating=4.5',
    shape: { near: true, bounds: 'min_max' },
  },
  { name: 'Within 25 miles, next 7 days', query: 'within=25&when=week', shape: { near: true, when: true } },
]

export interface NearMeRead {
  name: string
  indexUsed: boolean
  planMs: number
  p50: number
  p99: number
  samples: number
}

interface PlanNode {
  'Index Name'?: string
  Plans?: PlanNode[]
}
const indexesOf = (node: PlanNode, found: string[] = []): string[] => {
  if (node['Index Name']) found.push(node['Index Name'])
  for (const child of node.Plans ?? []) indexesOf(child, found)
  return found
}

export async function measureNearMe(options: { requests?: number; log?: (line: string) => void } = {}) {
  const log = options.log ?? console.log
  const requests = options.requests ?? 530
  const url = databaseUrlFor(`near_${PLAY_DATES / 1000}k`)
  if (!(await databaseExists(url))) {
    log(`Near me: generating ${PLAY_DATES.toLocaleString('en-US')} PlayDates into ${databaseNameOf(url)}`)
    await recreateDatabase(url)
    const loader = await openPostgresRunner(url)
    try {
      await loadDataset(loader, { profiles: PROFILES, playDates: PLAY_DATES })
    } finally {
      await loader.close()
    }
  }
  const runner = await openPostgresRunner(url, false)
  const app = await openInProcessApp({ databaseUrl: url, poolSize: 2 })
  try {
    const players = await runner.rows<{ email: string; lat: number; lng: number }>(
      `select email, home_latitude as lat, home_longitude as lng from profiles
       where not is_paused and not is_admin order by id limit 16`,
    )
    const cookies = await Promise.all(players.map((p) => app.signIn(p.email)))
    const [open] = await runner.rows<{ open: number }>(
      `select count(*)::int as open from play_dates where status = 'open' and latitude is not null`,
    )
    const results: NearMeRead[] = []
    for (const read of READS) {
      // The plan the server runs: its page statement, prepared with a generic plan.
      const shape: AvailableShape = {
        bounds: null,
        byRating: false,
        when: false,
        state: false,
        region: false,
        alone: false,
        near: false,
        nearest: false,
        ...read.shape,
      }
      const within = Number(new URLSearchParams(read.query).get('within'))
      const home = { latitude: players[0]!.lat, longitude: players[0]!.lng }
      const built = listQueriesOf(shape).page(app.database.db).toSQL()
      const now = new Date()
      const values: Record<string, unknown> = {
        userId: '00000000-0000-4000-8000-000000000000',
        limit: 10,
        offset: 0,
        countLimit: 101,
        now: now.toISOString(),
        homeLat: home.latitude,
        homeLng: home.longitude,
        within,
        ...boxAround(home, within),
        minRating: 3.495,
        maxRating: 4.504,
        windowFrom: now.toISOString(),
        windowTo: new Date(now.getTime() + 8 * 86_400_000).toISOString(),
      }
      for (let i = 0; i < 8; i++) {
        values[`from${i}`] = values.windowFrom
        values[`to${i}`] = values.windowTo
      }
      await runner.exec(CONNECTION_SETTINGS_SQL)
      await runner.exec(`prepare near_explained as ${built.sql}`)
      const args = fillPlaceholders(built.params, values)
      // Values as literals of unknown type, which PostgreSQL casts to each parameter's type.
      const literals = args.map((value) => pg.escapeLiteral(String(value))).join(', ')
      const [row] = await runner.rows<{ 'QUERY PLAN': Array<{ Plan: PlanNode; 'Execution Time': number }> }>(
        `explain (analyze, format json) execute near_explained(${literals})`,
      )
      await runner.exec('deallocate near_explained')
      const plan = row!['QUERY PLAN'][0]!
      const times: number[] = []
      for (let i = 0; i < requests; i++) {
        const started = performance.now()
        const res = await app.request(`/api/play-dates?tab=available&${read.query}&page=1&pageSize=10`, {
          cookie: cookies[i % cookies.length],
        })
        if (res.status !== 200) throw new Error(`${read.name}: ${res.status} ${await res.text()}`)
        await res.arrayBuffer()
        if (i >= 30) times.push(performance.now() - started)
      }
      times.sort((a, b) => a - b)
      results.push({
        name: read.name,
        indexUsed: indexesOf(plan.Plan).includes(NEAR_INDEX),
        planMs: Math.round(plan['Execution Time'] * 100) / 100,
        p50: Math.round(percentile(times, 50) * 10) / 10,
        p99: Math.round(percentile(times, 99) * 10) / 10,
        samples: times.length,
      })
      log(
        `  ${read.name.padEnd(36)} ${shapeName(shape).padEnd(32)} index ${results.at(-1)!.indexUsed ? 'yes' : 'NO '}  p99 ${results.at(-1)!.p99} ms`,
      )
    }
    return { openWithPlace: open!.open, results }
  } finally {
    await app.close()
    await runner.close()
  }
}

// Written as Prettier writes it, so the format check passes on a fresh run's file.
export async function writeNearMeReport(
  measured: Awaited<ReturnType<typeof measureNearMe>>,
  machine: string,
) {
  const lines = [
    '# Near me: Available by distance from home',
    '',
    `Measured by \`npm run bench:near\` (also at the end of \`npm run bench\`) on ${machine}: PostgreSQL,`,
    `${PLAY_DATES.toLocaleString('en-US')} PlayDates (${measured.openWithPlace.toLocaleString('en-US')} open with a place), each read one after another through the`,
    'whole app in the benchmark process (session, home, the page, JSON), from the homes of 16 players',
    `around Phoenix. Target: the near index in the plan and p99 under ${NEAR_ME_TARGET_P99_MS} ms (docs/decisions/0158).`,
    '',
    '| Read | Near index | Statement ms (EXPLAIN ANALYZE) | p50 ms | p99 ms | Requests |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...measured.results.map(
      (r) =>
        `| ${r.name} | ${r.indexUsed ? 'yes' : 'no'} | ${r.planMs} | ${r.p50} | ${r.p99} | ${r.samples} |`,
    ),
    '',
  ]
  const file = path.join(RESULTS_DIR, 'near-me.md')
  writeFileSync(file, await format(lines.join('\n'), { ...(await resolveConfig(file)), filepath: file }))
}
