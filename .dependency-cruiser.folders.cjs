// No cycle between folders: a folder that imports another is not imported back by it, directly or
// through others (dependency-cruiser's folder scope: one node per directory). Run by `npm run lint`
// after the module rules of .dependency-cruiser.cjs, over the product's code only: tests and their
// helpers (src/server/testing) sit beside what they test and build on the whole app, so they are
// left out here (the module rules still hold them to no cycle).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- dependency-cruiser reads CommonJS configs
const base = require('./.dependency-cruiser.cjs')

module.exports = {
  forbidden: [
    {
      name: 'folder cycle',
      comment: 'Two folders import each other: move the shared piece to a folder both may import.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/' },
      to: { path: '^src/', circular: true },
    },
  ],
  options: {
    ...base.options,
    exclude: { path: ['^src/server/db/migrations/', '\\.test\\.tsx?$', '^src/server/testing/'] },
  },
}
