import { describe, expect, it } from 'vitest'
import { type BundleChunk, pagePreloads, preloadLists, routePagesOf } from './page-preloads'

const ROUTER = `
const publicPages: PageRoute[] = [
  { path: '/about', page: () => import('./routes/about'), title: 'About Us' },
]
const signedInPages: PageRoute[] = [
  {
    path: '/playdates',
    page: () => import('./routes/play-dates'),
    title: 'PlayDates',
    children: [{ path: '/playdates/:id', page: () => import('./routes/play-dates-detail'), title: 'PlayDate' }],
  },
  { path: '/notes', element: <Notes />, title: 'Not a lazy page' },
]
`

describe('routePagesOf', () => {
  it('reads every page of the route table, a child page after the layout around it', () => {
    expect(routePagesOf(ROUTER)).toEqual([
      { path: '/about', specifiers: ['./routes/about'] },
      { path: '/playdates', specifiers: ['./routes/play-dates'] },
      { path: '/playdates/:id', specifiers: ['./routes/play-dates', './routes/play-dates-detail'] },
    ])
  })
})

const chunk = (fileName: string, imports: string[] = [], facade: string | null = null): BundleChunk => ({
  fileName,
  isEntry: fileName === 'assets/index.js',
  facadeModuleId: facade,
  imports,
})
const bundle: BundleChunk[] = [
  chunk('assets/index.js', ['assets/framework.js'], '/src/web/main.tsx'),
  chunk('assets/framework.js'),
  chunk('assets/about.js', ['assets/index.js', 'assets/prose.js'], '/src/web/app/routes/about.tsx'),
  chunk('assets/prose.js'),
  chunk(
    'assets/play-dates.js',
    ['assets/framework.js', 'assets/cards.js'],
    '/src/web/app/routes/play-dates.tsx',
  ),
  chunk('assets/cards.js'),
  chunk('assets/detail.js', ['assets/chat.js'], '/src/web/app/routes/play-dates-detail.tsx'),
  chunk('assets/chat.js'),
  chunk('assets/shell.js', ['assets/index.js', 'assets/signed-in.js'], '/src/web/app/signed-in-shell.tsx'),
  chunk('assets/signed-in.js'),
  chunk('assets/toast.js', ['assets/framework.js'], '/node_modules/sonner/dist/index.mjs'),
]
const pages = [
  { path: '/about', moduleIds: ['/src/web/app/routes/about.tsx'] },
  { path: '/playdates', moduleIds: ['/src/web/app/routes/play-dates.tsx'] },
  {
    path: '/playdates/:id',
    moduleIds: ['/src/web/app/routes/play-dates.tsx', '/src/web/app/routes/play-dates-detail.tsx'],
  },
]
const wanted = { shell: /signed-in-shell\.tsx$/, offline: [/[\\/]sonner[\\/]/] }

describe('preloadLists', () => {
  const lists = preloadLists(bundle, pages, wanted)

  it("names each page's files beyond the entry, a child page's with its layout's", () => {
    expect(lists.pages).toEqual([
      { path: '/about', files: ['/assets/about.js', '/assets/prose.js'] },
      { path: '/playdates', files: ['/assets/play-dates.js', '/assets/cards.js'] },
      {
        path: '/playdates/:id',
        files: ['/assets/play-dates.js', '/assets/cards.js', '/assets/detail.js', '/assets/chat.js'],
      },
    ])
  })

  it("names the signed-in shell's files beyond the entry, and the files kept for offline use whole", () => {
    expect(lists.signedIn).toEqual(['/assets/shell.js', '/assets/signed-in.js'])
    expect(lists.offline).toEqual(['/assets/toast.js', '/assets/framework.js'])
    expect(lists.missing).toEqual([])
  })

  it('says what it did not find, and leaves it out', () => {
    const lacking = preloadLists(
      bundle.filter((c) => !c.fileName.includes('detail') && !c.fileName.includes('shell')),
      pages,
      { shell: wanted.shell, offline: [...wanted.offline, /offline-notice\.ts$/] },
    )
    expect(lacking.pages.map((page) => page.path)).toEqual(['/about', '/playdates'])
    expect(lacking.signedIn).toEqual([])
    expect(lacking.missing).toEqual([
      'the chunk of the page at /playdates/:id',
      'the signed-in shell',
      'a chunk needed offline (/offline-notice\\.ts$/)',
    ])
  })
})

describe('pagePreloads', () => {
  it('reads the route table as it is built and writes the three lists beside the bundle', async () => {
    const plugin = pagePreloads({ router: /router\.tsx$/, ...wanted })
    const transform = plugin.transform as {
      handler: (this: unknown, code: string, id: string) => Promise<null>
    }
    await transform.handler.call(
      { resolve: async (specifier: string) => ({ id: `/src/web/app/${specifier.slice(2)}.tsx` }), warn() {} },
      ROUTER,
      '/src/web/app/router.tsx',
    )
    const emitted = new Map<string, unknown>()
    const warnings: string[] = []
    const generateBundle = plugin.generateBundle as (this: unknown, options: object, bundle: object) => void
    generateBundle.call(
      {
        emitFile: (file: { fileName: string; source: string }) =>
          emitted.set(file.fileName, JSON.parse(file.source)),
        warn: (message: string) => warnings.push(message),
      },
      {},
      Object.fromEntries(bundle.map((c) => [c.fileName, { type: 'chunk', ...c }])),
    )
    expect(warnings).toEqual([])
    expect(emitted.get('page-preloads.json')).toEqual(preloadLists(bundle, pages, wanted).pages)
    expect(emitted.get('signed-in-preloads.json')).toEqual(['/assets/shell.js', '/assets/signed-in.js'])
    expect(emitted.get('offline-files.json')).toEqual(['/assets/toast.js', '/assets/framework.js'])
  })
})
