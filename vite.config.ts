import { createRequire } from 'node:module'
import path from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { chunkGroups, PLANNING_MODE } from './scripts/vite/chunk-groups'
import { appearanceBeforePaint, devConfigPlaceholders } from './scripts/vite/index-html'
import { installableApp } from './scripts/vite/installable-app'
import { pagePreloads } from './scripts/vite/page-preloads'
import { precompressAssets } from './scripts/vite/precompress-assets'
import { pureDomainValues, sideEffectFreeSurfaces } from './scripts/vite/tree-shaking'

// The build's own plugins live in scripts/vite/, each with its tests
// (docs/decisions/0153-the-build-on-the-bundlers-graph.md).
const web = path.resolve('src/web')
// A file of the web app, as a pattern of module ids.
const inWeb = (file: string) =>
  new RegExp(`[\\\\/]src[\\\\/]web[\\\\/]${file.replace(/\./g, '\\.').replace(/\//g, '[\\\\/]')}$`)
const route = (name: string) => path.join(web, 'app/routes', `${name}.tsx`)
const shell = path.join(web, 'app/signed-in-shell.tsx')

// The signed-in home and the PlayDates pages load a few chunks, grouped by the pages that use
// them (docs/decisions/0115-signed-in-chunks.md): 'signed-in' for what the shell or more than one
// of these pages uses, one group for what only one of them uses. A new page that should load as
// little gets a group of its own here.
const groups = chunkGroups(path.resolve('vite.config.ts'), {
  landing: route('home'),
  signIn: route('sign-in'),
  groups: [
    ['signed-in', shell],
    ['home', route('dashboard')],
    ['play-dates-list', route('play-dates')],
    ['play-date', route('play-dates-detail')],
  ],
})

const preloads = () =>
  pagePreloads({
    router: inWeb('app/router.tsx'),
    shell: inWeb('app/signed-in-shell.tsx'),
    // Loaded when needed, and needed offline too, so the service worker keeps them: the toast
    // library ('This needs a connection' is a toast), the offline banner's words (with date-fns)
    // and the result form a PlayDate page shows after its game (with its form library and zod),
    // so that page still shows whole offline.
    offline: [
      /[\\/]node_modules[\\/]sonner[\\/]/,
      inWeb('lib/offline-notice.ts'),
      inWeb('features/play-dates/components/report-result-form.tsx'),
    ],
  })

// react-router's package exports point at its development build in every mode
// (remix-run/react-router#12532); the production build beside it leaves out the developer warnings.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
)

export default defineConfig(({ command, mode }) => {
  // The first of a build's two passes, written nowhere: the chunks the bundler makes alone, which
  // the second reads to group them (scripts/vite/chunk-groups.ts).
  const planning = mode === PLANNING_MODE
  return {
    root: 'src/web',
    publicDir: 'public',
    resolve:
      command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
    plugins: [
      react(),
      tailwindcss(),
      devConfigPlaceholders(),
      appearanceBeforePaint(),
      pureDomainValues(),
      sideEffectFreeSurfaces(),
      ...(planning
        ? []
        : [
            groups.plugin,
            preloads(),
            precompressAssets(),
            ...installableApp({ outDir: path.resolve('dist/web'), brand: '#15803d' }),
          ]),
    ],
    build: {
      outDir: '../../dist/web',
      emptyOutDir: true,
      sourcemap: false,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // Every page needs React, the router and the query client before it can show
              // anything: one file for them compresses better and costs one request instead of four.
              {
                name: 'framework',
                priority: 1,
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/]/,
              },
              ...(planning ? [] : [groups.group]),
            ],
          },
        },
      },
    },
    server: {
      port: 5173,
      proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
    },
  }
})
