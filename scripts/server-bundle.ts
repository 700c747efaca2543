import { execFileSync } from 'node:child_process'

// How every tool that needs the real server starts it: as `npm start` runs it, the bundle
// (scripts/build-server.mjs), built once per run from the current sources.
// V8 grows its old generation to 1.5 times what the last full collection left, instead of up to
// four times: an opening of thousands of event streams, or a burst of requests, leaves its garbage
// in the old generation until the next full collection, and the heap's high-water mark is the
// server's memory (docs/decisions/0195).
export const SERVER_BUNDLE_FLAGS = ['--enable-source-maps', '--heap-growing-percent=50']
export const SERVER_BUNDLE_SCRIPT = 'dist/server/main.js'
export const SERVER_BUNDLE_ARGS = [...SERVER_BUNDLE_FLAGS, SERVER_BUNDLE_SCRIPT]

// ... and with the environment `npm start` gives it: glibc's malloc maps every block over 64 KiB
// on its own and unmaps it when freed, instead of keeping it in an arena (a fixed threshold turns
// off glibc's rising one). On the embedded database 60 to 100 MB less memory on the mix, at the
// same CPU per action (docs/decisions/0180). package.json's start and serve scripts set the same.
export const SERVER_BUNDLE_ENV = { MALLOC_MMAP_THRESHOLD_: '65600' } as const

// SERVER_BUNDLE_BUILT: the caller built it just before (`npm run check:servers` does, and then
// runs several of these tools at once, none of which may rewrite the bundle the others run).
let built = Boolean(process.env.SERVER_BUNDLE_BUILT)

export function buildServerBundle(root: string) {
  if (built) return
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' })
  built = true
}
