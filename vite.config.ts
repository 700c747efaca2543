import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, parseAst, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { appearanceScript } from './src/domain/appearance'

// In development the server is not in front of Vite: fill the config placeholders with defaults.
const devConfigPlaceholders = (): Plugin => ({
  name: 'dev-config-placeholders',
  apply: 'serve',
  transformIndexHtml: (html) =>
    html.replaceAll('__PRODUCT_NAME__', 'PickleMatch').replace(
      '__APP_CONFIG__',
      JSON.stringify({
        productName: 'PickleMatch',
        helpUrl: '/about#help',
        roadmapUrl: '/about#roadmap',
        requireSignupCode: false,
        showDevTools: true,
      }).replace(/"/g, '&quot;'),
    ),
})

// The light or dark theme is set before the first paint by one inline script in the head, which
// the Content Security Policy allows by its hash (docs/decisions/0099-dark-mode.md). It goes in
// as it is: any change to its text is a change to the hash the server sends.
const appearanceBeforePaint = (): Plugin => ({
  name: 'appearance-before-paint',
  // Ahead of the styles: it runs at once instead of after they have loaded.
  transformIndexHtml: {
    order: 'pre',
    handler: () => [{ tag: 'script', children: appearanceScript, injectTo: 'head' }],
  },
})

// Hashed assets are compressed once, at build time, with the best ratio (brotli and gzip); the
// server sends these files as they are instead of compressing on every request.
const precompressAssets = (): Plugin => ({
  name: 'precompress-assets',
  apply: 'build',
  writeBundle(options) {
    const dir = path.join(options.dir ?? 'dist', 'assets')
    for (const name of readdirSync(dir)) {
      if (!/\.(js|css|svg|json)$/.test(name)) continue
      const file = path.join(dir, name)
      const content = readFileSync(file)
      if (content.byteLength < 1024) continue
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      )
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
    }
  },
})

// react-router's package exports point at its development build in every mode
// (remix-run/react-router#12532); the production build beside it leaves out the developer warnings.
const reactRouterProductionBuild = (): Plugin => {
  const dist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist',
  )
  return {
    name: 'react-router-production-build',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [{ find: /^react-router$/, replacement: path.join(dist, 'production/index.mjs') }],
      },
    }),
  }
}

// Domain modules are pure by rule (docs/STYLE.md): a top-level value there is built without side
// effects. The bundler cannot see that through zod's builder calls, so every page that reads a
// label or a list from a `*.schema.ts` file would also run (and download) every schema beside it,
// and zod with them. Marking those calls pure lets the build drop the schemas a page never uses
// (docs/decisions/0041-web-first-load.md).
type AstNode = { type: string; start: number; [key: string]: unknown }
const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string'

// Calls `enter` on `node` and every node below it; `enter` returns false to skip a node's children.
function walk(node: AstNode, enter: (node: AstNode) => boolean | void) {
  if (enter(node) === false) return
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) walk(child, enter)
  }
}

const pureDomainValues = (): Plugin => ({
  name: 'pure-domain-values',
  apply: 'build',
  enforce: 'post',
  transform: {
    filter: { id: /\/src\/domain\/.+(?<!\.test)\.ts$/ },
    handler(code) {
      const starts: number[] = []
      for (const statement of parseAst(code).body as unknown as AstNode[]) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
        if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') continue
        walk(declaration, (node) => {
          // A function body runs later, not when the module loads.
          if (/Function|Class/.test(node.type)) return false
          if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.push(node.start)
        })
      }
      if (starts.length === 0) return null
      let out = code
      for (const start of [...new Set(starts)].sort((a, b) => b - a)) {
        out = `${out.slice(0, start)}/* @__PURE__ */ ${out.slice(start)}`
      }
      return { code: out, map: null }
    },
  },
})

// A web feature's index.ts, its public surface (docs/decisions/0094-web-feature-surfaces.md), only
// re-exports. Marked free of side effects, an import of it goes straight to the files that define
// what is used, and the rest of what it names stays in the chunks of the pages that use it. Without
// this the entry, which takes the session from auth's index, carried every form of auth and zod
// with them: 103 KB gzip became 160. So an index defines nothing of its own.
const sideEffectFreeSurfaces = (): Plugin => ({
  name: 'side-effect-free-surfaces',
  apply: 'build',
  transform: {
    filter: { id: /[\\/]src[\\/]web[\\/]features[\\/][^\\/]+[\\/]index\.tsx?$/ },
    handler: () => ({ moduleSideEffects: false }),
  },
})

