import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { build } from 'esbuild'
import type { TestProject } from 'vitest/node'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { serverBuildOptions, serverEntryPoints } from '../../../scripts/server-build-options.mjs'
import { migrationsFolder, openPostgres, pgliteExtensions } from '../db/client'
import { adminUrl, databaseUrl, templateName } from './postgres-databases'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    // The embedded database's thread, built once for the run (embedded.ts).
    embeddedWorker: string
    postgresTemplate: string
  }
}

// embedded-worker.ts as one module, with the options scripts/build-server.mjs builds the server
// with. It is written inside the project, where its packages resolve from node_modules.
async function buildEmbeddedWorker() {
  const parent = path.resolve('node_modules/.cache')
  mkdirSync(parent, { recursive: true })
  const dir = mkdtempSync(path.join(parent, 'pm-test-worker-'))
  const file = path.join(dir, 'embedded-worker.js')
  await build({ ...serverBuildOptions, entryPoints: [serverEntryPoints['embedded-worker']], outfile: file })
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

// Migrate once per run; every test file then starts from a copy of that database.
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'pglite'
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'pm-template-'))
    const client = await PGlite.create({ extensions: pgliteExtensions })
    await migrate(drizzle({ client }), { migrationsFolder })
    const dump = await client.dumpDataDir('none')
    await client.close()
    const file = path.join(dir, 'template.tar')
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
    const worker = await buildEmbeddedWorker()
    project.provide('pgliteTemplate', file)
    project.provide('embeddedWorker', worker.file)
    project.provide('postgresTemplate', '')
    return () => {
      rmSync(dir, { recursive: true, force: true })
      worker.remove()
    }
  }

  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project')
  const name = templateName()
  const admin = adminUrl(url)
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  await client.query(`drop database if exists "${name}" with (force)`)
  await client.query(`create database "${name}"`)
  const database = await openPostgres(databaseUrl(url, name), 2)
  await database.close()
  await client.end()
  project.provide('pgliteTemplate', '')
  project.provide('embeddedWorker', '')
  project.provide('postgresTemplate', name)
  return async () => {
    const cleanup = new pg.Client({ connectionString: admin })
    await cleanup.connect()
    await cleanup.query(`drop database if exists "${name}" with (force)`)
    await cleanup.end()
  }
}
