import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  type PlayDateType,
  playDateIdOfPage,
  playDateTypes,
} from '../../../domain/play-dates/play-date.constants'
import type { PublicConfig } from '../../../domain/product'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import type { AppDeps, AppEnv } from '../../app-env'
import { loadSession, readSessionToken } from '../auth'
import { visiblePlayDateType } from '../play-dates'

export function publicConfigOf(deps: AppDeps): PublicConfig {
  const { env } = deps
  return {
    productName: env.PRODUCT_NAME,
    helpUrl: env.HELP_URL,
    roadmapUrl: env.ROADMAP_URL,
    requireSignupCode: env.REQUIRE_SIGNUP_CODE,
    showDevTools: env.NODE_ENV !== 'production',
  }
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

// The built index.html carries placeholders for the product name and the public config.
export function renderIndexHtml(template: string, config: PublicConfig) {
  return template
    .replaceAll('__PRODUCT_NAME__', escapeHtml(config.productName))
    .replace('__APP_CONFIG__', escapeHtml(JSON.stringify(config)))
}

// The build lists, for each page's path, the files its page needs beyond the entry
// (scripts/vite/page-preloads.ts, page-preloads.json).
interface PagePreload {
  path: string
  files: string[]
}

function readJson(root: string, name: string): unknown {
  try {
    return JSON.parse(readFileSync(path.join(root, name), 'utf8')) as unknown
  } catch {
    return undefined
  }
}

function readPagePreloads(root: string): PagePreload[] {
  const parsed = readJson(root, 'page-preloads.json')
  return Array.isArray(parsed) ? (parsed as PagePreload[]) : []
}

// The files of the signed-in shell beyond the entry (signed-in-preloads.json).
function readSignedInFiles(root: string): string[] {
  const parsed = readJson(root, 'signed-in-preloads.json')
  return Array.isArray(parsed) ? parsed.filter((file) => typeof file === 'string') : []
}

// The signed-in pages whose first view the build rendered, and the file of each
// (signed-in-first-views.json, scripts/build-web.mjs).
function readFirstViewFiles(root: string): [pathname: string, file: string][] {
  const parsed = readJson(root, 'signed-in-first-views.json')
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return []
  return Object.entries(parsed).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && /^[\w.-]+\.html$/.test(entry[1]),
  )
}

// A PlayDate page's first view for each kind of PlayDate (play-date-first-views.json).
function readPlayDateViewFiles(root: string): [type: PlayDateType, file: string][] {
  const parsed = readJson(root, 'play-date-first-views.json')
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return []
  return playDateTypes.flatMap((type) => {
    const file = (parsed as Record<string, unknown>)[type]
    return typeof file === 'string' && /^[\w.-]+\.html$/.test(file)
      ? [[type, file] as [PlayDateType, string]]
      : []
  })
}

// Matches a route path of the web app ('/playdates/:id', '/invite/:code?') as its router does
// (case-insensitive); the number of fixed segments ranks the matches.
function matchScore(pattern: string, pathname: string): number | null {
  const wanted = pattern.split('/').filter(Boolean)
  const given = pathname.split('/').filter(Boolean)
  if (given.length > wanted.length) return null
  let score = 0
  for (const [index, segment] of wanted.entries()) {
    const value = given[index]
    if (segment.startsWith(':')) {
      if (value === undefined && !segment.endsWith('?')) return null
      continue
    }
    if (value === undefined || value.toLowerCase() !== segment.toLowerCase()) return null
    score += 1
  }
  return score
}

export function pagePreloadFor(preloads: PagePreload[], pathname: string): PagePreload | undefined {
  let best: { preload: PagePreload; score: number } | undefined
  for (const preload of preloads) {
    const score = matchScore(preload.path, pathname)
    if (score !== null && (!best || score > best.score)) best = { preload, score }
  }
  return best?.preload
}

