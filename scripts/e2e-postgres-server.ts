// The web server of the PostgreSQL journeys (playwright.postgres.config.ts): a fresh database on
// the server of TEST_DATABASE_URL, the app's bundle on it, and the database dropped once the
// server has stopped (Playwright ends this process with SIGTERM).
import { spawn } from 'node:child_process'
import { SERVER_BUNDLE_ARGS } from './server-bundle'
import { createScratchDatabase, repoRoot } from './security/server-process'

const serverUrl = process.env.TEST_DATABASE_URL
if (!serverUrl) {
  console.error('TEST_DATABASE_URL is not set: no PostgreSQL server for the journeys')
  process.exit(1)
}

const database = await createScratchDatabase(serverUrl, 'pm_e2e')
const server = spawn(process.execPath, SERVER_BUNDLE_ARGS, {
  cwd: repoRoot,
  env: { ...process.env, DATABASE_URL: database.url },
  stdio: 'inherit',
})
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill('SIGTERM'))
const code = await new Promise<number>((resolve) => server.once('exit', (exitCode) => resolve(exitCode ?? 0)))
await database.drop()
process.exit(code)
