// npm run test:load: 200 simulated players run mixed journeys over HTTP (keep-alive fetch)
// for 60 seconds against one server instance on PostgreSQL (a scratch database on the server
// of LOAD_DATABASE_URL or TEST_DATABASE_URL, dropped afterwards). Every answer must be one a
// real player could get: no network error, no 5xx, no refusal of a valid request (business
// outcomes of a race, like a PlayDate taken a moment earlier, are fine). Prints a summary;
// exits 1 on any error.
//   npm run test:load -- --players 200 --seconds 60
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { befriend, confirmedPlayer, type HttpPlayer, playDateInput } from './http-players'
import { createScratchDatabase, startServer } from './server-process'

const { values: options } = parseArgs({
  options: { players: { type: 'string', default: '200' }, seconds: { type: 'string', default: '60' } },
})
const PLAYERS = Number(options.players)
const SECONDS = Number(options.seconds)

interface Stat {
  count: number
  latencies: number[]
}
const stats = new Map<string, Stat>()
const statuses = new Map<number, number>()
const errors: string[] = []
let errorCount = 0

// One request of a journey. `expected` are the statuses a player may legitimately get.
async function step(
  player: HttpPlayer,
  name: string,
  method: string,
  url: string,
  body?: unknown,
  expected = [200, 201, 204],
) {
  const started = performance.now()
  try {
    const res = await player.call(method, url, body)
    const stat = stats.get(name) ?? { count: 0, latencies: [] }
    stat.count++
    stat.latencies.push(performance.now() - started)
    stats.set(name, stat)
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
    if (!expected.includes(res.status)) {
      errorCount++
      if (errors.length < 20)
        errors.push(`${name}: ${method} ${url} → ${res.status} ${res.text.slice(0, 200)}`)
    }
    return res
  } catch (error) {
    errorCount++
    if (errors.length < 20) errors.push(`${name}: ${method} ${url} → ${String(error)}`)
    return undefined
  }
}

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!
const think = () => new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 250))

interface Simulated {
  me: HttpPlayer
  partner: HttpPlayer
  listId?: string
}

// PlayDates other players can apply to (ids), shared by every simulated player.
const openPlayDates: string[] = []

