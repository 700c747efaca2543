// The least server: the least Node server (node:http and pg) that answers a read with the app's
// own statements. One replays every hot read of the main PostgreSQL data set; another answers the
// session read, checked against the app, then measured beside the app and the direct SQL.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parse } from 'hono/utils/cookie'
import { hashToken, sessionCookieName } from '../../src/server/features/auth'
import { CONNECTION_SETTINGS_SQL } from '../../src/server/db/client'
import { type Execute, httpLoad, type LoadResult } from './load'
import type { Call, ReadPlan } from './probe'
import { pingResponse, type Started, startBareReplayServer, startBareSessionServer } from './processes'
import { better, httpCalls, measureApi, measureOn, measureSql } from './suite-measure'
import { cpuProfileArgs, type SuiteOptions } from './suite-options'
import type { OpenDataset } from './suite-results'

// The least server replaying the main data set's hot reads, and the directory of its calls.
export type LeastReplay = { open: OpenDataset; server: Started; dir: string }

// The least server for every hot read of the main data set, on PostgreSQL (where the direct SQL
// is measured too): it must answer every call the app answers.
export async function startLeastReplay(
  open: OpenDataset,
  options: SuiteOptions,
): Promise<LeastReplay | null> {
  if (!open.executor || open.target.kind !== 'postgres') return null
  const dir = mkdtempSync(path.join(tmpdir(), 'pm-least-'))
  const callsFile = path.join(dir, 'calls.json')
  writeFileSync(callsFile, JSON.stringify(open.plans.flatMap((plan) => plan.calls)))
  const server = await startBareReplayServer({
    headers: (await pingResponse(open.server.url)).headers,
    databaseUrl: open.target.databaseUrl!,
    poolSize: options.poolSize,
    connectionSql: CONNECTION_SETTINGS_SQL,
    callsFile,
    ...(options.cpuProfileDir
      ? { nodeArgs: cpuProfileArgs(options.cpuProfileDir, `least-${open.target.label}`) }
      : {}),
  })
  try {
    for (const plan of open.plans) {
      for (const call of plan.calls.slice(0, 3)) {
        const response = await fetch(`${server.url}${call.path}`, { headers: { cookie: call.cookie } })
        if (!response.ok)
          throw new Error(
            `the least server answered ${plan.endpoint.name} with ${response.status}: ${await response.text()}`,
          )
      }
    }
  } catch (error) {
    await server.stop()
    throw error
  }
  return { open, server, dir }
}

export const measureLeast = (least: LeastReplay, plan: ReadPlan, options: SuiteOptions, warm: boolean) =>
  measureOn('least', least.server, least.open.target.label, plan, options, warm)

// The session read on the app, on the least server that can answer it and as direct SQL, in
// turns, twice, each keeping its better run.
export async function measureLeastServer(
  open: OpenDataset,
  session: ReadPlan,
  execute: Execute,
  options: SuiteOptions,
) {
  const bare = await startLeastServer(open.server.url, session, {
    databaseUrl: open.target.databaseUrl!,
    poolSize: options.poolSize,
  })
  try {
    await checkLeastServer(open.server.url, bare.url, session.calls)
    const calls = httpCalls(session.calls)
    const load = { connections: options.connections, seconds: options.seconds }
    const warm = { connections: options.connections, seconds: options.warmupSeconds }
    await httpLoad(bare.url, calls, warm)
    let kept: { app?: LoadResult; bare?: LoadResult; sql?: LoadResult } = {}
    for (let pass = 0; pass < 2; pass++) {
      kept = {
        app: better(kept.app, await measureApi(open, session, options, false)),
        bare: better(kept.bare, await httpLoad(bare.url, calls, { ...load, serverPid: bare.pid })),
        sql: better(kept.sql, await measureSql(session, execute, options, false)),
      }
    }
    return { app: kept.app!, bare: kept.bare!, sql: kept.sql! }
  } finally {
    await bare.stop()
  }
}

// The least server for the session read, on the app's statement and the values it sent.
export async function startLeastServer(
  appUrl: string,
  session: ReadPlan,
  database: { databaseUrl: string; poolSize: number },
) {
  const [first] = session.calls
  const statements = first!.steps.flat()
  if (statements.length !== 1) throw new Error(`the session read ran ${statements.length} statements, not 1`)
  const cookieName = sessionCookieName(true)
  // Read as the app reads it (hono's cookie parser), so its hash is the one the app sent.
  const token = parse(first!.cookie, cookieName)[cookieName] ?? ''
  const statement = statements[0]!
  const tokenHashIndex = statement.values.indexOf(hashToken(token))
  if (tokenHashIndex < 0) throw new Error('the session statement was not sent the hash of the session token')
  return startBareSessionServer({
    ...database,
    headers: (await pingResponse(appUrl)).headers,
    connectionSql: CONNECTION_SETTINGS_SQL,
    statement,
    tokenHashIndex,
    cookieName,
  })
}

// The least server must answer each player with the player the app answers with.
export async function checkLeastServer(appUrl: string, bareUrl: string, calls: Call[]) {
  const userOf = async (url: string, call: Call) => {
    const response = await fetch(`${url}${call.path}`, { headers: { cookie: call.cookie } })
    const body = (await response.json()) as { user?: { id?: string } | null }
    return response.ok ? body.user?.id : undefined
  }
  for (const call of calls.slice(0, 3)) {
    const [app, bare] = [await userOf(appUrl, call), await userOf(bareUrl, call)]
    if (!app || app !== bare)
      throw new Error(`the session of ${app ?? 'nobody'} was answered with ${bare ?? 'nobody'}`)
  }
}
