// The browser journeys in two lanes at once, each against its own servers and databases, so the
// machine's two cores share the work (docs/decisions/0097-journeys-in-two-lanes.md):
//   lane 1: the journeys of most spec files, on the embedded database (port 3100);
//   lane 2: the spec files in LANE_2_FILES on another embedded database (port 3103), then the
//           @clock journeys (they move their own server's clock) on a third (port 3101), then the
//           @postgres journeys on a PostgreSQL server (port 3102; nothing runs there without
//           TEST_DATABASE_URL).
// LANE_2_FILES is chosen so both lanes take about as long (a CI run's times per file). A lane runs
// its journeys one at a time, as a single run did. The server bundle is built once here, before
// the lanes start; the run fails when either lane fails. Extra arguments go to every Playwright
// command (e.g. --project=desktop).
import { execFileSync, spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import readline from 'node:readline'

const extra = process.argv.slice(2)
const playwright = ['node_modules/@playwright/test/cli.js', 'test']

const LANE_2_FILES = ['accessibility', 'referee', 'interaction', 'home']
const specs = readdirSync('e2e').filter((file) => file.endsWith('.spec.ts'))
const isLane2 = (file) => LANE_2_FILES.includes(file.replace(/\.spec\.ts$/, ''))
const inLane1 = specs.filter((file) => !isLane2(file)).map((file) => `e2e/${file}`)
const inLane2 = specs.filter(isLane2).map((file) => `e2e/${file}`)

const lanes = [
  {
    name: '1',
    steps: [{ port: 3100, args: [...playwright, '--grep-invert', '@clock', ...extra, ...inLane1] }],
  },
  {
    name: '2',
    steps: [
      {
        port: 3103,
        args: [...playwright, '--grep-invert', '@clock', '--pass-with-no-tests', ...extra, ...inLane2],
      },
      { port: 3101, args: [...playwright, '--grep', '@clock', ...extra] },
      {
        port: 3102,
        args: [...playwright, '--config', 'playwright.postgres.config.ts', '--pass-with-no-tests', ...extra],
      },
    ],
  },
]

function runStep(lane, step) {
  const prefix = `[lane ${lane.name}] `
  console.log(`${prefix}$ E2E_PORT=${step.port} playwright ${step.args.slice(2).join(' ')}`)
  return new Promise((resolve) => {
    const child = spawn(process.execPath, step.args, {
      env: { ...process.env, E2E_PORT: String(step.port), E2E_SERVER_BUILT: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(prefix + line))
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

async function runLane(lane) {
  const started = Date.now()
  let failed = false
  for (const step of lane.steps) if ((await runStep(lane, step)) !== 0) failed = true
  const seconds = Math.round((Date.now() - started) / 1000)
  console.log(`[lane ${lane.name}] ${failed ? 'FAILED' : 'passed'} in ${seconds} s`)
  return failed
}

execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' })
const failures = await Promise.all(lanes.map(runLane))
if (failures.some(Boolean)) {
  console.error('Browser journeys failed: see the lines marked FAILED and ✘ above.')
  process.exit(1)
}