// Every page is its own chunk, which the router asks for once the entry has run. To save that
// round trip, the server names the page's files in the HTML of its URL (modulepreload), so the
// browser fetches them together with the entry. The build reads the route table (each
// `{ path, page: () => import('./routes/...') }` in app/router.tsx) and writes, for every path,
// the files its page needs beyond the entry: dist/web/page-preloads.json; and the files of the
// signed-in shell beyond the entry: dist/web/signed-in-preloads.json. A page in a layout page's
// `children` needs the layout's files as well (the PlayDates list beside a PlayDate).
const pagePreloads = (): Plugin => {
  const pages: { path: string; moduleIds: string[] }[] = []
  return {
    name: 'page-preloads',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]src[\\/]web[\\/]app[\\/]router\.tsx$/ },
      async handler(code, id) {
        const found: { path: string; specifiers: string[] }[] = []
        // The layout pages around a child page's object, found before it (the walk goes down).
        const layouts = new Map<AstNode, string[]>()
        walk(parseAst(code, { lang: 'tsx' }) as unknown as AstNode, (node) => {
          if (node.type !== 'ObjectExpression') return
          const valueOf = (name: string) =>
            (node.properties as AstNode[]).find((p) => isNode(p.key) && p.key.name === name)?.value as
              AstNode | undefined
          const routePath = valueOf('path')
          const page = valueOf('page')
          const imported = page?.type === 'ArrowFunctionExpression' ? (page.body as AstNode) : undefined
          const source = imported?.type === 'ImportExpression' ? (imported.source as AstNode) : undefined
          if (routePath?.type === 'Literal' && source?.type === 'Literal') {
            const specifiers = [...(layouts.get(node) ?? []), String(source.value)]
            found.push({ path: String(routePath.value), specifiers })
            const children = valueOf('children')
            if (children?.type === 'ArrayExpression') {
              for (const child of children.elements as AstNode[]) layouts.set(child, specifiers)
            }
          }
        })
        if (found.length === 0) this.warn('no pages found in the route table: pages load without preloads')
        pages.length = 0
        for (const { path: routePath, specifiers } of found) {
          const resolved = await Promise.all(specifiers.map((specifier) => this.resolve(specifier, id)))
          const moduleIds = resolved.flatMap((module) => (module ? [module.id] : []))
          if (moduleIds.length === specifiers.length) pages.push({ path: routePath, moduleIds })
        }
        return null
      },
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk')
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
      const withImports = (fileName: string, seen = new Set<string>()) => {
        if (seen.has(fileName)) return seen
        seen.add(fileName)
        for (const imported of byName.get(fileName)?.imports ?? []) withImports(imported, seen)
        return seen
      }
      const entry = chunks.find((chunk) => chunk.isEntry)
      if (!entry) return
      const firstLoad = withImports(entry.fileName)
      const preloads = pages.flatMap(({ path: routePath, moduleIds }) => {
        const pageChunks = moduleIds.map((moduleId) => chunks.find((c) => c.facadeModuleId === moduleId))
        if (pageChunks.includes(undefined)) return []
        const needed = new Set<string>()
        for (const chunk of pageChunks) if (chunk) withImports(chunk.fileName, needed)
        const files = [...needed].filter((file) => !firstLoad.has(file))
        return [{ path: routePath, files: files.map((file) => `/${file}`) }]
      })
      this.emitFile({
        type: 'asset',
        fileName: 'page-preloads.json',
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      })
      // The signed-in shell (app/signed-in-shell.tsx) is loaded once someone is signed in: the
      // server names its files in the HTML of a request that carries a session cookie.
      const shell = chunks.find((chunk) =>
        /[\\/]src[\\/]web[\\/]app[\\/]signed-in-shell\.tsx$/.test(chunk.facadeModuleId ?? ''),
      )
      if (!shell) this.warn('no signed-in shell chunk: signed-in pages load it without a preload')
      const shellFiles = shell ? [...withImports(shell.fileName)].filter((file) => !firstLoad.has(file)) : []
      // Loaded when needed, and needed offline too, so the service worker keeps them: the toast
      // library (lib/toast.ts: 'This needs a connection' is a toast), the offline banner's words
      // (lib/offline-notice.ts, with date-fns) and the result form a PlayDate page shows after
      // its game (with its form library and zod), so that page still shows whole offline.
      const offlineExtras = [
        /[\\/]node_modules[\\/]sonner[\\/]/,
        /[\\/]src[\\/]web[\\/]lib[\\/]offline-notice\.ts$/,
        /[\\/]src[\\/]web[\\/]features[\\/]play-dates[\\/]components[\\/]report-result-form\.tsx$/,
      ]
      const extras = offlineExtras.map((test) =>
        chunks.find((chunk) => test.test(chunk.facadeModuleId ?? '')),
      )
      if (extras.includes(undefined))
        this.warn('a chunk needed offline is missing: the service worker does not keep it')
      this.emitFile({
        type: 'asset',
        fileName: 'offline-files.json',
        source: `${JSON.stringify(
          extras
            .flatMap((chunk) => (chunk ? [...withImports(chunk.fileName)] : []))
            .map((file) => `/${file}`),
        )}\n`,
      })
      this.emitFile({
        type: 'asset',
        fileName: 'signed-in-preloads.json',
        source: `${JSON.stringify(
          shellFiles.map((file) => `/${file}`),
          null,
          2,
        )}\n`,
      })
    },
  }
}

