// The house rules of the import graph (docs/decisions/0068-feature-surfaces-and-composition-root.md),
// run by `npm run lint`. dependency-cruiser reads `import type` too, so a cycle made of types
// alone fails like any other.

// A feature shows the others its index.ts only: nothing outside features/<name>/ imports a
// file of it but that one. One call per tree that has feature folders.
const featureSurfaces = (root) => [
  {
    name: `${root}: another feature's internals`,
    comment: 'Import the feature through its index.ts; move a shared piece to its owner or to src/domain.',
    severity: 'error',
    from: { path: `^${root}/([^/]+)/` },
    to: { path: `^${root}/[^/]+/`, pathNot: [`^${root}/$1/`, `^${root}/[^/]+/index\\.tsx?$`] },
  },
  {
    name: `${root}: a feature's internals from outside the features`,
    comment: 'Import the feature through its index.ts.',
    severity: 'error',
    from: { pathNot: `^${root}/` },
    to: { path: `^${root}/[^/]+/`, pathNot: `^${root}/[^/]+/index\\.tsx?$` },
  },
]

// No import cycle, of values or of types.
const noCycles = (root) => ({
  name: `${root}: import cycle`,
  severity: 'error',
  from: { path: `^${root}/` },
  to: { path: `^${root}/`, circular: true },
})

module.exports = {
  forbidden: [
    // Shared by both sides.
    noCycles('src/domain'),
    // The server.
    noCycles('src/server'),
    ...featureSurfaces('src/server/features'),
    // The web app.
    noCycles('src/web'),
    ...featureSurfaces('src/web/features'),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/server/db/migrations/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
}
