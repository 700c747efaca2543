import { execFileSync } from 'node:child_process'

// How every tool that needs the real server starts it: as `npm start` runs it, the bundle
// (scripts/build-server.mjs), built once per run from the current sources.
export const SERVER_BUNDLE_ARGS = ['--enable-source-maps', 'dist/server/main.js']

// SERVER_BUNDLE_BUILT: the caller built it just before (`npm run check:servers` does, and then
// runs several of these tools at once, none of which may rewrite the bundle the others run).
let built = Boolean(process.env.SERVER_BUNDLE_BUILT)

export function buildServerBundle(root: string) {
  if (built) return
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' })
  built = true
}
