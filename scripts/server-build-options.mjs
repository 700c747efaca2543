// How the server's code is bundled, written once: scripts/build-server.mjs builds the server with
// it, and the route tests' global setup builds the embedded database's thread the same way
// (src/server/testing/global-setup.ts). One ES module per entry for Node 20; packages stay in
// node_modules.
export const serverEntryPoints = {
  main: 'src/server/main.ts',
  'embedded-worker': 'src/server/db/embedded-worker.ts',
}

export const serverBuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
}
