// The server as one ES module, dist/server/main.js, for `npm start` and every test that starts
// the real server: node runs it directly, without compiling TypeScript as it loads (which cost
// about 80 MB of memory per process). Packages stay in node_modules; the bundle carries a source
// map, so `node --enable-source-maps` reports errors at their lines in src/. The embedded
// database's thread is a module of its own beside it, dist/server/embedded-worker.js.
import { build } from 'esbuild'
import { serverBuildOptions, serverEntryPoints } from './server-build-options.mjs'

await build({ ...serverBuildOptions, entryPoints: serverEntryPoints, outdir: 'dist/server', sourcemap: true })
