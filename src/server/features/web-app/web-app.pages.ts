import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import {
  type PlayDateKind,
  playDateIdOfPage,
  playDateKinds,
} from '../../../domain/play-dates/play-date.constants'
import type { PublicConfig } from '../../../domain/product'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import type { AppDeps } from '../../app-env'
import type { Db } from '../../db/client'
import { visiblePlayDateKind } from '../play-dates'

// The HTML of each page of the built web app: read from the build once, at start-up, then
// assembled per request from who asks (a visitor, a signed-in player) and which page.

function publicConfigOf(deps: AppDeps): PublicConfig {
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
function renderIndexHtml(template: string, config: PublicConfig) {
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
function readPlayDateViewFiles(root: string): [kind: PlayDateKind, file: string][] {
  const parsed = readJson(root, 'play-date-first-views.json')
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return []
  return playDateKinds.flatMap((kind) => {
    const file = (parsed as Record<string, unknown>)[kind]
    return typeof file === 'string' && /^[\w.-]+\.html$/.test(file)
      ? [[kind, file] as [PlayDateKind, string]]
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

function pagePreloadFor(preloads: PagePreload[], pathname: string): PagePreload | undefined {
  let best: { preload: PagePreload; score: number } | undefined
  for (const preload of preloads) {
    const score = matchScore(preload.path, pathname)
    if (score !== null && (!best || score > best.score)) best = { preload, score }
  }
  return best?.preload
}

// The page's own files as modulepreload links, so the browser fetches them with the entry
// instead of after it has run (docs/decisions/0041-web-first-load.md).
function withPagePreload(html: string, files: readonly string[]) {
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

function dataPreloadsFor(pathname: string): string[] {
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

export interface WebPages {
  // The page for a request whose session could not be read (the database did not answer), or
  // for the service worker's own fetches: named by the session cookie alone.
  byCookie(pathname: string, hasSessionCookie: boolean): string
  // The page for a visitor: the landing page at `/`, the app's shell elsewhere.
  forVisitor(pathname: string): string
  // The page for a signed-in player: a first view rendered by the build where there is one (the
  // dashboard, a PlayDate they may see), with the answers it shows first asked for in its HTML.
  forPlayer(db: Db, player: SessionUser, pathname: string): Promise<string>
}

// Reads the build in `root` (its index.html must exist).
export function loadWebPages(root: string, deps: AppDeps): WebPages {
  const indexPath = path.join(root, 'index.html')
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
  const playDateViews = new Map<PlayDateKind, string>()
  for (const [kind, file] of readPlayDateViewFiles(root)) {
    const html = firstViewHtml(file, '/playdates/:id')
    if (html) playDateViews.set(kind, html)
  }
  // The first view of PlayDate `id`'s page for a signed-in player, when they may see it.
  const playDateViewFor = async (db: Db, user: SessionUser, id: string) => {
    if (playDateViews.size === 0) return undefined
    const kind = await visiblePlayDateKind(db, user, id, deps.clock.now())
    return kind ? playDateViews.get(kind) : undefined
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

  return {
    byCookie: (pathname, hasSessionCookie) => htmlFor(pathname, hasSessionCookie),
    forVisitor: (pathname) => (pathname === '/' && landingHtml ? landingHtml : htmlFor(pathname, false)),
    async forPlayer(db, player, pathname) {
      const dataPreloads = dataPreloadsFor(pathname)
      const firstView = firstViews.get(pathname)
      if (firstView) return withDataPreloads(firstView, dataPreloads)
      const playDateId = playDateIdOfPage(pathname)
      const playDateView = playDateId ? await playDateViewFor(db, player, playDateId) : undefined
      return withDataPreloads(playDateView ?? htmlFor(pathname, true), dataPreloads)
    },
  }
}
