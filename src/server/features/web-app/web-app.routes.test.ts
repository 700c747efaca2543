import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../app'
import { buildDeps } from '../../deps'
import { parseEnv } from '../../env'
import { createLogger } from '../../lib/logger'
import { insertUser } from '../../testing/factories'
import { openTestDatabase } from '../../testing/test-app'
import { createFakeClock } from '../../testing/fake-clock'
import { playDateRequests, playDates } from '../../db/schema'
import { createSession } from '../auth'
import type { PublicConfig } from '../../../domain/product'

const template = `<!doctype html>
<html lang="en">
  <head>
    <title>__PRODUCT_NAME__</title>
    <meta name="app-config" content="__APP_CONFIG__" />
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`

const preloads = [
  { path: '/', files: ['/assets/home-b2.js'] },
  { path: '/signin', files: ['/assets/sign-in-c3.js', '/assets/form-d4.js'] },
  { path: '/playdates/:id', files: ['/assets/play-dates-detail-e5.js'] },
  { path: '/playdates/:id/apply', files: ['/assets/play-dates-apply-f6.js'] },
  { path: '/invite/:code?', files: ['/assets/invite-g7.js'] },
]

const signedInFiles = ['/assets/signed-in-shell-h8.js', '/assets/form-d4.js']

let database: Awaited<ReturnType<typeof openTestDatabase>>
let webRoot: string
let app: ReturnType<typeof createApp>
// The app's clock, which a PlayDate's first view reads as its page does.
const clock = createFakeClock()
// A signed-in player's cookie (a live session); a cookie naming no session signs in no one.
let signedIn: { cookie: string }
const deadSession = { cookie: 'pm_session=no-such-token' }
const sessionOf = async (overrides: Parameters<typeof insertUser>[1] = {}) => {
  const profile = await insertUser(database.db, overrides)
  const { token } = await createSession(database.db, profile.id, 30, new Date())
  return { profile, cookie: { cookie: `pm_session=${token}` } }
}

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'pm-web-app-'))
  writeFileSync(path.join(webRoot, 'index.html'), template)
  writeFileSync(
    path.join(webRoot, 'landing.html'),
    template.replace('<div id="root"></div>', '<div id="root"><h1>Welcome to __PRODUCT_NAME__</h1></div>'),
  )
  writeFileSync(
    path.join(webRoot, 'signed-in-dashboard.html'),
    template.replace('<div id="root"></div>', '<div id="root"><h1>Dashboard</h1></div>'),
  )
  writeFileSync(
    path.join(webRoot, 'signed-in-first-views.json'),
    JSON.stringify({ '/dashboard': 'signed-in-dashboard.html' }),
  )
  for (const kind of ['challenge', 'earn', 'free']) {
    writeFileSync(
      path.join(webRoot, `signed-in-play-date-${kind}.html`),
      template.replace('<div id="root"></div>', `<div id="root"><h1>${kind}</h1></div>`),
    )
  }
  writeFileSync(
    path.join(webRoot, 'play-date-first-views.json'),
    JSON.stringify({
      challenge: 'signed-in-play-date-challenge.html',
      earn: 'signed-in-play-date-earn.html',
      free: 'signed-in-play-date-free.html',
    }),
  )
  writeFileSync(path.join(webRoot, 'page-preloads.json'), JSON.stringify(preloads))
  writeFileSync(path.join(webRoot, 'signed-in-preloads.json'), JSON.stringify(signedInFiles))
  database = await openTestDatabase()
  const env = parseEnv({ NODE_ENV: 'test', PRODUCT_NAME: 'Dink Club' })
  app = createApp(buildDeps({ database, env, logger: createLogger(env), webRoot, clock }))
  signedIn = (await sessionOf()).cookie
})
afterAll(async () => {
  await database?.close()
  rmSync(webRoot, { recursive: true, force: true })
})

const preloadedFiles = async (url: string, headers: Record<string, string> = {}) => {
  const res = await app.request(url, { headers })
  expect(res.status).toBe(200)
  expect(res.headers.get('vary')).toMatch(/Cookie/)
  const html = await res.text()
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])
}

describe('the public config in the HTML', () => {
  it('carries the product settings and nothing more: the page reads PlayDate clocks itself', async () => {
    const html = await (await app.request('/playdates')).text()
    const content = /<meta name="app-config" content="([^"]*)"/.exec(html)![1]!.replaceAll('&quot;', '"')
    const config = JSON.parse(content) as PublicConfig
    expect(Object.keys(config).sort()).toEqual([
      'helpUrl',
      'productName',
      'requireSignupCode',
      'roadmapUrl',
      'showDevTools',
    ])
    expect(config.productName).toBe('Dink Club')
  })
})

