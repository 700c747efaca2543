import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { z } from 'zod'

// How every tool that needs the real server starts it: as `npm start` runs it, the bundle
// (scripts/build-server.mjs), built once per run from the current sources, with node's flags and
// environment as package.json's `config` spells them once for its start and serve scripts
// (docs/decisions/0210).
const { config } = z
  .object({ config: z.object({ serverNodeFlags: z.string(), serverMallocMmapThreshold: z.string() }) })
  .parse(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')))

// V8 grows its old generation to 1.5 times what the last full collection left, instead of up to
// four times: an opening of thousands of event streams, or a burst of requests, leaves its garbage
// in the old generation until the next full collection, and the heap's high-water mark is the
// server's memory (docs/decisions/0195). Nor does V8 run its memory reducer: once allocation falls
// it ran full collections of its own, which with thousands of idle event streams marked every
// stream again for memory the last collection had freed (docs/decisions/0240).
export const SERVER_BUNDLE_FLAGS = config.serverNodeFlags.split(' ')
export const SERVER_BUNDLE_SCRIPT = 'dist/server/main.js'
export const SERVER_BUNDLE_ARGS = [...SERVER_BUNDLE_FLAGS, SERVER_BUNDLE_SCRIPT]

// ... and with the environment `npm start` gives it: glibc's malloc maps every block over 64 KiB
// on its own and unmaps it when freed, instead of keeping it in an arena (a fixed threshold turns
// off glibc's rising one). On the embedded database 60 to 100 MB less memory on the mix, at the
// same CPU per action (docs/decisions/0180).
export const SERVER_BUNDLE_ENV = { MALLOC_MMAP_THRESHOLD_: config.serverMallocMmapThreshold }

// SERVER_BUNDLE_BUILT: the caller built it just before (`npm run check:servers` does, and then
// runs several of these tools at once, none of which may rewrite the bundle the others run).
let built = Boolean(process.env.SERVER_BUNDLE_BUILT)

export function buildServerBundle(root: string) {
  if (built) return
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' })
  built = true
}