// The service worker precaches the app shell only (docs/decisions/0092-installable-app.md): the
// files the HTML names (entry, framework, styles), the signed-in shell, what the app needs offline,
// and the pages a player opens the app on or sees offline with what they last saw (0095). Other pages load
// from the network as before. Read after the build has written
// index.html and the preload lists (the plugin injects the manifest when the bundle is closed).
const SHELL_PAGES = ['/', '/signin', '/dashboard', '/playdates', '/playdates/:id']
const appShellFiles = (outDir: string) => {
  const files = new Set<string>()
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8')
  for (const [, file] of html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) files.add(file!)
  const pages = JSON.parse(readFileSync(path.join(outDir, 'page-preloads.json'), 'utf8')) as {
    path: string
    files: string[]
  }[]
  const signedIn = JSON.parse(readFileSync(path.join(outDir, 'signed-in-preloads.json'), 'utf8')) as string[]
  const offline = JSON.parse(readFileSync(path.join(outDir, 'offline-files.json'), 'utf8')) as string[]
  for (const file of [
    ...signedIn,
    ...offline,
    ...pages.filter((page) => SHELL_PAGES.includes(page.path)).flatMap((page) => page.files),
  ]) {
    files.add(file.replace(/^\//, ''))
  }
  return files
}

// The signed-in home and the PlayDates pages in a few files instead of fifty
// (docs/decisions/0115-signed-in-chunks.md). Left to itself the bundler gives every set of pages
// that share a module a chunk of its own: an icon used by three pages, a hook used by four. The
// dashboard asked for 55 scripts, which a phone on HTTP/1.1 fetches six at a time. What the
// landing page uses beyond the entry goes into 'landing'; the app's modules and lucide's icons
// that the signed-in shell and more than one of the dashboard, the PlayDates list and a PlayDate
// use go into 'signed-in', and what only one of those pages uses into that page's own group
// ('home', 'play-dates-list', 'play-date'). What the sign-in page uses as well goes into
// 'common', which it and those pages load whole: left to the bundler, those shared modules (the
// date and number formats, the schedule and results rules, the session's queries) came in six
// files of 0.2 to 5.5 KB. Left out, so that nothing grows where it matters: what the entry uses
// (every page loads it), what the landing page uses (it stays small), the pages and the shell
// themselves (each stays the chunk that its route and the preload lists name), a module loaded on
// demand (a dialog, the event schema), and the libraries, which are in few chunks already.
//
// What a page uses is followed through the names it imports: a barrel (a feature's index.ts, the
// icon library's index) leads only to the modules that define the names taken from it, or every
// page would seem to use every icon.
interface ChunkingModule {
  code: string | null
  importedIds: readonly string[]
  importers: readonly string[]
  dynamicImporters: readonly string[]
}
interface ChunkingContext {
  getModuleInfo(id: string): ChunkingModule | null
}

// The static imports and re-exports of a module's code, in order: each with the names it takes
// ('*' for all of them, none for a bare import) and, for a re-export, the names it gives.
const STATEMENT = /(?:^|[\n;])\s*(import|export)\s*(?:([^;'"]*?)\s*from\s*)?["']([^"']+)["']/g
function importsOf(code: string) {
  const statements: { specifier: string; names: [string, string][] | '*' | null }[] = []
  for (const [, keyword, clause, specifier] of code.matchAll(STATEMENT)) {
    if (!clause) {
      statements.push({ specifier: specifier!, names: null })
      continue
    }
    if (/^type\s/.test(clause)) continue
    if (clause.includes('*')) {
      statements.push({ specifier: specifier!, names: '*' })
      continue
    }
    // [imported name, local (or re-exported) name]
    const names: [string, string][] = []
    const braces = /\{([^}]*)\}/.exec(clause)
    const outside = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, ' ')
      .trim()
    if (keyword === 'import' && outside) names.push(['default', outside])
    for (const part of braces?.[1]?.split(',') ?? []) {
      const [imported, local] = part.trim().split(/\s+as\s+/)
      if (!imported || imported.startsWith('type ')) continue
      names.push([imported, local ?? imported])
    }
    statements.push({ specifier: specifier!, names })
  }
  return statements
}

const signedInChunks = () => {
  const web = path.resolve('src/web')
  const route = (name: string) => path.join(web, 'app/routes', `${name}.tsx`)
  const shell = path.join(web, 'app/signed-in-shell.tsx')
  // Each group and where it starts; the shell's group is shared by all signed-in pages.
  const groups: [string, string][] = [
    ['signed-in', shell],
    ['home', route('dashboard')],
    ['play-dates-list', route('play-dates')],
    ['play-date', route('play-dates-detail')],
  ]
  // A feature's public index or lucide's: followed only to the modules that define the names taken.
  const isBarrel = (id: string) =>
    /[\\/]src[\\/]web[\\/]features[\\/][^\\/]+[\\/]index\.tsx?$/.test(id) ||
    /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.m?js$/.test(id)
  let chunkOf: Map<string, string> | undefined

  return (moduleId: string, ctx: ChunkingContext) => {
    if (!chunkOf) {
      // A module's static imports with the ids they resolved to: a relative specifier is the id
      // with its extension (or index file), a package's is an id inside it. An id that no
      // statement names (a helper the bundler added) counts as imported whole.
      const resolved = new Map<string, { id: string; names: [string, string][] | '*' | null }[]>()
      const importsWithIds = (id: string) => {
        const known = resolved.get(id)
        if (known) return known
        const module = ctx.getModuleInfo(id)
        const ids = module?.importedIds ?? []
        const idOf = (specifier: string) => {
          if (specifier.startsWith('.')) {
            const base = path.resolve(path.dirname(id), specifier)
            return ids.find((candidate) =>
              ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'].some(
                (end) => candidate === base + end,
              ),
            )
          }
          const packageName = specifier
            .split('/')
            .slice(0, specifier.startsWith('@') ? 2 : 1)
            .join('/')
          return ids.find((candidate) => candidate.includes(`/node_modules/${packageName}/`))
        }
        const result = importsOf(module?.code ?? '').flatMap((statement) => {
          const imported = idOf(statement.specifier)
          return imported ? [{ id: imported, names: statement.names }] : []
        })
        for (const imported of ids)
          if (!result.some((r) => r.id === imported)) result.push({ id: imported, names: '*' })
        resolved.set(id, result)
        return result
      }
      // The modules that define `name` as a barrel exports it; all its modules when unknown.
      const throughBarrel = (barrel: string, name: string): string[] => {
        const exports = importsWithIds(barrel)
        for (const { id, names } of exports) {
          if (names === '*' || names === null) continue
          for (const [imported, exported] of names)
            if (exported === name) return isBarrel(id) ? throughBarrel(id, imported) : [id]
        }
        return exports.map((e) => e.id)
      }
      // Every module that `starts` use, through the names they import.
      const used = (starts: string[]) => {
        const seen = new Set<string>()
        const stack = [...starts]
        while (stack.length > 0) {
          const id = stack.pop()!
          if (seen.has(id)) continue
          seen.add(id)
          for (const { id: imported, names } of importsWithIds(id)) {
            if (!isBarrel(imported)) stack.push(imported)
            else if (names === '*' || names === null)
              stack.push(...(ctx.getModuleInfo(imported)?.importedIds ?? []))
            else for (const [name] of names) stack.push(...throughBarrel(imported, name))
          }
        }
        return seen
      }
      // The landing page and the sign-in page: a visitor's first load, without the signed-in chunks.
      const initial = used([path.join(web, 'main.tsx')])
      const landing = used([route('home')])
      const signIn = used([route('sign-in')])
      // A module that the shell or more than one of the pages uses goes into 'signed-in', one that
      // a single page uses into that page's own group.
      const users = new Map<string, string[]>()
      for (const [group, start] of groups)
        for (const id of used([start])) users.set(id, [...(users.get(id) ?? []), group])
      chunkOf = new Map()
      // A module loaded on demand stays on its own, unless a module of the group imports it too.
      const onDemand = (id: string) => {
        const module = ctx.getModuleInfo(id)
        return (module?.dynamicImporters.length ?? 0) > 0 && (module?.importers.length ?? 0) === 0
      }
      const isLibrary = (id: string) => id.includes('/node_modules/') && !/[\\/]lucide-react[\\/]/.test(id)
      for (const id of landing) {
        if (initial.has(id) || isBarrel(id) || isLibrary(id) || /\.css$/.test(id)) continue
        if (id.startsWith(path.join(web, 'app/routes'))) continue
        if (onDemand(id)) continue
        chunkOf.set(id, 'landing')
      }
      for (const [id, groupsUsing] of users) {
        if (initial.has(id) || landing.has(id) || isBarrel(id) || /\.css$/.test(id)) continue
        if (id === shell || id.startsWith(path.join(web, 'app/routes'))) continue
        if (onDemand(id)) continue
        // What the sign-in page uses as well goes into 'common', which both load whole: left to
        // the bundler, each set of pages that shares one of these modules made a chunk of its own.
        if (signIn.has(id)) chunkOf.set(id, 'common')
        else chunkOf.set(id, groupsUsing.length === 1 ? groupsUsing[0]! : 'signed-in')
      }
      if (chunkOf.size === 0) throw new Error('signed-in chunks: no module found (did a page move?)')
    }
    return chunkOf.get(moduleId) ?? null
  }
}

const BRAND = '#15803d'

// Vite 8 calls the plugin's closeBundle twice per build; the second run finds the manifest already
// injected and fails the build. Once per build is enough.
const oncePerBuild = (plugins: Plugin[]): Plugin[] =>
  plugins.map((plugin) => {
    const hook = plugin.closeBundle
    if (!hook || typeof hook === 'function') return plugin
    let done = false
    return {
      ...plugin,
      buildStart() {
        done = false
      },
      closeBundle: {
        ...hook,
        async handler(...args) {
          if (done) return
          done = true
          await hook.handler.apply(this, args)
        },
      },
    }
  })

const installableApp = () =>
  oncePerBuild(
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      // app/service-worker.ts registers it after the load event, and asks before an update.
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'PickleMatch',
        short_name: 'PickleMatch',
        description: 'Find pickleball partners, set up PlayDates and level up your match.',
        id: '/',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: BRAND,
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['assets/*.{js,css}', 'favicon.svg', 'icons/icon-192.png'],
        manifestTransforms: [
          (entries) => {
            const shell = appShellFiles(path.resolve('dist/web'))
            return {
              manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url)),
              warnings: [],
            }
          },
        ],
      },
      includeManifestIcons: false,
    }),
  )

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    devConfigPlaceholders(),
    appearanceBeforePaint(),
    reactRouterProductionBuild(),
    pureDomainValues(),
    sideEffectFreeSurfaces(),
    pagePreloads(),
    precompressAssets(),
    installableApp(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every page needs React, the router and the query client before it can show anything:
          // one file for them compresses better and costs one request instead of four.
          groups: [
            {
              name: 'framework',
              priority: 1,
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/]/,
            },
            // The modules that the signed-in home and the PlayDates pages load at once.
            { debugName: 'signed-in', name: signedInChunks(), includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
})
