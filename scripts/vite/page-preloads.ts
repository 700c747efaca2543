import { parseAst, type Plugin } from 'vite'

// Every page is its own chunk, which the router asks for once the entry has run. To save that
// round trip, the server names the page's files in the HTML of its URL (modulepreload), so the
// browser fetches them together with the entry (docs/decisions/0041-web-first-load.md). The build
// reads the route table (each `{ path, page: () => import('./routes/...') }` in app/router.tsx)
// and writes, from the chunks it made and their static imports:
// - page-preloads.json: for every path, the files its page needs beyond the entry; a page in a
//   layout page's `children` needs the layout's files as well (the PlayDates list beside a PlayDate);
// - signed-in-preloads.json: the files of the signed-in shell beyond the entry, which the server
//   names for a request with a session cookie (docs/decisions/0061);
// - offline-files.json: the files loaded on demand that the service worker keeps for offline use.

export interface RoutePage {
  path: string
  // The page's import specifier, after those of the layouts around it.
  specifiers: string[]
}

type AstNode = { type: string; [key: string]: unknown }
const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string'

// The pages of a route table's source, in order.
export function routePagesOf(code: string): RoutePage[] {
  const found: RoutePage[] = []
  // The layout pages around a child page's object, found before it (the walk goes down).
  const layouts = new Map<AstNode, string[]>()
  const visit = (node: AstNode) => {
    if (node.type === 'ObjectExpression') {
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
    }
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child)
    }
  }
  visit(parseAst(code, { lang: 'tsx' }) as unknown as AstNode)
  return found
}

export interface BundleChunk {
  fileName: string
  isEntry: boolean
  facadeModuleId: string | null
  imports: readonly string[]
}

export interface PreloadLists {
  pages: { path: string; files: string[] }[]
  signedIn: string[]
  offline: string[]
  // What was looked for and not found, for the build's warnings.
  missing: string[]
}

export function preloadLists(
  chunks: readonly BundleChunk[],
  pages: readonly { path: string; moduleIds: readonly string[] }[],
  wanted: { shell: RegExp; offline: readonly RegExp[] },
): PreloadLists {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const withImports = (fileName: string, seen = new Set<string>()) => {
    if (seen.has(fileName)) return seen
    seen.add(fileName)
    for (const imported of byName.get(fileName)?.imports ?? []) withImports(imported, seen)
    return seen
  }
  const startingAt = (test: (id: string) => boolean) =>
    chunks.find((chunk) => chunk.facadeModuleId !== null && test(chunk.facadeModuleId))
  const entry = chunks.find((chunk) => chunk.isEntry)
  const firstLoad = entry ? withImports(entry.fileName) : new Set<string>()
  const beyondEntry = (files: Iterable<string>) => [...files].filter((file) => !firstLoad.has(file))
  const asUrls = (files: Iterable<string>) => [...files].map((file) => `/${file}`)
  const missing: string[] = []

  const pageLists = pages.flatMap(({ path, moduleIds }) => {
    const pageChunks = moduleIds.map((id) => startingAt((facade) => facade === id))
    if (pageChunks.some((chunk) => !chunk)) {
      missing.push(`the chunk of the page at ${path}`)
      return []
    }
    const needed = new Set<string>()
    for (const chunk of pageChunks) withImports(chunk!.fileName, needed)
    return [{ path, files: asUrls(beyondEntry(needed)) }]
  })
  const shell = startingAt((id) => wanted.shell.test(id))
  if (!shell) missing.push('the signed-in shell')
  const offline = wanted.offline.flatMap((test) => {
    const chunk = startingAt((id) => test.test(id))
    if (!chunk) missing.push(`a chunk needed offline (${test})`)
    return chunk ? [...withImports(chunk.fileName)] : []
  })
  return {
    pages: pageLists,
    signedIn: asUrls(shell ? beyondEntry(withImports(shell.fileName)) : []),
    offline: asUrls(new Set(offline)),
    missing,
  }
}

export function pagePreloads(wanted: { router: RegExp; shell: RegExp; offline: readonly RegExp[] }): Plugin {
  const pages: { path: string; moduleIds: string[] }[] = []
  return {
    name: 'page-preloads',
    apply: 'build',
    transform: {
      filter: { id: wanted.router },
      async handler(code, id) {
        const found = routePagesOf(code)
        if (found.length === 0) this.warn('no pages found in the route table: pages load without preloads')
        pages.length = 0
        for (const { path, specifiers } of found) {
          const resolved = await Promise.all(specifiers.map((specifier) => this.resolve(specifier, id)))
          const moduleIds = resolved.flatMap((module) => (module ? [module.id] : []))
          if (moduleIds.length === specifiers.length) pages.push({ path, moduleIds })
        }
        return null
      },
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []))
      const lists = preloadLists(chunks, pages, wanted)
      for (const what of lists.missing) this.warn(`${what} is missing: it loads without a preload`)
      const emit = (fileName: string, value: unknown) =>
        this.emitFile({ type: 'asset', fileName, source: `${JSON.stringify(value, null, 2)}\n` })
      emit('page-preloads.json', lists.pages)
      emit('signed-in-preloads.json', lists.signedIn)
      emit('offline-files.json', lists.offline)
    },
  }
}
