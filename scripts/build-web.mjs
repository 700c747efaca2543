// The web app into dist/web, always as a production build: Vite takes NODE_ENV from the
// environment over its mode, and NODE_ENV=development (as .env.example sets for the server) made
// it bundle React's development build, 505 KB instead of 291 (docs/decisions/0077).
// `npm run dev` is the development path.
//
// Then the landing page is rendered for a signed-out visitor into dist/web/landing.html, which the
// server sends for `/` to a browser without a session cookie (docs/decisions/0106).
//
//   node scripts/build-web.mjs [--manifest]
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

process.env.NODE_ENV = 'production'
await build({ mode: 'production', build: { manifest: process.argv.includes('--manifest') } })

const DEFAULT_PRODUCT_NAME = 'PickleMatch'
// A signed-in page rendered into its HTML shows the same for every player. The PlayDates page lays
// itself out by the width, in script: its first view is the phone's, hidden from lg up.
const SIGNED_IN_FIRST_VIEWS = [
  ['/dashboard', 'Dashboard'],
  ['/playdates', 'PlayDates'],
]
// An id no PlayDate has.
const NO_PLAY_DATE = '00000000-0000-4000-8000-0000000000ff'
const webRoot = path.resolve('dist/web')
// Inside the project, so that the render's imports resolve from node_modules.
const tmp = path.resolve('dist/.prerender')
try {
  await build({
    configFile: false,
    root: path.resolve('src/web'),
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    build: { ssr: path.resolve('src/web/prerender.tsx'), outDir: tmp, emptyOutDir: true },
  })
  const { renderSignedOutPage, renderSignedInPage, playDateKinds } = await import(
    pathToFileURL(path.join(tmp, 'prerender.js')).href
  )
  // The server fills in the product's name (web-app.routes.ts): the markup carries its placeholder.
  const markup = (await renderSignedOutPage('/')).replaceAll(DEFAULT_PRODUCT_NAME, '__PRODUCT_NAME__')
  const index = readFileSync(path.join(webRoot, 'index.html'), 'utf8')
  if (!index.includes('<div id="root"></div>')) throw new Error('index.html has no empty root element')
  writeFileSync(
    path.join(webRoot, 'landing.html'),
    index
      .replace('<title>__PRODUCT_NAME__ |', '<title>Home | __PRODUCT_NAME__ |')
      .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`),
  )
  // The first view of the signed-in pages whose header is the same for every player: the server
  // sends it to a request with a session cookie (docs/decisions/0118). Which page is in which
  // file: signed-in-first-views.json.
  const firstViews = {}
  for (const [pathname, title] of SIGNED_IN_FIRST_VIEWS) {
    const markup = (await renderSignedInPage(pathname)).replaceAll(DEFAULT_PRODUCT_NAME, '__PRODUCT_NAME__')
    const file = `signed-in${pathname.replaceAll('/', '-')}.html`
    writeFileSync(
      path.join(webRoot, file),
      index
        .replace('<title>__PRODUCT_NAME__ |', `<title>${title} | __PRODUCT_NAME__ |`)
        .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`),
    )
    firstViews[pathname] = file
  }
  writeFileSync(path.join(webRoot, 'signed-in-first-views.json'), JSON.stringify(firstViews))
  // A PlayDate's page opens with the PlayDate's header, one file for each kind of PlayDate: the
  // server sends the one of the PlayDate opened, to a player who may see it (docs/decisions/0123).
  // Which kind is in which file: play-date-first-views.json.
  const playDateViews = {}
  for (const kind of playDateKinds) {
    const markup = (await renderSignedInPage(`/playdates/${NO_PLAY_DATE}`, kind)).replaceAll(
      DEFAULT_PRODUCT_NAME,
      '__PRODUCT_NAME__',
    )
    if (markup.includes(NO_PLAY_DATE)) throw new Error(`the ${kind} PlayDate's first view names its id`)
    if (!markup.includes('<h1')) throw new Error(`the ${kind} PlayDate's first view has no heading`)
    const file = `signed-in-play-date-${kind}.html`
    writeFileSync(
      path.join(webRoot, file),
      index
        .replace('<title>__PRODUCT_NAME__ |', '<title>PlayDate | __PRODUCT_NAME__ |')
        .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`),
    )
    playDateViews[kind] = file
  }
  writeFileSync(path.join(webRoot, 'play-date-first-views.json'), JSON.stringify(playDateViews))
} finally {
  rmSync(tmp, { recursive: true, force: true })
}
