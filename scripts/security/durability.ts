// npm run test:durability [-- pglite|postgres]: nothing acknowledged is lost when the server
// process dies. Starts the real server on an empty database (embedded PGlite in a fresh
// DATA_DIR, and a scratch database on the PostgreSQL server of TEST_DATABASE_URL when it is
// set), runs a write load over HTTP (sign-ups, friend requests, PlayDates, SUPR players,
// partner list entries, chat messages), records every write the server acknowledged (at least
// MIN_ACKNOWLEDGED; an answer other than 201, or a request lost before the kill, fails it), kills
// the server with SIGKILL in the middle of the load, starts it again on the same data and
// checks that every acknowledged write is there; then stops it with SIGTERM while requests are
// under way and checks that they are answered (the graceful stop). Exits 1 on any problem.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { appearanceScript } from '../../src/domain/appearance'
import { appearanceScriptSource } from '../../src/server/middleware/response-headers'
import { connectionErrorCode, describeError } from './connection-errors'
import {
  type Answer,
  befriend,
  confirmedPlayer,
  HttpPlayer,
  PASSWORD,
  playDateInput,
  signUpBody,
  uniqueEmail,
} from './http-players'
import { createScratchDatabase, repoRoot, type RunningServer, startServer } from './server-process'

type Kind = 'pglite' | 'postgres'

interface Acknowledged {
  kind: 'sign-up' | 'friend-request' | 'play-date' | 'supr-player' | 'list-entry' | 'chat-message'
  id: string
}

// The load runs at least LOAD_MS and until MIN_ACKNOWLEDGED writes are in, at most MAX_LOAD_MS
// (a busy machine is slower). Fewer writes than that fail the run: a handful of writes tells
// nothing about what a kill loses (runs here acknowledge 450 to 770 in the first 4 s).
const LOAD_MS = 4_000
const MIN_ACKNOWLEDGED = 300
const MAX_LOAD_MS = 60_000
const WORKERS = 6
// The chat shows its newest 200 messages, the only ones the check can read back: a run sends
// fewer, as the pool caps the friend requests (a fast machine sent more and the oldest were
// counted missing).
const MAX_CHAT_MESSAGES = 150
// Under the app's own ceilings (200 entries a list, 500 SUPR players a player), which a fast
// machine would reach: their 409 would then be counted as a bug.
const MAX_LIST_ENTRIES = 150
const MAX_SUPR_PLAYERS = 400