describe('the HTML of a page', () => {
  it("names the page's own files, so the browser fetches them with the entry", async () => {
    expect(await preloadedFiles('/signin')).toEqual(['/assets/sign-in-c3.js', '/assets/form-d4.js'])
    expect(await preloadedFiles('/')).toEqual(['/assets/home-b2.js'])
  })

  it('matches paths as the router does: parameters, optional parameters, any letter case', async () => {
    expect(await preloadedFiles('/playdates/42')).toEqual(['/assets/play-dates-detail-e5.js'])
    expect(await preloadedFiles('/playdates/42/apply')).toEqual(['/assets/play-dates-apply-f6.js'])
    expect(await preloadedFiles('/invite')).toEqual(['/assets/invite-g7.js'])
    expect(await preloadedFiles('/invite/spring')).toEqual(['/assets/invite-g7.js'])
    expect(await preloadedFiles('/SignIn')).toEqual(['/assets/sign-in-c3.js', '/assets/form-d4.js'])
  })

  it('names nothing more for a path the app does not know', async () => {
    expect(await preloadedFiles('/no/such/page')).toEqual([])
    expect(await preloadedFiles('/playdates/42/apply/more')).toEqual([])
  })
})

describe("the HTML of a page for a signed-in player's request", () => {
  it('also names the files of the signed-in shell, each file once', async () => {
    expect(await preloadedFiles('/dashboard', signedIn)).toEqual([
      '/assets/signed-in-shell-h8.js',
      '/assets/form-d4.js',
    ])
    expect(await preloadedFiles('/signin', signedIn)).toEqual([
      '/assets/sign-in-c3.js',
      '/assets/form-d4.js',
      '/assets/signed-in-shell-h8.js',
    ])
    expect(await preloadedFiles('/dashboard')).toEqual([])
    expect(await preloadedFiles('/dashboard', { cookie: 'other=1' })).toEqual([])
  })

  it("names them for the service worker's fetch by the cookie alone, and not for a session that has ended or a paused player", async () => {
    expect(await preloadedFiles('/signin', { ...deadSession, 'sec-fetch-dest': 'empty' })).toEqual([
      '/assets/sign-in-c3.js',
      '/assets/form-d4.js',
      '/assets/signed-in-shell-h8.js',
    ])
    expect(await preloadedFiles('/signin', deadSession)).toEqual([
      '/assets/sign-in-c3.js',
      '/assets/form-d4.js',
    ])
    const paused = await sessionOf({ isPaused: true })
    expect(await preloadedFiles('/dashboard', paused.cookie)).toEqual([])
  })
})

describe("the HTML of a PlayDate's page for a request with a session cookie", () => {
  const id = '3f2b8c1e-9d4a-4b6e-8f01-2a3b4c5d6e7f'
  const dataPreloads = async (url: string, headers: Record<string, string> = {}) => {
    const html = await (await app.request(url, { headers })).text()
    return [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous">/g)]
      .map((m) => m[1])
      .filter((href) => href !== '/api/auth/session')
  }
  let cookie: { cookie: string }
  beforeAll(() => {
    cookie = signedIn
  })

  it('asks for the PlayDate with the scripts, so that it comes while they load', async () => {
    expect(await dataPreloads(`/playdates/${id}`, cookie)).toEqual([`/api/play-dates/${id}`])
    expect(await preloadedFiles(`/playdates/${id}`, cookie)).toContain('/assets/play-dates-detail-e5.js')
  })

  it('asks for nothing without a session cookie, for another page, or for the service worker', async () => {
    expect(await dataPreloads(`/playdates/${id}`)).toEqual([])
    expect(await dataPreloads(`/playdates/${id}`, deadSession)).toEqual([])
    expect(await dataPreloads(`/playdates/${id}/apply`, cookie)).toEqual([])
    expect(await dataPreloads('/playdates/not-an-id', cookie)).toEqual([])
    expect(await dataPreloads(`/playdates/${id}"><script>`, cookie)).toEqual([])
    expect(await dataPreloads(`/playdates/${id}`, { ...cookie, 'sec-fetch-dest': 'empty' })).toEqual([])
  })
})

describe('the landing page rendered by the build', () => {
  const rootOf = async (url: string, headers: Record<string, string> = {}) => {
    const res = await app.request(url, { headers })
    expect(res.headers.get('vary')).toMatch(/Sec-Fetch-Dest/)
    return /<div id="root">(.*?)<\/div>/.exec(await res.text())?.[1]
  }

  it('comes inside the root element of / for a visitor without a session, with the product name', async () => {
    expect(await rootOf('/', { 'sec-fetch-dest': 'document' })).toBe('<h1>Welcome to Dink Club</h1>')
    expect(await rootOf('/')).toBe('<h1>Welcome to Dink Club</h1>')
    expect(await preloadedFiles('/')).toEqual(['/assets/home-b2.js'])
  })

  it('comes to a visitor whose cookie names a session that has ended, or a paused player', async () => {
    expect(await rootOf('/', deadSession)).toBe('<h1>Welcome to Dink Club</h1>')
    const paused = await sessionOf({ isPaused: true })
    expect(await rootOf('/', paused.cookie)).toBe('<h1>Welcome to Dink Club</h1>')
  })

  it('is not sent to a signed-in player, on another page, or to the service worker that keeps the offline shell', async () => {
    expect(await rootOf('/', signedIn)).toBe('')
    expect(await rootOf('/', { ...deadSession, 'sec-fetch-dest': 'empty' })).toBe('')
    expect(await rootOf('/signin')).toBe('')
    expect(await rootOf('/', { 'sec-fetch-dest': 'empty' })).toBe('')
  })
})

describe('a page load when the database cannot answer', () => {
  it('still gets its page, named by the cookie, for the app to say what is wrong', async () => {
    const down = await openTestDatabase()
    const env = parseEnv({ NODE_ENV: 'test', PRODUCT_NAME: 'Dink Club' })
    const downApp = createApp(buildDeps({ database: down, env, logger: createLogger(env), webRoot }))
    await down.close()
    const res = await downApp.request('/signin', { headers: { cookie: 'pm_session=any-token' } })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]),
    ).toEqual(['/assets/sign-in-c3.js', '/assets/form-d4.js', '/assets/signed-in-shell-h8.js'])
  })
})

