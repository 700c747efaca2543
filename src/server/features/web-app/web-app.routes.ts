import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { PublicConfig } from '../../../domain/product'
import type { AppDeps, AppEnv } from '../../app-env'

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
  const indexHtml = renderIndexHtml(readFileSync(indexPath, 'utf8'), publicConfigOf(deps))
  const relativeRoot = path.relative(process.cwd(), root) || '.'

  app.use(
    '/assets/*',
    serveStatic({
      root: relativeRoot,
      // The build writes .br and .gz next to each asset (vite.config.ts).
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
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.html(indexHtml)
  })
}