async function runOnce(kind: Kind, env: Record<string, string>) {
  const started = Date.now()
  const common = { SEED_DEMO: 'false', NODE_ENV: 'development', RATE_LIMIT_FACTOR: '0', ...env }
  let server = await startServer(common)
  const base = server.baseUrl

  // The cast: a creator team (ana, ben), an applying team (cal, dee), a pool of players to
  // send friend requests to, a matched PlayDate to chat on and a partner list.
  const [ana, ben, cal, dee] = await Promise.all(
    ['Ana', 'Ben', 'Cal', 'Dee'].map((name) => confirmedPlayer(base, name)),
  )
  const pool = await Promise.all(Array.from({ length: 16 }, (_, i) => confirmedPlayer(base, `Pool${i}`)))
  await befriend(ana!, ben!)
  await befriend(cal!, dee!)
  const matched = await ana!.expect(201, 'POST', '/api/play-dates', playDateInput(ben!.id, 'Chat court'))
  const application = await cal!.expect(201, 'POST', `/api/play-dates/${matched.id}/requests`, {
    partnerId: dee!.id,
  })
  await ana!.expect(200, 'POST', `/api/play-dates/requests/${application.id}/accept`)
  const list = await ana!.expect(201, 'POST', '/api/partner-lists', { name: 'Durability cup' })

  const acknowledged: Acknowledged[] = []
  let attempted = 0
  let nextPool = 0
  let chatMessagesSent = 0
  let listEntriesSent = 0
  let suprPlayersSent = 0
  // Every write is answered 201 until the kill: any other answer is a bug, and fails the run.
  const created = (kind: Acknowledged['kind'], res: Answer, id: string = res.body?.id): Acknowledged => {
    if (res.status !== 201 || typeof id !== 'string')
      throw new Error(`a ${kind} was answered ${res.status}: ${res.text.slice(0, 200)}`)
    return { kind, id }
  }
  // Each sends one write and returns what was acknowledged, or 'none' when it has nothing to send.
  const writes: Array<() => Promise<Acknowledged | 'none'>> = [
    async () => {
      const email = uniqueEmail('signup')
      attempted++
      const res = await new HttpPlayer(base).call('POST', '/api/auth/sign-up', signUpBody(email, 'Late'))
      return created('sign-up', res, email)
    },
    async () => {
      const target = pool[nextPool++]
      if (!target) return 'none'
      attempted++
      const res = await ana!.call('POST', '/api/connections/friend-requests', { receiverId: target.id })
      return created('friend-request', res)
    },
    async () => {
      attempted++
      return created('play-date', await ana!.call('POST', '/api/play-dates', playDateInput(ben!.id)))
    },
    async () => {
      if (suprPlayersSent++ >= MAX_SUPR_PLAYERS) return 'none'
      attempted++
      const res = await ana!.call('POST', '/api/players', {
        firstName: 'Sue',
        lastName: 'Supr',
        gender: 'female',
        duprRating: 3.25,
      })
      return created('supr-player', res)
    },
    async () => {
      if (listEntriesSent++ >= MAX_LIST_ENTRIES) return 'none'
      attempted++
      const res = await ana!.call('POST', `/api/partner-lists/${list.id}/manual-entries`, {
        firstName: 'Manny',
        lastName: 'Entry',
      })
      return created('list-entry', res)
    },
    async () => {
      if (chatMessagesSent >= MAX_CHAT_MESSAGES) return 'none'
      chatMessagesSent++
      const author = Math.random() < 0.5 ? ana! : cal!
      attempted++
      const res = await author.call('POST', `/api/play-dates/${matched.id}/messages`, {
        content: `message ${attempted}`,
      })
      return created('chat-message', res)
    },
  ]

  // The load, and SIGKILL while requests are still in flight. A request cut off or refused after
  // the kill began is not acknowledged; any other error (a connection lost before the kill, an
  // answer other than 201, a body that is not JSON) is a bug, and fails the run.
  let killed = false
  let cutByKill = 0
  const loadErrors: string[] = []
  const worker = async () => {
    while (!killed) {
      try {
        const ack = await writes[Math.floor(Math.random() * writes.length)]!()
        if (ack !== 'none') acknowledged.push(ack)
      } catch (error) {
        if (killed && connectionErrorCode(error)) cutByKill++
        else {
          loadErrors.push(describeError(error))
          // One worker's bug stops the load: the run fails anyway.
          killed = true
        }
      }
    }
  }
  const workers = Array.from({ length: WORKERS }, () => worker())
  const loadStarted = Date.now()
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const elapsed = Date.now() - loadStarted
    if ((elapsed >= LOAD_MS && acknowledged.length >= MIN_ACKNOWLEDGED) || elapsed >= MAX_LOAD_MS) break
    if (loadErrors.length > 0) break
  }
  killed = true
  await server.kill()
  await Promise.all(workers)
  const unacknowledged = attempted - acknowledged.length
  if (unacknowledged !== cutByKill)
    loadErrors.push(`${unacknowledged} writes not acknowledged, but ${cutByKill} cut off by the kill`)

  // The same data, a new process.
  server = await startServer({ ...common, PORT: new URL(base).port })
  const missing: Acknowledged[] = []
  const sentRequests = new Set<string>()
  for (let offset = 0; ; offset += 100) {
    const page = await ana!.expect(200, 'GET', `/api/connections?view=sent&limit=100&offset=${offset}`)
    for (const item of page.items) sentRequests.add(item.id)
    if (page.items.length < 100) break
  }
  const messages = new Set<string>(
    (await cal!.expect(200, 'GET', `/api/play-dates/${matched.id}/messages`)).items.map(
      (m: { id: string }) => m.id,
    ),
  )
  const entries = new Set<string>(
    (await ana!.expect(200, 'GET', `/api/partner-lists/${list.id}`)).entries.map((e: { id: string }) => e.id),
  )
  for (const ack of acknowledged) {
    let present = false
    switch (ack.kind) {
      case 'sign-up': {
        // An unconfirmed account exists: signing in asks for the confirmation.
        const res = await new HttpPlayer(base).call('POST', '/api/auth/sign-in', {
          email: ack.id,
          password: PASSWORD,
        })
        present = res.status === 403 && res.body?.error?.code === 'email_not_confirmed'
        break
      }
      case 'friend-request':
        present = sentRequests.has(ack.id)
        break
      case 'play-date':
        present = (await ana!.call('GET', `/api/play-dates/${ack.id}`)).status === 200
        break
      case 'supr-player':
        present = (await ana!.call('GET', `/api/players/${ack.id}`)).status === 200
        break
      case 'list-entry':
        present = entries.has(ack.id)
        break
      case 'chat-message':
        present = messages.has(ack.id)
        break
    }
    if (!present) missing.push(ack)
  }

  // The page the real server sends: strict CSP, no inline script but the theme's, which the
  // policy allows by its hash (needs `npm run build`).
  const pageProblems: string[] = []
  if (existsSync(path.join(repoRoot, 'dist/web/index.html'))) {
    const res = await fetch(`${server.baseUrl}/`)
    const html = await res.text()
    const csp = res.headers.get('content-security-policy') ?? ''
    if (!csp.includes(`script-src 'self' ${appearanceScriptSource};`))
      pageProblems.push(`script-src is not 'self' and the theme script only: ${csp}`)
    if (!/frame-ancestors 'none'/.test(csp)) pageProblems.push('frame-ancestors is not none')
    if (/<script(?![^>]*\bsrc=)[^>]*>/i.test(html.replace(`<script>${appearanceScript}</script>`, '')))
      pageProblems.push('the page has an inline script')
    if (!readFileSync(path.join(repoRoot, 'dist/web/index.html'), 'utf8').includes('<script')) {
      pageProblems.push('the built page loads no script at all')
    }
  }
  const stopProblems = await stopGracefully(server, pool)

  const byKind = new Map<string, number>()
  for (const ack of acknowledged) byKind.set(ack.kind, (byKind.get(ack.kind) ?? 0) + 1)
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(
    `${kind}: ${acknowledged.length} acknowledged writes (${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')}), ` +
      `${unacknowledged} not acknowledged (refused or cut off by the kill), ` +
      `${missing.length} missing after restart (${seconds} s)`,
  )
  for (const ack of missing) console.error(`  missing ${ack.kind} ${ack.id}`)
  for (const problem of loadErrors.slice(0, 10)) console.error(`  load: ${problem}`)
  for (const problem of pageProblems) console.error(`  page: ${problem}`)
  for (const problem of stopProblems) console.error(`  graceful stop: ${problem}`)
  const enough = acknowledged.length >= MIN_ACKNOWLEDGED
  if (!enough)
    console.error(
      `  only ${acknowledged.length} writes were acknowledged, fewer than the ${MIN_ACKNOWLEDGED} the check needs (the load runs up to ${MAX_LOAD_MS / 1000} s)`,
    )
  return (
    missing.length === 0 &&
    loadErrors.length === 0 &&
    pageProblems.length === 0 &&
    stopProblems.length === 0 &&
    enough
  )
}

