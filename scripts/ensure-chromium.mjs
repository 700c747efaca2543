// Browser journeys run in Debian's Chromium; install it when missing and we may (root with apt).
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const browser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (existsSync(browser)) process.exit(0)

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log("Chromium is missing: installing Debian's chromium package...")
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  })
  process.exit(0)
}
console.error(
  `Chromium not found at ${browser}. Install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH.`,
)
process.exit(1)