async function journey(sim: Simulated, everyone: Simulated[]) {
  const { me, partner } = sim
  switch (Math.floor(Math.random() * 8)) {
    case 0: // the dashboard
      await step(me, 'dashboard', 'GET', '/api/auth/session')
      await step(me, 'dashboard', 'GET', '/api/notifications/unread-count')
      await step(me, 'dashboard', 'GET', '/api/connections/summary')
      await step(me, 'dashboard', 'GET', '/api/profiles/me/rating-check')
      break
    case 1: {
      // browse PlayDates, open one, maybe apply with the partner
      const page = await step(me, 'browse', 'GET', '/api/play-dates?tab=available')
      const item = page?.body?.items?.[0]
      if (item) await step(me, 'browse', 'GET', `/api/play-dates/${item.id}`)
      const target = openPlayDates.length ? pick(openPlayDates) : undefined
      if (target && Math.random() < 0.5) {
        // Taken, cancelled or already applied a moment ago: an answer a player can get.
        await step(
          me,
          'apply',
          'POST',
          `/api/play-dates/${target}/requests`,
          { partnerId: partner.id },
          [201, 409],
        )
      }
      break
    }
    case 2: {
      // create a PlayDate, then look after the applications to own PlayDates
      const created = await step(me, 'create-play-date', 'POST', '/api/play-dates', playDateInput(partner.id))
      if (created?.body?.id) openPlayDates.push(created.body.id)
      if (openPlayDates.length > 200) openPlayDates.splice(0, 100)
      const mine = await step(me, 'my-play-dates', 'GET', '/api/play-dates?tab=mine')
      for (const playDate of (mine?.body?.items ?? []).slice(0, 2)) {
        const detail = await step(me, 'my-play-dates', 'GET', `/api/play-dates/${playDate.id}`)
        const pending = detail?.body?.pendingRequests?.[0]
        if (pending) {
          await step(
            me,
            'accept',
            'POST',
            `/api/play-dates/requests/${pending.id}/accept`,
            undefined,
            [200, 409],
          )
        }
        if (detail?.body?.status === 'matched') {
          await step(me, 'chat', 'POST', `/api/play-dates/${playDate.id}/messages`, {
            content: 'See you there!',
          })
          await step(me, 'chat', 'GET', `/api/play-dates/${playDate.id}/messages`)
        }
      }
      break
    }
    case 3: // search for players
      await step(me, 'search', 'GET', `/api/connections/search?q=${pick(['Pl', 'Lo', 'Ann', 'player'])}`)
      await step(me, 'search', 'GET', `/api/players/profile-search?q=${pick(['Pl', 'Lo', 'Ann'])}`)
      break
    case 4: {
      // the SUPR Builder
      await step(me, 'supr-builder', 'POST', '/api/players', {
        firstName: 'Sam',
        lastName: 'Builder',
        gender: pick(['male', 'female']),
        duprRating: 3 + Math.round(Math.random() * 8) / 4,
      })
      await step(me, 'supr-builder', 'GET', '/api/players')
      await step(me, 'supr-builder', 'GET', '/api/team-builder/training-partners')
      break
    }
    case 5: {
      // partner lists: one list each, entries added and reordered
      if (!sim.listId) {
        const list = await step(me, 'partner-list', 'POST', '/api/partner-lists', { name: 'Summer open' })
        sim.listId = list?.body?.id
      }
      if (!sim.listId) break
      await step(me, 'partner-list', 'POST', `/api/partner-lists/${sim.listId}/manual-entries`, {
        firstName: 'Lee',
        lastName: 'Entry',
      })
      const list = await step(me, 'partner-list', 'GET', `/api/partner-lists/${sim.listId}`)
      const ids = (list?.body?.entries ?? []).map((e: { id: string }) => e.id).reverse()
      if (ids.length > 1) {
        // Another tab of the same player may have changed the list meanwhile: 409 is the answer.
        await step(
          me,
          'partner-list',
          'PUT',
          `/api/partner-lists/${sim.listId}/order`,
          { entryIds: ids },
          [200, 409],
        )
      }
      break
    }
    case 6: {
      // notifications and a friend request to someone (already asked or friends: 409)
      await step(me, 'notifications', 'GET', '/api/notifications?limit=20')
      const other = pick(everyone).me
      if (other !== me) {
        await step(
          me,
          'friend-request',
          'POST',
          '/api/connections/friend-requests',
          { receiverId: other.id },
          [201, 409],
        )
      }
      await step(me, 'notifications', 'GET', '/api/connections?view=received')
      break
    }
    default: // the referee, from the rulebook (10 questions a minute per player at most)
      if (Math.random() < 0.3) {
        await step(
          me,
          'referee',
          'POST',
          '/api/referee/ask',
          { question: 'Can I volley in the kitchen?' },
          [200, 429],
        )
      } else {
        await step(me, 'public-profile', 'GET', `/api/profiles/${partner.id}`)
      }
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0

async function main() {
  const serverUrl = process.env.LOAD_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    console.error(
      'Set TEST_DATABASE_URL (or LOAD_DATABASE_URL) to a PostgreSQL server where databases may be created',
    )
    process.exit(2)
  }
  const database = await createScratchDatabase(serverUrl, 'pm_load')
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pm-load-'))
  // Every simulated player comes from this one address: per-address limits would trip.
  const server = await startServer({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    NODE_ENV: 'development',
    RATE_LIMIT_FACTOR: '0',
    LOG_LEVEL: 'error',
  })
  try {
    const setupStarted = performance.now()
    const players: HttpPlayer[] = []
    for (let i = 0; i < PLAYERS; i += 10) {
      const batch = Array.from({ length: Math.min(10, PLAYERS - i) }, (_, j) =>
        confirmedPlayer(server.baseUrl, `Player${i + j}`),
      )
      players.push(...(await Promise.all(batch)))
    }
    const sims: Simulated[] = []
    for (let i = 0; i + 1 < players.length; i += 2) {
      await befriend(players[i]!, players[i + 1]!)
      sims.push({ me: players[i]!, partner: players[i + 1]! }, { me: players[i + 1]!, partner: players[i]! })
    }
    console.log(`${sims.length} players ready in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`)

    const deadline = Date.now() + SECONDS * 1000
    const started = performance.now()
    await Promise.all(
      sims.map(async (sim) => {
        while (Date.now() < deadline) {
          await journey(sim, sims)
          await think()
        }
      }),
    )
    const elapsed = (performance.now() - started) / 1000

    const total = [...stats.values()].reduce((sum, s) => sum + s.count, 0)
    const all = [...stats.values()].flatMap((s) => s.latencies).sort((a, b) => a - b)
    console.log(
      `\n${sims.length} players, ${elapsed.toFixed(0)} s: ${total} requests, ${(total / elapsed).toFixed(0)} per second`,
    )
    console.log(
      `latency ms: p50 ${percentile(all, 0.5).toFixed(0)}, p95 ${percentile(all, 0.95).toFixed(0)}, p99 ${percentile(all, 0.99).toFixed(0)}, max ${(all[all.length - 1] ?? 0).toFixed(0)}`,
    )
    console.log(
      `statuses: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')}`,
    )
    for (const [name, stat] of [...stats].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = [...stat.latencies].sort((a, b) => a - b)
      console.log(
        `  ${name.padEnd(18)} ${String(stat.count).padStart(7)}  p50 ${percentile(sorted, 0.5).toFixed(0).padStart(5)}  p95 ${percentile(sorted, 0.95).toFixed(0).padStart(5)}`,
      )
    }
    const serverErrors = [...statuses].filter(([s]) => s >= 500).reduce((sum, [, n]) => sum + n, 0)
    console.log(`errors: ${errorCount} (of which 5xx: ${serverErrors})`)
    for (const error of errors) console.error(`  ${error}`)
    process.exitCode = errorCount === 0 ? 0 : 1
  } finally {
    await server.stop()
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
