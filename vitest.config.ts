import { defineConfig } from 'vitest/config'

// A `.only` left in a test file fails the run instead of quietly skipping every other test:
// Vitest allows it outside CI by default (the CI runner does not set CI), and a project does not
// take the option from the root config.
const allowOnly = false

// Route suites run once on PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
// Suites of the embedded database's own machinery and of pure helpers: they open no test
// database, so they run once, in the PGlite project.
const embeddedOnly = [
  'src/server/db/embedded.test.ts',
  'src/server/db/data-dir-lock.test.ts',
  'src/server/db/exact-cache.test.ts',
  'src/server/db/outer-column.test.ts',
]

const serverProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    allowOnly,
    include: ['src/server/**/*.test.ts'],
    exclude: database === 'postgres' ? embeddedOnly : [],
    environment: 'node',
    globalSetup: ['src/server/testing/global-setup.ts'],
    setupFiles: ['src/server/testing/setup.ts'],
    env: { TEST_DB: database },
    // A worker keeps the app's modules (and PGlite's compiled WASM) loaded from one test file to
    // the next instead of importing them again for each: every file still builds its own app on
    // its own fresh database, and no part of the app is a module-level singleton (0068).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a two-core CI machine,
    // which left a core idle while the route suites ran. Each test file still runs in a process
    // of its own with its own database.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          allowOnly,
          include: [
            'src/domain/**/*.test.ts',
            'src/web/**/*.test.{ts,tsx}',
            'scripts/vite/*.test.ts',
            'scripts/*.test.ts',
          ],
          environment: 'node',
        },
      },
      serverProject('routes-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('routes-postgres', 'postgres')] : []),
    ],
  },
})
