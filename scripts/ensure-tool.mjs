// Installs a Debian package the project's tools run when it is missing and we may (root with
// apt): Chromium and its headless shell for the browser journeys, wrk for the API benchmark.
//
//   node scripts/ensure-tool.mjs chromium chromium-headless-shell wrk
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const TOOLS = {
  chromium: {
    path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    package: 'chromium',
    env: 'CHROMIUM_PATH',
  },
  'chromium-headless-shell': {
    path: process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
    package: 'chromium-headless-shell',
    env: 'CHROMIUM_SHELL_PATH',
  },
  wrk: { path: '/usr/bin/wrk', package: 'wrk' },
}

const names = process.argv.slice(2)
const unknown = names.filter((name) => !TOOLS[name])
if (names.length === 0 || unknown.length > 0) {
  console.error(`usage: node scripts/ensure-tool.mjs ${Object.keys(TOOLS).join('|')} ...`)
  process.exit(2)
}
const missing = names.filter((name) => !existsSync(TOOLS[name].path))
if (missing.length === 0) process.exit(0)
const packages = missing.map((name) => TOOLS[name].package).join(' ')

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log(`${missing.join(' and ')} missing: installing Debian's ${packages}...`)
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, {
    stdio: 'inherit',
  })
  process.exit(0)
}
for (const name of missing) {
  const tool = TOOLS[name]
  console.error(
    `${name} not found at ${tool.path}. Install it (Debian: sudo apt-get install ${tool.package})` +
      (tool.env ? ` or set ${tool.env}.` : '.'),
  )
}
process.exit(1)