describe("the dashboard's first view rendered by the build", () => {
  const rootOf = async (url: string, headers: Record<string, string> = {}) => {
    const res = await app.request(url, { headers })
    expect(res.status).toBe(200)
    return /<div id="root">(.*?)<\/div>/.exec(await res.text())?.[1]
  }
  it('comes inside the root element of /dashboard for a signed-in player, with the shell preloaded', async () => {
    expect(await rootOf('/dashboard', signedIn)).toBe('<h1>Dashboard</h1>')
    expect(await preloadedFiles('/dashboard', signedIn)).toEqual(signedInFiles)
  })

  it("asks for the dashboard's answers with the scripts, by the URLs its page asks for", async () => {
    const html = await (await app.request('/dashboard', { headers: signedIn })).text()
    const preloads = [
      ...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous">/g),
    ]
      .map((m) => m[1])
      .filter((href) => href !== '/api/auth/session')
    expect(preloads).toEqual([
      '/api/home',
      '/api/connections?view=received&amp;offset=0&amp;limit=50',
      '/api/connections/activity',
    ])
    const signedOut = await (await app.request('/dashboard')).text()
    expect(signedOut).not.toContain('/api/home')
  })

  it('is not sent without a session, for a session that has ended, to a paused player, on another page, or to the service worker', async () => {
    expect(await rootOf('/dashboard')).toBe('')
    expect(await rootOf('/dashboard', deadSession)).toBe('')
    expect(await rootOf('/dashboard', (await sessionOf({ isPaused: true })).cookie)).toBe('')
    expect(await rootOf('/playdates', signedIn)).toBe('')
    expect(await rootOf('/dashboard', { ...signedIn, 'sec-fetch-dest': 'empty' })).toBe('')
  })
})

