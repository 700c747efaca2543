// The body of `npm run security:scan` (see scan.sh): sqlmap over the API's JSON operations and
// wapiti over the web app and the API, against a local production-mode instance with the demo
// data, signed in as a demo player (and the demo admin for admin routes). The operations come
// from /api/openapi.json, so new routes are scanned too. Exits 1 on any finding.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  type ApiOperation,
  exampleOf,
  loadOpenApi,
  operationsOf,
  urlOf,
} from '../../src/server/testing/openapi-operations'
import { startServer } from './server-process'

// Not scanned: ending the scanner's own session, the endless event stream, and deletions
// (the first request would remove what every later one compares against).
const SKIPPED = new Set(['POST /api/auth/sign-out', 'GET /api/events'])
const SQLMAP_SECONDS_PER_TARGET = 240

// Findings that are wrong by current guidance, each with the reason it is not acted on.
const NOT_A_FINDING: Array<{ pattern: RegExp; reason: string }> = [
  {
    pattern: /X-XSS-Protection is not set/,
    reason:
      'the header is sent as "0" on purpose: OWASP advises turning the legacy XSS auditor off; ' +
      'the strict Content-Security-Policy is the protection',
  },
  {
    pattern: /X-Frame-Options is not set/,
    reason:
      "framing is refused by CSP frame-ancestors 'none', the one rule current guidance keeps " +
      '(docs/decisions/0076)',
  },
]
const WAPITI_MAX_SECONDS = 900

const work = mkdtempSync(path.join(tmpdir(), 'pm-scan-'))
const dataDir = path.join(work, 'data')

async function signIn(base: string, email: string) {
  const res = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'pickleball' }),
  })
  if (res.status !== 200) throw new Error(`demo sign-in for ${email} answered ${res.status}`)
  return res.headers.getSetCookie()[0]!.split(';')[0]!
}

async function getJson(base: string, cookie: string, url: string) {
  const res = await fetch(`${base}${url}`, { headers: { cookie } })
  return res.ok ? await res.json() : undefined
}

// Real ids the demo player can reach, by the path segment before the param.
async function realIds(base: string, cookie: string) {
  const me = await getJson(base, cookie, '/api/profiles/me')
  const first = (value: unknown) =>
    (Array.isArray(value) ? value[0] : (value as { items?: unknown[] } | undefined)?.items?.[0]) as
      { id?: string } | undefined
  const lists = await getJson(base, cookie, '/api/partner-lists')
  const list = first(lists)
  const detail = list?.id ? await getJson(base, cookie, `/api/partner-lists/${list.id}`) : undefined
  return {
    me: me?.id as string,
    byResource: {
      'play-dates': first(await getJson(base, cookie, '/api/play-dates?tab=mine'))?.id,
      'partner-lists': list?.id,
      entries: detail?.entries?.[0]?.id,
      players: first(await getJson(base, cookie, '/api/players'))?.id,
      notifications: first(await getJson(base, cookie, '/api/notifications'))?.id,
      connections: first(await getJson(base, cookie, '/api/connections?view=connected'))?.id,
      profiles: me?.id,
      watching: me?.id,
      users: me?.id,
      invites: '1234567',
    } as Record<string, string | undefined>,
  }
}

interface Target {
  op: ApiOperation
  label: string
  url: string
  data?: string
  cookie: string
}

function targetsOf(
  ops: ApiOperation[],
  ids: Awaited<ReturnType<typeof realIds>>,
  cookies: Record<string, string>,
) {
  const targets: Target[] = []
  for (const op of ops) {
    if (SKIPPED.has(op.key) || op.method === 'DELETE') continue
    const cookie = op.access === 'admin' ? cookies.admin! : cookies.player!
    const context = { uuid: ids.me }
    const params = Object.fromEntries(
      op.pathParams.map((name) => {
        const before = op.path.split(`/{${name}}`)[0]!.split('/').pop()!
        return [name, ids.byResource[before] ?? ids.me]
      }),
    )
    const query = Object.fromEntries(op.query.map((p) => [p.name, exampleOf(p.schema, context, p.name)]))
    const data = op.body ? JSON.stringify(exampleOf(op.body, context)) : undefined
    if (op.pathParams.length > 0) {
      // sqlmap's custom injection marker goes after each path param's value.
      const marked = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => `${params[name]}*`)
      targets.push({ op, label: 'path', url: marked, cookie, ...(data ? { data } : {}) })
    }
    if (op.query.length > 0 || data) {
      targets.push({
        op,
        label: data ? 'body' : 'query',
        url: urlOf(op, params, query),
        cookie,
        ...(data ? { data } : {}),
      })
    }
  }
  return targets
}