// The page's own files as modulepreload links, so the browser fetches them with the entry
// instead of after it has run (docs/decisions/0041-web-first-load.md).
export function withPagePreload(html: string, files: readonly string[]) {
  if (files.length === 0) return html
  const links = [...new Set(files)]
    .filter((file) => /^\/assets\/[\w.-]+\.js$/.test(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    .join('\n    ')
  return html.replace('</head>', `  ${links}\n  </head>`)
}

// The answers a signed-in page shows first, asked for by its HTML so that they come while the
// scripts load instead of after they have run: a PlayDate's page, opened from a notification, a
// push or a shared link, shows the PlayDate a round trip sooner; the dashboard, its sections (what's
// next, the friend requests to answer, friends' activity: home.queries.ts). The page's own requests
// (lib/api-client.ts) get the preloaded answers, as the session's does (index.html): the URLs are
// the ones they ask for, to the letter.
const DASHBOARD_ANSWERS = [
  '/api/home',
  '/api/connections?view=received&offset=0&limit=50',
  '/api/connections/activity',
]

export function dataPreloadsFor(pathname: string): string[] {
  const id = playDateIdOfPage(pathname)
  if (id) return [`/api/play-dates/${id}`]
  return pathname === '/dashboard' ? DASHBOARD_ANSWERS : []
}

function withDataPreloads(html: string, urls: readonly string[]) {
  if (urls.length === 0) return html
  const links = urls
    .map((url) => `<link rel="preload" href="${escapeHtml(url)}" as="fetch" crossorigin="anonymous">`)
    .join('\n    ')
  return html.replace('</head>', `  ${links}\n  </head>`)
}

// Serves the built SPA: hashed assets cached for a year, every other path gets index.html.
export function mountWebApp(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  const root = deps.webRoot
  if (!root) return
  const indexPath = path.join(root, 'index.html')
  if (!existsSync(indexPath)) {
    deps.logger.warn({ root }, 'the web app is not built: run `npm run build`')
    app.get('*', (c) => c.text('The web app is not built yet. Run `npm run build`.', 503))
    return
  }
  const preloads = readPagePreloads(root)
  const config = publicConfigOf(deps)
  const indexHtml = renderIndexHtml(readFileSync(indexPath, 'utf8'), config)
  // The landing page rendered by the build for a signed-out visitor (scripts/build-web.mjs): it
  // shows before the JavaScript has arrived, which then renders the same page over it.
  const landingPath = path.join(root, 'landing.html')
  const landingHtml = existsSync(landingPath)
    ? withPagePreload(
        renderIndexHtml(readFileSync(landingPath, 'utf8'), config),
        pagePreloadFor(preloads, '/')?.files ?? [],
      )
    : undefined
  const signedInFiles = readSignedInFiles(root)
  // A signed-in page's first view rendered by the build into `file`, with the files of the page at
  // `pagePath` and of the signed-in shell preloaded; nothing when the file is missing.
  const firstViewHtml = (file: string, pagePath: string) =>
    existsSync(path.join(root, file))
      ? withPagePreload(renderIndexHtml(readFileSync(path.join(root, file), 'utf8'), config), [
          ...(pagePreloadFor(preloads, pagePath)?.files ?? []),
          ...signedInFiles,
        ])
      : undefined
  // The first view of a signed-in page rendered by the build (the dashboard, whose header is the
  // same for every player): it shows before the JavaScript has arrived (docs/decisions/0118).
  const firstViews = new Map<string, string>()
  for (const [pathname, file] of readFirstViewFiles(root)) {
    const html = firstViewHtml(file, pathname)
    if (html) firstViews.set(pathname, html)
  }
  // A PlayDate's page opens with the PlayDate's header (its kind, as its heading says): the build
  // rendered it once for each kind (docs/decisions/0123-play-date-first-view.md).
  const playDateViews = new Map<PlayDateType, string>()
  for (const [type, file] of readPlayDateViewFiles(root)) {
    const html = firstViewHtml(file, '/playdates/:id')
    if (html) playDateViews.set(type, html)
  }
  // The first view of PlayDate `id`'s page for a signed-in player, when they may see it.
  const playDateViewFor = async (c: Context<AppEnv>, user: SessionUser, id: string) => {
    if (playDateViews.size === 0) return undefined
    const type = await visiblePlayDateType(c.get('db'), user, id)
    return type ? playDateViews.get(type) : undefined
  }
  // Per page, signed out and signed in: a signed-in player's HTML also names the files of the
  // signed-in shell, which the first render waits for (docs/decisions/0061).
  const htmlByPage = [new Map<PagePreload | undefined, string>(), new Map<PagePreload | undefined, string>()]
  const htmlFor = (pathname: string, signedIn: boolean) => {
    const preload = pagePreloadFor(preloads, pathname)
    const cache = htmlByPage[signedIn ? 1 : 0]!
    let html = cache.get(preload)
    if (html === undefined) {
      html = withPagePreload(indexHtml, [...(preload?.files ?? []), ...(signedIn ? signedInFiles : [])])
      cache.set(preload, html)
    }
    return html
  }
  const relativeRoot = path.relative(process.cwd(), root) || '.'

  app.use(
    '/assets/*',
    serveStatic({
      root: relativeRoot,
      // The build writes .br and .gz next to each asset (scripts/vite/precompress-assets.ts).
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable')
      },
    }),
  )
  app.use('*', async (c, next) => {
    if (c.req.path === '/' || c.req.path === '/index.html') return next()
    return serveStatic({ root: relativeRoot })(c, next)
  })
  app.get('*', async (c) => {
    c.header('Cache-Control', 'no-cache')
    c.header('Vary', 'Cookie, Sec-Fetch-Dest', { append: true })
    // The service worker also fetches pages (`/` is the shell it shows offline for any page, sw.ts):
    // those stay empty, named by the cookie alone.
    if (c.req.header('sec-fetch-dest') === 'empty')
      return c.html(htmlFor(c.req.path, Boolean(readSessionToken(c))))
    // A page load reads the session as the API does: a cookie whose session has ended (expired,
    // revoked), or a paused player's (whom the API signs out), gets what a visitor gets: the landing
    // page at `/`, and no signed-in first view that the app would then leave for the sign-in page.
    // When the database cannot answer, the page still comes, named by the cookie: the app then
    // shows why its answers do not.
    const read = await loadSession(c, () => Promise.resolve()).then(
      () => true,
      (error: unknown) => {
        deps.logger.warn({ err: error }, 'a page load could not read its session')
        return false
      },
    )
    if (!read) return c.html(htmlFor(c.req.path, Boolean(readSessionToken(c))))
    const session = c.get('session')
    const player = session && !session.isPaused ? session.user : undefined
    if (!player) return c.html(c.req.path === '/' && landingHtml ? landingHtml : htmlFor(c.req.path, false))
    const dataPreloads = dataPreloadsFor(c.req.path)
    const firstView = firstViews.get(c.req.path)
    if (firstView) return c.html(withDataPreloads(firstView, dataPreloads))
    const playDateId = playDateIdOfPage(c.req.path)
    const playDateView = playDateId ? await playDateViewFor(c, player, playDateId) : undefined
    return c.html(withDataPreloads(playDateView ?? htmlFor(c.req.path, true), dataPreloads))
  })
}