describe("a PlayDate page's first view rendered by the build", () => {
  const rootOf = async (url: string, headers: Record<string, string> = {}) => {
    const res = await app.request(url, { headers })
    expect(res.status).toBe(200)
    return /<div id="root">(.*?)<\/div>/.exec(await res.text())?.[1]
  }
  let players: Awaited<ReturnType<typeof sessionOf>>[]
  let open: string
  let matched: string
  let free: string

  beforeAll(async () => {
    players = await Promise.all([1, 2, 3, 4, 5].map(() => sessionOf()))
    const [a, b, c, d] = players.map((p) => p.profile.id) as [string, string, string, string]
    const base = {
      state: 'AZ' as const,
      regions: ['east_valley'],
      paymentPerHourMin: 25,
      paymentPerHourMax: 25,
      description: 'Morning doubles',
    }
    const [openRow, matchedRow, freeRow] = await database.db
      .insert(playDates)
      .values([
        { ...base, creatorId: a, partnerId: b, type: 'earn' as const, status: 'open' as const },
        { ...base, creatorId: a, partnerId: b, type: 'challenge' as const, status: 'matched' as const },
        {
          ...base,
          paymentPerHourMin: 0,
          paymentPerHourMax: 0,
          creatorId: a,
          type: 'challenge' as const,
          status: 'open' as const,
        },
      ])
      .returning({ id: playDates.id })
    open = openRow!.id
    matched = matchedRow!.id
    free = freeRow!.id
    await database.db
      .insert(playDateRequests)
      .values({ playDateId: matched, requesterId: c, requesterPartnerId: d, status: 'accepted' })
  })

  it('comes to a player who may see the PlayDate: the one of its kind, with the PlayDate and the files asked for', async () => {
    const [creator, , responder, , stranger] = players as [
      (typeof players)[0],
      unknown,
      (typeof players)[0],
      unknown,
      (typeof players)[0],
    ]
    expect(await rootOf(`/playdates/${open}`, stranger.cookie)).toBe('<h1>earn</h1>')
    // A game that costs nothing is neither a team paying nor one earning.
    expect(await rootOf(`/playdates/${free}`, stranger.cookie)).toBe('<h1>free</h1>')
    expect(await rootOf(`/playdates/${matched}`, creator.cookie)).toBe('<h1>challenge</h1>')
    expect(await rootOf(`/playdates/${matched}`, responder.cookie)).toBe('<h1>challenge</h1>')
    expect(await rootOf(`/playdates/${matched.toUpperCase()}/`, responder.cookie)).toBe('<h1>challenge</h1>')
    const admin = await sessionOf({ isAdmin: true })
    expect(await rootOf(`/playdates/${matched}`, admin.cookie)).toBe('<h1>challenge</h1>')
    const html = await (await app.request(`/playdates/${open}`, { headers: stranger.cookie })).text()
    expect(html).toContain(
      `<link rel="preload" href="/api/play-dates/${open}" as="fetch" crossorigin="anonymous">`,
    )
    expect(await preloadedFiles(`/playdates/${open}`, stranger.cookie)).toEqual([
      '/assets/play-dates-detail-e5.js',
      ...signedInFiles,
    ])
  })

  it('is not sent for a PlayDate the player may not see or that does not exist, to a paused player, for a dead session or to the service worker', async () => {
    const stranger = players[4]!
    expect(await rootOf(`/playdates/${matched}`, stranger.cookie)).toBe('')
    expect(await rootOf('/playdates/3f2b8c1e-9d4a-4b6e-8f01-2a3b4c5d6e7f', stranger.cookie)).toBe('')
    const paused = await sessionOf({ isPaused: true })
    expect(await rootOf(`/playdates/${open}`, paused.cookie)).toBe('')
    expect(await rootOf(`/playdates/${open}`, { cookie: 'pm_session=no-such-token' })).toBe('')
    expect(await rootOf(`/playdates/${open}`)).toBe('')
    expect(await rootOf(`/playdates/${open}`, { ...stranger.cookie, 'sec-fetch-dest': 'empty' })).toBe('')
    expect(await rootOf(`/playdates/${open}/apply`, stranger.cookie)).toBe('')
  })

  it("reads the app's clock as the page does: an open PlayDate whose start passed by it is its players' only", async () => {
    const creator = players[0]!
    const stranger = players[4]!
    const base = {
      state: 'AZ' as const,
      regions: ['east_valley'],
      paymentPerHourMin: 25,
      paymentPerHourMax: 25,
      description: 'Evening doubles',
      timeZone: 'America/Phoenix',
      durationMinutes: 90,
      creatorId: creator.profile.id,
      type: 'earn' as const,
      status: 'open' as const,
    }
    const hour = 3_600_000
    // One starts in an hour by the database's clock, the other started an hour ago by it.
    const [soon, gone] = await database.db
      .insert(playDates)
      .values([
        { ...base, startsAt: new Date(Date.now() + hour) },
        { ...base, startsAt: new Date(Date.now() - hour) },
      ])
      .returning({ id: playDates.id })
    try {
      // The app's clock two hours on: both have started, the page is the creator's only.
      clock.set(new Date(Date.now() + 2 * hour))
      expect(await rootOf(`/playdates/${soon!.id}`, stranger.cookie)).toBe('')
      expect(await rootOf(`/playdates/${soon!.id}`, creator.cookie)).toBe('<h1>earn</h1>')
      // The app's clock two hours back: neither has, both are there for every player.
      clock.set(new Date(Date.now() - 2 * hour))
      expect(await rootOf(`/playdates/${soon!.id}`, stranger.cookie)).toBe('<h1>earn</h1>')
      expect(await rootOf(`/playdates/${gone!.id}`, stranger.cookie)).toBe('<h1>earn</h1>')
    } finally {
      clock.set(new Date())
    }
  })
})
