import { defineConfig } from '@playwright/test'
import config from './playwright.config'

// The main journeys once more, on PostgreSQL (docs/decisions/0078): the tests tagged @postgres
// (sign-up and sign-in, a PlayDate from creation to chat, connections, the admin pages), desktop
// only, against the app's bundle on a fresh database of the TEST_DATABASE_URL server. Without
// TEST_DATABASE_URL no journey is found and the run fails (scripts/e2e-all.mjs leaves the step out
// instead), as it does when none is tagged @postgres.
const serverUrl = process.env.TEST_DATABASE_URL
if (!serverUrl)
  console.log('PostgreSQL journeys need TEST_DATABASE_URL: a server where databases may be created')

export default defineConfig({
  ...config,
  grep: /@postgres/,
  projects: config.projects?.filter((project) => project.name === 'desktop'),
  ...(serverUrl
    ? {
        webServer: {
          ...config.webServer,
          command: `${process.env.E2E_SERVER_BUILT ? '' : 'node scripts/build-server.mjs && '}node --import tsx scripts/e2e-postgres-server.ts`,
          // The wrapper drops the database after the server's graceful stop.
          gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
        },
      }
    : { webServer: undefined, testMatch: [] }),
})
