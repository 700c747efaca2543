import { existsSync } from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { AppDeps, AppEnv } from '../../app-env'
import { loadSession, readSessionToken } from '../auth'
import { loadWebPages } from './web-app.pages'

// Serves the built SPA: hashed assets cached for a year, every other path gets its page's HTML
// (web-app.pages.ts).
export function mountWebApp(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  const root = deps.webRoot
  if (!root) return
  if (!existsSync(path.join(root, 'index.html'))) {
    deps.logger.warn({ root }, 'the web app is not built: run `npm run build`')
    app.get('*', (c) => c.text('The web app is not built yet. Run `npm run build`.', 503))
    return
  }
  const pages = loadWebPages(root, deps)
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
      return c.html(pages.byCookie(c.req.path, Boolean(readSessionToken(c))))
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
    if (!read) return c.html(pages.byCookie(c.req.path, Boolean(readSessionToken(c))))
    const session = c.get('session')
    const player = session && !session.isPaused ? session.user : undefined
    if (!player) return c.html(pages.forVisitor(c.req.path))
    return c.html(await pages.forPlayer(c.get('db'), player, c.req.path))
  })
}
