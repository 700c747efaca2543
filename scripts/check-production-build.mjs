// `npm run build` as `npm run check` runs it: with NODE_ENV=development in the environment (as
// .env.example sets it), the web app must still come out as a production build, React's
// production build included (docs/decisions/0077). Exits 1 when it does not.
import { execSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

execSync('npm run build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } })

const dir = 'dist/web/assets'
const scripts = readdirSync(dir)
  .filter((name) => name.endsWith('.js'))
  .map((name) => ({ name, text: readFileSync(path.join(dir, name), 'utf8') }))
// Only React's development build greets the developer; only its production build shortens errors.
const development = scripts.filter((s) => s.text.includes('Download the React DevTools'))
const production = scripts.filter((s) => s.text.includes('Minified React error'))
if (development.length > 0 || production.length === 0) {
  console.error(
    `The web build carries React's development build (${development.map((s) => s.name).join(', ') || 'no production marker'}): ` +
      'scripts/build-web.mjs must build for production whatever NODE_ENV says.',
  )
  process.exit(1)
}
const kb = (text) => Math.round(Buffer.byteLength(text) / 1024)
console.log(
  `Production web build with NODE_ENV=development: React's production build (${production.map((s) => `${s.name} ${kb(s.text)} KB`).join(', ')})`,
)
