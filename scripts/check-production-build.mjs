// `npm run build` as `npm run check` runs it: with NODE_ENV=development in the environment (as
// .env.example sets it), the web app must still come out as a production build, React's
// production build included (docs/decisions/0077). Then every page the build writes is checked
// against the Content Security Policy: its one inline script is the theme's, byte for byte the
// text whose hash the policy allows, in the head after the theme colours it sets, and nothing
// else runs inline. Runs with `node --import tsx` (it reads the theme script and the policy from
// the sources). Exits 1 when any of it does not hold.
import { execSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { appearanceScriptSource } from '../src/server/middleware/response-headers.ts'

execSync('npm run build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } })

const problems = []
const dir = 'dist/web/assets'
const scripts = readdirSync(dir)
  .filter((name) => name.endsWith('.js'))
  .map((name) => ({ name, text: readFileSync(path.join(dir, name), 'utf8') }))
// Only React's development build greets the developer; only its production build shortens errors.
const development = scripts.filter((s) => s.text.includes('Download the React DevTools'))
const production = scripts.filter((s) => s.text.includes('Minified React error'))
if (development.length > 0 || production.length === 0) {
  problems.push(
    `The web build carries React's development build (${development.map((s) => s.name).join(', ') || 'no production marker'}): ` +
      'scripts/build-web.mjs must build for production whatever NODE_ENV says.',
  )
}

// The pages: the app's shell and the first views rendered into it (scripts/build-web.mjs).
const pages = readdirSync('dist/web').filter((name) => name.endsWith('.html'))
if (!pages.includes('index.html')) problems.push('The build wrote no dist/web/index.html')
const hashOf = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
for (const page of pages) {
  const html = readFileSync(path.join('dist/web', page), 'utf8')
  const say = (problem) => problems.push(`dist/web/${page}: ${problem}`)
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
    ([, attributes]) => !/\bsrc=/.test(attributes),
  )
  if (inline.length !== 1) say(`${inline.length} inline scripts, not the theme's alone`)
  const [theme] = inline
  if (!theme) continue
  const [whole, , content] = theme
  if (hashOf(content) !== appearanceScriptSource) {
    say(
      `its inline script's hash ${hashOf(content)} is not the one the policy allows (${appearanceScriptSource})`,
    )
  }
  const at = html.indexOf(whole)
  if (at < html.lastIndexOf('name="theme-color"') || at > html.indexOf('</head>')) {
    say('the theme script is not in the head after the theme colours')
  }
  const rest = html.replace(whole, '')
  if (/\son[a-z]+\s*=/i.test(rest)) say('an inline event handler (on...=)')
  if (/javascript:/i.test(rest)) say('a javascript: address')
  if (!/<script\b[^>]*\bsrc="\/assets\/[^"]+\.js"/.test(rest)) say('no script of the app')
}

for (const problem of problems) console.error(problem)
if (problems.length > 0) process.exit(1)
const kb = (text) => Math.round(Buffer.byteLength(text) / 1024)
console.log(
  `Production web build with NODE_ENV=development: React's production build (${production.map((s) => `${s.name} ${kb(s.text)} KB`).join(', ')})`,
)
console.log(`${pages.length} pages, each with the theme script the policy allows and no other inline code`)
