// The browser journeys in three steps, one after another, each against its own server and
// database (docs/decisions/0101-journeys-one-step-at-a-time.md):
//   1. every journey not tagged @clock, on the embedded database (port 3100);
//   2. the @clock journeys (they move their own server's clock) on another embedded database
//      (port 3101);
//   3. the @postgres journeys on a fresh PostgreSQL database (port 3102; skipped, and said so,
//      without TEST_DATABASE_URL).
// The server bundle is built once here, before the steps; every step runs even when one before
// it failed, and the run fails when any step failed. Extra arguments go to every Playwright
// command (e.g. --project=desktop).
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

function runStep(step) {
  console.log(`$ E2E_PORT=${step.port} playwright ${step.args.slice(2).join(' ')}`)
  return new Promise((resolve) => {
    const child = spawn(process.execPath, step.args, {
      env: { ...process.env, E2E_PORT: String(step.port), E2E_SERVER_BUILT: 'true' },
      stdio: 'inherit',
    })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' })
const failed = []
for (const step of steps) {
  if (step.skip) {
    console.log(`${step.name}: skipped (${step.skip})`)
    continue
  }
  const started = Date.now()
  const code = await runStep(step)
  const seconds = Math.round((Date.now() - started) / 1000)
  console.log(`${step.name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`)
  if (code !== 0) failed.push(step.name)
}
if (failed.length > 0) {
  console.error(`Browser journeys failed (${failed.join(', ')}): see the lines marked ✘ above.`)
  process.exit(1)
}
