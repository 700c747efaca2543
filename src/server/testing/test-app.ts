import { inject } from 'vitest'
import { createApp } from '../app'
import type { AppDeps } from '../app-env'
import { buildDeps } from '../deps'
import { type Database, openEmbeddedInMemory, openPostgres } from '../db/client'
import { parseEnv, type Env } from '../env'
import { contractOf } from './contract'
import { createLogger } from '../lib/logger'
import { createFakeClock } from './fake-clock'
import { createDatabaseFromTemplate } from './postgres-databases'

// The public origin the test app builds links with, and the Origin its client sends.
export const TEST_ORIGIN = 'http://localhost:3000'

export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite'

// A fresh database for one test file: a copy of the migrated template.
export async function openTestDatabase(): Promise<Database> {
  if (testDatabaseKind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL
    if (!url) throw new Error('TEST_DATABASE_URL is not set')
    const created = await createDatabaseFromTemplate(url, inject('postgresTemplate'))
    const database = await openPostgres(created.url, 5)
    return {
      ...database,
      async close() {
        await database.close()
        await created.drop()
      },
    }
  }
  // On a thread of its own, over its socket, as the server runs it.
  return openEmbeddedInMemory({
    loadDataDir: inject('pgliteTemplate'),
    workerScript: inject('embeddedWorker'),
    poolSize: 3,
  })
}

// `parts` replaces parts the app would build itself (a mailer a test controls).
export async function createTestApp(
  settings: Record<string, string> = {},
  parts: Partial<Pick<AppDeps, 'mailer'>> = {},
) {
  const database = await openTestDatabase()
  const env: Env = parseEnv({ NODE_ENV: 'test', PUBLIC_URL: TEST_ORIGIN, ...settings })
  const clock = createFakeClock()
  const deps = buildDeps({ database, env, logger: createLogger(env), clock, mailer: parts.mailer })
  const app = createApp(deps)
  // Read the document now, not inside a test's first request (or a timed part of it).
  await contractOf(app)
  return { app, deps, clock, database, db: database.db, env, close: () => database.close() }
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

type Json = Record<string, unknown> | unknown[]

// A browser-like client: keeps cookies between calls and sends the app's own Origin.
export function createClient(app: TestApp['app'], origin = TEST_ORIGIN) {
  const cookies = new Map<string, string>()

  async function send(
    method: string,
    path: string,
    body?: Json | string | Uint8Array,
    headers: Record<string, string> = {},
  ) {
    const init: RequestInit = {
      method,
      headers: {
        origin,
        ...(body === undefined
          ? {}
          : { 'content-type': body instanceof Uint8Array ? 'application/octet-stream' : 'application/json' }),
        ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
      body:
        body === undefined || typeof body === 'string'
          ? body
          : body instanceof Uint8Array
            ? new Blob([new Uint8Array(body)])
            : JSON.stringify(body),
    }
    const response = await app.request(`http://localhost${path}`, init)
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim())) || value === ''
      if (expired) cookies.delete(name)
      else cookies.set(name, value)
    }
    // Read once as bytes: an image answer is checked as bytes, a JSON one as text.
    const bytes = new Uint8Array(await response.arrayBuffer())
    const text = new TextDecoder().decode(bytes)
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    const contract = await contractOf(app)
    contract.check(method, path, { status: response.status, headers: response.headers, text, json })
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, headers: response.headers, body: json as any, text, bytes }
  }

  return {
    cookies,
    get: (path: string, headers?: Record<string, string>) => send('GET', path, undefined, headers),
    post: (path: string, body: Json | string = {}, headers?: Record<string, string>) =>
      send('POST', path, body, headers),
    put: (path: string, body: Json | string | Uint8Array = {}, headers?: Record<string, string>) =>
      send('PUT', path, body, headers),
    patch: (path: string, body: Json | string = {}, headers?: Record<string, string>) =>
      send('PATCH', path, body, headers),
    delete: (path: string, headers?: Record<string, string>) => send('DELETE', path, undefined, headers),
  }
}

export type TestClient = ReturnType<typeof createClient>

// Two server instances on one database, for exactly-once tests: on PostgreSQL two pools on the
// same fresh database; the embedded database has one process, so both are the same one.
export async function openTwoInstances() {
  if (testDatabaseKind === 'postgres') {
    const created = await createDatabaseFromTemplate(
      process.env.TEST_DATABASE_URL!,
      inject('postgresTemplate'),
    )
    const first = await openPostgres(created.url, 4)
    const second = await openPostgres(created.url, 4)
    return {
      first,
      second,
      async close() {
        await Promise.all([first.close(), second.close()])
        await created.drop()
      },
    }
  }
  const only = await openTestDatabase()
  return { first: only, second: only, close: () => only.close() }
}
