import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_FLAGS } from './scripts/chromium-flags'
import { SERVER_BUNDLE_ARGS } from './scripts/server-bundle'

const port = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://localhost:${port}`
// Each run starts the built app on a new, empty embedded database. The directory is made once, by
// the first process that reads this file: the test workers read it again and find it in their
// environment. scripts/e2e-all.mjs makes one per step and removes it afterwards; a run without it
// removes the one it made as it exits. Not in a global teardown: that runs before the server stops.
if (!process.env.E2E_DATA_DIR) {
  const made = mkdtempSync(path.join(tmpdir(), 'pm-e2e-'))
  process.env.E2E_DATA_DIR = made
  process.once('exit', () => rmSync(made, { recursive: true, force: true }))
}
const dataDir = process.env.E2E_DATA_DIR

// Journeys run in Chromium's headless shell (Debian's chromium-headless-shell): the browser's own
// engine, Blink and V8 of the same version, without the browser around it, at about half the
// machine's time per journey. The journeys that need the whole browser run in it: installing the
// app, notifications and push, and the screenshots compared with the browser's own rendering
// (docs/decisions/0175-journeys-in-the-headless-shell.md).
const shell = {
  executablePath: process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
  args: ['--headless', ...CHROMIUM_FLAGS],
}
const browser = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', ...CHROMIUM_FLAGS],
}
const WHOLE_BROWSER = ['**/pwa.spec.ts', '**/screenshots.spec.ts']

const desktop = { ...devices['Desktop Chrome'] }
// A 390 px phone (the size most players hold); journeys that check the narrowest screen the app
// supports set 375 px themselves.
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

export default defineConfig({
  testDir: 'e2e',
  // One folder per port: each step of scripts/e2e-all.mjs keeps its own.
  outputDir: `test-results/${port}`,
  fullyParallel: false,
  // One journey at a time: two at once on one server showed journeys that race the app's live
  // updates (docs/decisions/0176-clock-and-postgres-journeys-side-by-side.md).
  workers: 1,
  // No retries, in CI or here: a journey that passes only on its second try is a bug to fix,
  // and the CI runner does not set CI anyway.
  retries: 0,
  forbidOnly: true,
  // A ceiling for a hang, not a speed target: a long journey (sign-up to a second sign-in, an
  // admin's whole round) took over a minute on a loaded CI machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // Recording a trace costs a journey about a quarter of its time on a two-core machine, so it
    // is off unless asked for (E2E_TRACE=1); a failure still writes its page's last state.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
  },
  projects: [
    // `@phone-only` journeys check the phone's own layout at the phone's width: a desktop run of
    // them would repeat the phone one.
    {
      name: 'desktop',
      use: { ...desktop, launchOptions: shell },
      grepInvert: /@phone-only/,
      testIgnore: WHOLE_BROWSER,
    },
    { name: 'phone', use: { ...phone, launchOptions: shell }, grep: /@phone/, testIgnore: WHOLE_BROWSER },
    {
      name: 'desktop browser',
      use: { ...desktop, launchOptions: browser },
      grepInvert: /@phone-only/,
      testMatch: WHOLE_BROWSER,
    },
    {
      name: 'phone browser',
      use: { ...phone, launchOptions: browser },
      grep: /@phone/,
      testMatch: WHOLE_BROWSER,
    },
  ],
  webServer: {
    // The server as `npm start` runs it: its bundle, built first from the current sources.
    // scripts/e2e-all.mjs builds the bundle once for all its steps (E2E_SERVER_BUILT).
    command: `${process.env.E2E_SERVER_BUILT ? '' : 'node scripts/build-server.mjs && '}node ${SERVER_BUNDLE_ARGS.join(' ')}`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      E2E: 'true',
      // Journeys sign up this address to get an admin.
      ADMIN_EMAIL: 'admin@e2e.picklematch.test',
      // Every browser of the run comes from one address: per-address limits would trip.
      RATE_LIMIT_FACTOR: '50',
      // Journeys move the server's clock (POST /api/test/clock) instead of waiting for reminders.
      TEST_CLOCK: 'true',
    },
  },
})