function runSqlmap(base: string, target: Target) {
  const args = [
    '-u',
    `${base}${target.url}`,
    '--method',
    target.op.method,
    '--cookie',
    target.cookie,
    '-H',
    `Origin: ${base}`,
    '--batch',
    '--flush-session',
    '--disable-coloring',
    '--dbms',
    'PostgreSQL',
    '--time-sec',
    '2',
    // A refusal is a fine baseline: the parameters are still tested.
    '--ignore-code',
    '400,401,403,404,409',
    '--output-dir',
    path.join(work, 'sqlmap'),
  ]
  if (target.data) args.push('--data', target.data, '-H', 'Content-Type: application/json')
  const run = spawnSync('sqlmap', args, { encoding: 'utf8', timeout: SQLMAP_SECONDS_PER_TARGET * 1000 })
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`
  const injectable =
    /identified the following injection point|is vulnerable|appears to be '.*' injectable/i.test(output)
  const tested = /all tested parameters do not appear to be injectable|does not seem to be injectable/i.test(
    output,
  )
  return { injectable, tested, timedOut: run.error !== undefined, output }
}

function runWapiti(base: string, cookies: Record<string, string>, starts: string[]) {
  const report = path.join(work, 'wapiti.json')
  const args = [
    '-u',
    `${base}/`,
    '--scope',
    'folder',
    '-m',
    'blindsql,cookieflags,crlf,csp,exec,file,http_headers,permanentxss,redirect,sql,xss,xxe,methods',
    '-H',
    `Cookie: ${cookies.player}`,
    '-H',
    `Origin: ${base}`,
    '--flush-session',
    '--max-scan-time',
    String(WAPITI_MAX_SECONDS),
    '-f',
    'json',
    '-o',
    report,
    '--no-bugreport',
    '--store-session',
    path.join(work, 'wapiti-session'),
    '--store-config',
    path.join(work, 'wapiti-config'),
    ...starts.flatMap((url) => ['-s', `${base}${url}`]),
  ]
  const run = spawnSync('wapiti', args, { encoding: 'utf8', timeout: (WAPITI_MAX_SECONDS + 120) * 1000 })
  const parsed = JSON.parse(readFileSync(report, 'utf8')) as {
    vulnerabilities: Record<string, Array<{ info: string; path: string; method: string }>>
    anomalies: Record<string, Array<{ info: string; path: string; method: string }>>
  }
  const findings: string[] = []
  const dismissed: string[] = []
  for (const section of [parsed.vulnerabilities, parsed.anomalies]) {
    for (const [category, items] of Object.entries(section ?? {})) {
      for (const item of items) {
        const finding = `${category}: ${item.method} ${item.path} ${item.info}`
        const known = NOT_A_FINDING.find((entry) => entry.pattern.test(finding))
        if (known) dismissed.push(`${finding} (not a finding: ${known.reason})`)
        else findings.push(finding)
      }
    }
  }
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`
  // What wapiti reports it crawled and attacked, for the summary.
  const summary = output.split('\n').filter((line) => /Launching module|resources|URLs|crawl/i.test(line))
  return { findings, dismissed, summary, output }
}

async function main() {
  const server = await startServer({
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
    RATE_LIMIT_FACTOR: '0',
    LOG_LEVEL: 'error',
  })
  const base = server.baseUrl
  const findings: string[] = []
  try {
    const cookies = {
      player: await signIn(base, 'maya.lopez@demo.picklematch.app'),
      admin: await signIn(base, 'admin@demo.picklematch.app'),
    }
    const ops = operationsOf(
      await loadOpenApi({ request: (url, init) => fetch(`${base}${new URL(url).pathname}`, init) }),
    )
    const ids = await realIds(base, cookies.player)
    const targets = targetsOf(ops, ids, cookies)
    console.log(`sqlmap: ${targets.length} targets from ${ops.length} operations`)
    let tested = 0
    for (const target of targets) {
      const result = runSqlmap(base, target)
      const name = `${target.op.key} (${target.label})`
      if (result.injectable) {
        findings.push(`sqlmap: ${name} is injectable`)
        console.log(result.output.slice(-3000))
      }
      if (result.tested) tested++
      console.log(
        `  ${result.injectable ? 'INJECTABLE' : result.timedOut ? 'timed out ' : result.tested ? 'clean     ' : 'not tested'} ${name}`,
      )
    }
    console.log(`sqlmap: ${tested} of ${targets.length} targets tested clean`)

    const starts = targets.filter((t) => t.op.method === 'GET' && t.label === 'query').map((t) => t.url)
    starts.push('/', '/playdates', '/connections', '/partner-lists', '/robots.txt')
    const wapiti = runWapiti(base, cookies, starts)
    findings.push(...wapiti.findings.map((f) => `wapiti: ${f}`))
    for (const line of wapiti.summary) console.log(`  wapiti: ${line.trim()}`)
    for (const note of wapiti.dismissed) console.log(`  wapiti: ${note}`)
    console.log(`wapiti: ${wapiti.findings.length} findings over ${starts.length} start URLs`)
  } finally {
    await server.stop()
    rmSync(work, { recursive: true, force: true })
  }
  for (const finding of findings) console.error(finding)
  console.log(findings.length ? `${findings.length} findings` : 'no findings')
  process.exit(findings.length ? 1 : 0)
}

await main()
