// npm run bench:data -- --profiles 100000 [--scale] [--playdates N] [--database-url URL | --pglite DIR]
import { parseArgs } from 'node:util'
import {
  databaseExists,
  databaseNameOf,
  databaseUrlFor,
  datasetLabel,
  openPgliteRunner,
  openPostgresRunner,
  recreateDatabase,
  type SqlRunner,
} from '../lib/databases'
import { loadDataset } from './load'

const SCALE_PLAY_DATES = 1_000_000

const { values } = parseArgs({
  options: {
    profiles: { type: 'string', default: '100000' },
    playdates: { type: 'string' },
    scale: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    pglite: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
})

if (values.help) {
  console.log(`Generates a benchmark data set inside a database.

  --profiles N        players (default 100000); about 10 connections and 10 notifications each
  --playdates N       PlayDates (default 2 per player)
  --scale             1,000,000 PlayDates
  --database-url URL  PostgreSQL database (default: a pm_bench_<size> database on the local
                      server, dropped and created again)
  --pglite DIR        an embedded database in DIR (as the server's DATA_DIR); must be empty`)
  process.exit(0)
}

const profiles = Number(values.profiles)
const playDates = values.scale ? SCALE_PLAY_DATES : Number(values.playdates ?? profiles * 2)
if (!Number.isInteger(profiles) || profiles < 100) throw new Error('--profiles must be a whole number >= 100')
if (!Number.isInteger(playDates) || playDates < 1) throw new Error('--playdates must be a whole number >= 1')

let runner: SqlRunner
let where: string
if (values.pglite) {
  runner = await openPgliteRunner(values.pglite)
  where = `PGlite in ${values.pglite}`
} else {
  const url = values['database-url'] ?? databaseUrlFor(datasetLabel(profiles, playDates))
  const name = databaseNameOf(url)
  if (name.startsWith('pm_bench_')) await recreateDatabase(url)
  else if (!(await databaseExists(url))) throw new Error(`database ${name} does not exist`)
  runner = await openPostgresRunner(url)
  where = `PostgreSQL database ${name}`
}

console.log(
  `Generating ${profiles.toLocaleString('en-US')} players and ${playDates.toLocaleString('en-US')} PlayDates into ${where}`,
)
try {
  const counts = await loadDataset(runner, { profiles, playDates, log: console.log })
  console.log('')
  for (const { table, rows } of counts)
    console.log(`  ${table.padEnd(24)} ${rows.toLocaleString('en-US').padStart(12)}`)
} finally {
  await runner.close()
}
