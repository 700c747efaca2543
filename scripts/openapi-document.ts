import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createApp } from '../src/server/app'
import { openEmbeddedInMemory } from '../src/server/db/client'
import { buildDeps } from '../src/server/deps'
import { parseEnv } from '../src/server/env'
import { createLogger } from '../src/server/lib/logger'

// Writes /api/openapi.json to a file, for the linters, without a server or a database on disk:
// the document is built from the routes alone. The settings are the route tests' own, so the
// development mailbox is described too (docs/decisions/0070).
const target = process.argv[2] ?? 'dist/openapi.json'
const env = parseEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' })
const database = await openEmbeddedInMemory({ poolSize: 1 })
const app = createApp(buildDeps({ database, env, logger: createLogger(env) }))
const response = await app.request('http://localhost/api/openapi.json')
if (response.status !== 200) throw new Error(`GET /api/openapi.json answered ${response.status}`)
mkdirSync(path.dirname(target), { recursive: true })
writeFileSync(target, `${JSON.stringify(await response.json(), null, 2)}\n`)
await database.close()
