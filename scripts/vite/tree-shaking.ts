import { parseAst, type Plugin } from 'vite'

// What the bundler cannot see for itself about our modules, told to it so that a page does not
// load code it never runs.

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

// Domain modules are pure by rule (docs/STYLE.md): a top-level value there is built without side
// effects. The bundler cannot see that through zod's builder calls, so every page that reads a
// label or a list from a `*.schema.ts` file would also run (and download) every schema beside it.
// Marking the calls of top-level declarations pure lets the build drop what a page never uses
// (docs/decisions/0041-web-first-load.md). Null when there is nothing to mark.
export function markTopLevelCallsPure(code: string): string | null {
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
  return out
}

export const pureDomainValues = (): Plugin => ({
  name: 'pure-domain-values',
  apply: 'build',
  enforce: 'post',
  transform: {
    filter: { id: /\/src\/domain\/.+(?<!\.test)\.ts$/ },
    handler(code) {
      const out = markTopLevelCallsPure(code)
      return out === null ? null : { code: out, map: null }
    },
  },
})

// A web feature's index.ts, its public surface (docs/decisions/0094-web-feature-surfaces.md), only
// re-exports. Marked free of side effects, an import of it goes straight to the files that define
// what is used, and the rest of what it names stays in the chunks of the pages that use it. Without
// this the entry, which takes the session from auth's index, carried every form of auth and zod
// with them: 103 KB gzip became 160. So an index defines nothing of its own.
export const FEATURE_SURFACE = /[\\/]src[\\/]web[\\/]features[\\/][^\\/]+[\\/]index\.tsx?$/

export const sideEffectFreeSurfaces = (): Plugin => ({
  name: 'side-effect-free-surfaces',
  apply: 'build',
  transform: {
    filter: { id: FEATURE_SURFACE },
    handler: () => ({ moduleSideEffects: false }),
  },
})
