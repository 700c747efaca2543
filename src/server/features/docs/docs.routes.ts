import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { createApi } from '../../app-factory'

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

const assets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
}

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>`

// The initialiser is a file, not an inline script, so the page works under the app's CSP.
const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true })`

// Renders /api/openapi.json with Swagger UI served from the installed package (works offline).
export const docsRoutes = createApi()
  .get('/docs', (c) => c.html(page))
  .get('/docs/init.js', (c) => c.body(init, 200, { 'content-type': 'text/javascript; charset=utf-8' }))
  .get('/docs/:asset', async (c) => {
    const asset = c.req.param('asset')
    const type = assets[asset]
    if (!type) return c.notFound()
    const body = await readFile(path.join(swaggerDir, asset))
    return c.body(body, 200, { 'content-type': type, 'cache-control': 'public, max-age=86400' })
  })