// SIGTERM while requests are under way (a deploy): every request the server has begun to read
// gets its whole answer, a live event stream ends (so the browser reconnects elsewhere), new
// connections are refused, and the process exits 0 soon after. The requests are sign-ins whose
// body is only half sent when the signal arrives and finished after it, so each is certainly
// under way at that moment, whatever the machine's speed.
async function stopGracefully(server: RunningServer, players: HttpPlayer[]) {
  const problems: string[] = []
  const { port } = new URL(server.baseUrl)
  const streamed = await fetch(`${server.baseUrl}/api/events`, {
    headers: { cookie: players[0]!.cookie, accept: 'text/event-stream' },
  })
  const reader = streamed.body!.getReader()
  await reader.read()
  const streamEnded = (async () => {
    try {
      while (!(await reader.read()).done) {
        // heartbeats, events
      }
      return true
    } catch {
      return false
    }
  })()

  const signIns = players.slice(0, 8).map((player) => {
    const body = JSON.stringify({ email: player.email, password: PASSWORD })
    const socket = connect(Number(port), '127.0.0.1')
    let received = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => (received += chunk))
    const answered = new Promise<string>((resolve) => {
      socket.on('close', () => resolve(received))
      socket.on('error', () => undefined)
    })
    socket.write(
      `POST /api/auth/sign-in HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${server.baseUrl}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
        body.slice(0, 10),
    )
    return { socket, rest: body.slice(10), answered }
  })
  // The server has read every request's head and waits for the rest of its body.
  await new Promise((resolve) => setTimeout(resolve, 300))
  const signalled = Date.now()
  const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)))
  server.process.kill('SIGTERM')
  await new Promise((resolve) => setTimeout(resolve, 200))
  // A fresh TCP connection (fetch would reuse a pooled keep-alive one, which the server keeps
  // answering, with `Connection: close`, until it has been quiet a moment).
  const refused = await new Promise<boolean>((resolve) => {
    const probe = connect(Number(port), '127.0.0.1')
    probe.once('connect', () => {
      probe.destroy()
      resolve(false)
    })
    probe.once('error', () => resolve(true))
  })
  if (!refused) problems.push('a new connection was accepted after SIGTERM')
  for (const { socket, rest } of signIns) socket.write(rest)

  const answers = await Promise.all(signIns.map((signIn) => signIn.answered))
  const unanswered = answers.filter((answer) => !/^HTTP\/1\.1 200 [^]*\r\n\r\n[^]*"user"/.test(answer))
  if (unanswered.length > 0) {
    problems.push(`${unanswered.length} of ${answers.length} sign-ins under way got no whole answer`)
  }
  const ended = await Promise.race([
    streamEnded,
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 5_000)),
  ])
  if (!ended) problems.push('the event stream did not end cleanly within 5 s')
  const code = await Promise.race([
    exited,
    new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 15_000)),
  ])
  if (code !== 0) problems.push(`the process exit was ${code}, not 0`)
  await server.stop()
  console.log(
    `  graceful stop: ${answers.length - unanswered.length}/${answers.length} sign-ins under way answered, ` +
      `stream ${ended ? 'ended' : 'left open'}, new connections ${refused ? 'refused' : 'accepted'}, ` +
      `exit ${code} after ${Date.now() - signalled} ms`,
  )
  return problems
}

async function main() {
  const only = process.argv[2] as Kind | undefined
  const kinds: Kind[] = only ? [only] : ['pglite', 'postgres']
  let ok = true
  for (const kind of kinds) {
    if (kind === 'pglite') {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'pm-durability-'))
      try {
        ok = (await runOnce('pglite', { DATA_DIR: dataDir })) && ok
      } finally {
        rmSync(dataDir, { recursive: true, force: true })
      }
    } else {
      const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DURABILITY_DATABASE_URL
      if (!serverUrl) {
        console.log('postgres: skipped (set TEST_DATABASE_URL to a server where databases may be created)')
        if (only === 'postgres') ok = false
        continue
      }
      const database = await createScratchDatabase(serverUrl, 'pm_durability')
      const dataDir = mkdtempSync(path.join(tmpdir(), 'pm-durability-'))
      try {
        ok = (await runOnce('postgres', { DATABASE_URL: database.url, DATA_DIR: dataDir })) && ok
      } finally {
        await database.drop()
        rmSync(dataDir, { recursive: true, force: true })
      }
    }
  }
  process.exit(ok ? 0 : 1)
}

await main()
