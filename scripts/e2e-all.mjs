// The browser journeys in three steps, each against its own server and database
// (docs/decisions/0101-journeys-one-step-at-a-time.md, 0176-clock-and-postgres-journeys-side-by-side.md):
//   1. every journey not tagged @clock, on the embedded database (port 3100), one at a time;
//   2. the @clock journeys (they move their own server's clock) on another embedded database
//      (port 3101), one at a time;
//   3. the @postgres journeys on a fresh PostgreSQL database (port 3102; skipped, and said so,
//      without TEST_DATABASE_URL), one at a time, beside step 2.
// The server bundle is built once here, before the steps; every step runs even when one before
// it failed, and the run fails when any step failed. Steps 2 and 3 print their lines each in one
// piece as it ends. Extra arguments go to every Playwright command (e.g. --project=desktop).
import { execFileSync, spawn } from 'node:child_process'

const extra = process.argv.slice(2)
// E2E_PORT_BASE moves the three ports (base, base + 1, base + 2), e.g. to run beside another run.
const base = Number(process.env.E2E_PORT_BASE ?? 3100)
const playwright = ['node_modules/@playwright/test/cli.js', 'test']

const steps = [
  { name: 'journeys', port: base, args: [...playwright, '--grep-invert', '@clock', ...extra] },
  { name: '@clock journeys', port: base + 1, args: [...playwright, '--grep', '@clock', ...extra] },
  {
    name: '@postgres journeys',
    port: base + 2,
    args: [...playwright, '--config', 'playwright.postgres.config.ts', ...extra],
    // A step that finds no journey fails (Playwright's own rule): this one is left out instead.
    skip: process.env.TEST_DATABASE_URL ? undefined : 'set TEST_DATABASE_URL to run it',
  },
]

// Runs a step; `grouped` keeps its output and prints it in one piece when the step ends.
function runStep(step, grouped = false) {
  const command = `$ E2E_PORT=${step.port} playwright ${step.args.slice(2).join(' ')}`
  if (!grouped) console.log(command)
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(process.execPath, step.args, {
      env: { ...process.env, E2E_PORT: String(step.port), E2E_SERVER_BUILT: 'true' },
      stdio: grouped ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    })
    const output = []
    if (grouped) {
      child.stdout.on('data', (chunk) => output.push(chunk))
      child.stderr.on('data', (chunk) => output.push(chunk))
    }
    child.on('close', (exitCode, signal) => {
      const code = exitCode ?? (signal ? 1 : 0)
      if (grouped) process.stdout.write(Buffer.concat([Buffer.from(`${command}\n`), ...output]))
      const seconds = Math.round((Date.now() - started) / 1000)
      console.log(`${step.name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`)
      resolve(code)
    })
  })
}

execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' })
const failed = []
const run = async (step, grouped) => {
  if (step.skip) {
    console.log(`${step.name}: skipped (${step.skip})`)
    return
  }
  if ((await runStep(step, grouped)) !== 0) failed.push(step.name)
}
const [main, ...others] = steps
await run(main, false)
// The @clock and @postgres steps use servers and databases of their own, one journey each at a
// time: they run side by side.
await Promise.all(others.map((step) => run(step, true)))
if (failed.length > 0) {
  console.error(`Browser journeys failed (${failed.join(', ')}): see the lines marked ✘ above.`)
  process.exit(1)
}
