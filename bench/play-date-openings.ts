// npm run bench:openings -- [--openings 50] [--hogs 2] [--limit-ms 2000] [--no-build]
//
// How long a PlayDate's page takes to show the PlayDate when a player opens it from My PlayDates,
// on a busy machine (issue 59, docs/decisions/0149-a-page-asks-for-its-data-at-once.md). The app
// runs as `npm start` runs it, with the demo data; `--hogs` processes burn a core each meanwhile
// (on top of whatever else the machine is doing). Each opening is a new tab of one signed-in
// browser, as the demo player: PlayDates (its page loaded anew), then a tap on the first card of
// My PlayDates; the time runs from the tap until the page shows the PlayDate's time ('When').
// The previous tab stays open until the next one has opened: two tabs at a time, as a player
// with the app open elsewhere has. Prints every opening and a summary; exits 1 when an opening
// took longer than --limit-ms.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium, type Page } from '@playwright/test'
import { CHROMIUM_FLAGS } from '../scripts/chromium-flags'
import { ROOT, startAppServer } from './lib/processes'

const { values } = parseArgs({
  options: {
    openings: { type: 'string', default: '50' },
    hogs: { type: 'string', default: '2' },
    'limit-ms': { type: 'string', default: '2000' },
    'no-build': { type: 'boolean', default: false },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
})
const openings = Number(values.openings)
const limitMs = Number(values['limit-ms'])
const DEMO = { email: 'maya.lopez@demo.picklematch.app', password: 'pickleball' }

if (!values['no-build'])
  execFileSync(process.execPath, ['scripts/build-web.mjs'], { cwd: ROOT, stdio: 'inherit' })

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pm-openings-'))
const server = await startAppServer({ dataDir, env: { SEED_DEMO: 'true' } })
const base = server.url.replace('127.0.0.1', 'localhost')
const hogs = Array.from({ length: Number(values.hogs) }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
)
const browser = await chromium.launch({
  executablePath: values.chromium,
  args: ['--headless', ...CHROMIUM_FLAGS],
})

async function openOnce(page: Page) {
  await page.goto(`${base}/playdates`)
  const card = page
    .getByRole('tabpanel', { name: 'My PlayDates' })
    .getByRole('heading', { level: 2 })
    .first()
    .getByRole('link')
  await card.waitFor({ timeout: 60_000 })
  const tapped = Date.now()
  await card.click()
  await page.getByRole('main').getByText('When', { exact: true }).waitFor({ timeout: 60_000 })
  return Date.now() - tapped
}

const times: number[] = []
try {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })
  const signedIn = await context.request.post(`${base}/api/auth/sign-in`, {
    headers: { origin: base },
    data: DEMO,
  })
  if (!signedIn.ok()) throw new Error(`demo sign-in failed: ${signedIn.status()} ${await signedIn.text()}`)
  let previous: Page | undefined
  for (let opening = 1; opening <= openings; opening++) {
    const page = await context.newPage()
    const ms = await openOnce(page)
    times.push(ms)
    console.log(`opening ${opening}: ${ms} ms${ms > limitMs ? '  (over the limit)' : ''}`)
    await previous?.close()
    previous = page
  }
} finally {
  await browser.close()
  for (const hog of hogs) hog.kill()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

const sorted = [...times].sort((a, b) => a - b)
const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!
const over = times.filter((ms) => ms > limitMs).length
console.log(
  `\n${times.length} openings with ${hogs.length} busy processes (load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(', ')}): median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${sorted.at(-1)} ms; ` +
    `${over} over ${limitMs} ms`,
)
process.exitCode = over > 0 ? 1 : 0
