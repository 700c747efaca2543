// The browser journeys in three lanes side by side, each step against its own server and database
// (docs/decisions/0101-journeys-one-step-at-a-time.md, 0176-clock-and-postgres-journeys-side-by-side.md,
// 0177-main-journeys-in-two-halves.md, 0186-journey-lanes-by-measured-time.md):
//   1. the journeys not tagged @clock in the files of FIRST_HALF below, on an embedded database
//      (port 3100);
//   2. those of every other file, on another embedded database (port 3103);
//   3. the @clock journeys (they move their own server's clock) on a third embedded database
//      (port 3101), then the @postgres journeys on a fresh PostgreSQL database (port 3102;
//      skipped, and said so, without TEST_DATABASE_URL).
// Within a step one journey runs at a time. The server bundle is built once here, before the
// steps; every step runs even when another failed, and the run fails when any step failed. Each
// step prints its lines in one piece as it ends. Extra arguments go to every Playwright command
// (e.g. --project=desktop).
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const extra = process.argv.slice(2)
// E2E_PORT_BASE moves the four ports (base to base + 3), e.g. to run beside another run.
const base = Number(process.env.E2E_PORT_BASE ?? 3100)
const playwright = ['node_modules/@playwright/test/cli.js', 'test']

// The main journeys in two halves, each with a server and database of its own: two journeys at
// once on one server raced each other's live updates and shared accounts (docs/decisions/0176),
// two servers share nothing but the machine. The halves are cut by file, at about the same time
// each as measured (docs/decisions/0186): Playwright's shards cut by the number of journeys, and
// one half ran a minute longer than the other. The first half's files are listed here; the
// second half runs every other file, a new one included (measure again when the halves drift).
const FIRST_HALF = [
  'accessibility.spec.ts',
  'admin-venues.spec.ts',
  'appearance.spec.ts',
  'apply-partners.spec.ts',
  'calendar-subscribe.spec.ts',
  'first-view.spec.ts',
  'home.spec.ts',
  'interaction.spec.ts',
  'lists.spec.ts',
  'partner-lists.spec.ts',
  'play-date-page.spec.ts',
  'play-dates.spec.ts',
  'profile-privacy.spec.ts',
  'referee.spec.ts',
]
const specFiles = readdirSync('e2e').filter((name) => name.endsWith('.spec.ts'))
const missing = FIRST_HALF.filter((name) => !specFiles.includes(name))
if (missing.length > 0) throw new Error(`FIRST_HALF names files that are not in e2e/: ${missing.join(', ')}`)
const secondHalf = specFiles.filter((name) => !FIRST_HALF.includes(name))
// A file's path as Playwright's filter (a regular expression on the path): `e2e/lists.spec.ts`
// does not match e2e/partner-lists.spec.ts.
const half = (name, port, files) => ({
  name,
  port,
  args: [...playwright, '--grep-invert', '@clock', ...files.map((file) => `e2e/${file}`), ...extra],
})
const mainSteps = [half('journeys 1/2', base, FIRST_HALF), half('journeys 2/2', base + 3, secondHalf)]
const clockStep = {
  name: '@clock journeys',
  port: base + 1,
  args: [...playwright, '--grep', '@clock', ...extra],
}
const postgresStep = {
  name: '@postgres journeys',
  port: base + 2,
  args: [...playwright, '--config', 'playwright.postgres.config.ts', ...extra],
  // A step that finds no journey fails (Playwright's own rule): this one is left out instead.
  skip: process.env.TEST_DATABASE_URL ? undefined : 'set TEST_DATABASE_URL to run it',
}
// Lanes run side by side; the steps of a lane one after the other.
const lanes = [...mainSteps.map((step) => [step]), [clockStep, postgresStep]]

// Runs a step, keeping its output to print it in one piece when the step ends. Its server's data
// directory is made here and removed once the step (and with it the server) has ended.
function runStep(step) {
  const command = `$ E2E_PORT=${step.port} playwright ${step.args.slice(2).join(' ')}`
  const started = Date.now()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pm-e2e-'))
  return new Promise((resolve) => {
    const child = spawn(process.execPath, step.args, {
      env: { ...process.env, E2E_PORT: String(step.port), E2E_SERVER_BUILT: 'true', E2E_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const output = []
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    child.on('close', (exitCode, signal) => {
      rmSync(dataDir, { recursive: true, force: true })
      const code = exitCode ?? (signal ? 1 : 0)
      process.stdout.write(Buffer.concat([Buffer.from(`${command}\n`), ...output]))
      const seconds = Math.round((Date.now() - started) / 1000)
      console.log(`${step.name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`)
      resolve({ code, output: Buffer.concat(output).toString('utf8') })
    })
  })
}

execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' })
const failed = []
const run = async (step) => {
  if (step.skip) {
    console.log(`${step.name}: skipped (${step.skip})`)
    return
  }
  const { code, output } = await runStep(step)
  if (code !== 0) failed.push({ name: step.name, output })
}
await Promise.all(
  lanes.map(async (lane) => {
    for (const step of lane) await run(step)
  }),
)
if (failed.length > 0) {
  // A CI log is often read from its end: each failed step's failures are printed again last, from
  // Playwright's summary of them (its errors, then the list of failed journeys).
  for (const { name, output } of failed) {
    const lines = output.split('\n')
    const summary = lines.findIndex((line) => /^\s+\d+\) /.test(line))
    const tail = summary >= 0 ? lines.slice(summary) : lines.slice(-200)
    console.error(`\n${name} failed; its failures again:\n${tail.slice(-400).join('\n')}`)
  }
  console.error(
    `Browser journeys failed (${failed.map((step) => step.name).join(', ')}): see the lines marked ✘ above.`,
  )
  process.exit(1)
}
